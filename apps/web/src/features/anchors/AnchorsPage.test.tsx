import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const pageMeta = { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } };
const anchors = json(200, {
  data: [
    {
      id: 'a1',
      type: 'anchors',
      attributes: {
        anchor: 'best shoes',
        countLinks: 2,
        countBacklinks: 30,
        countAnchor: 60,
        indexed: 1,
        acceptors: ['https://shop.example/'],
        campaigns: [{ id: 4, name: 'Guest posts' }],
        attributes: ['dofollow', 'nofollow'],
        typeIds: [2],
        typeTexts: ['Link'],
      },
      relationships: {
        links: {
          data: [
            { id: 11, type: 'links' },
            { id: 12, type: 'links' },
          ],
          meta: { total: 2 },
        },
        backlinks: {
          data: [
            { id: 21, type: 'backlinks' },
            { id: 22, type: 'backlinks' },
          ],
          meta: { total: 30 },
        },
      },
    },
  ],
  included: [
    {
      id: 11,
      type: 'links',
      attributes: {
        url: 'https://donor-one.example/post',
        indexing: 1,
        indexingText: 'Indexed',
        tier: 1,
        campaignId: 4,
      },
    },
    {
      id: 12,
      type: 'links',
      attributes: {
        url: 'https://donor-two.example/review',
        indexing: 0,
        indexingText: 'Unverified',
        tier: 1,
        campaignId: 4,
      },
    },
    {
      id: 21,
      type: 'backlinks',
      attributes: {
        anchor: 'best shoes',
        acceptor: 'https://shop.example/',
        attribute: 'dofollow',
        typeId: 2,
        typeText: 'Link',
      },
      relationships: { link: { data: { id: 11, type: 'links' } } },
    },
    {
      id: 22,
      type: 'backlinks',
      attributes: {
        anchor: 'best shoes',
        acceptor: 'https://shop.example/sale',
        attribute: 'nofollow',
        typeId: 2,
        typeText: 'Link',
      },
      relationships: { link: { data: { id: 12, type: 'links' } } },
    },
  ],
  meta: pageMeta,
});

const texts = {
  en: { expandAll: 'Expand all', shown: '2 of 30 backlinks shown', to: 'Points to' },
  ru: { expandAll: 'Развернуть все', shown: 'Показано 2 из 30 обратных ссылок', to: 'Ведёт на' },
  ua: { expandAll: 'Розгорнути все', shown: 'Показано 2 з 30 зворотних посилань', to: 'Веде на' },
};

describe('anchor list: expand-all shows the pages and backlinks behind each anchor', () => {
  for (const [locale, text] of Object.entries(texts)) {
    it(`lists each backlink's page, where it points and its rel (${locale})`, async () => {
      resetTokenForTests('tok');
      mockApi({
        'GET user/me': meReply({ locale: locale as 'en' }),
        'GET anchors': anchors,
        'GET anchors/counts': json(200, {
          data: { attributes: { tierOne: 1, tierTwo: 0, anchors: 1, backlinks: 30, links: 2 } },
        }),
        'GET anchors/chart': json(200, { data: { attributes: { items: [], other: 0, total: 0 } } }),
        'GET anchors/chart/info': json(200, {
          data: { attributes: { anchors: 1, backlinks: 30, links: 2, kinds: [] } },
        }),
        'GET projects': json(200, { data: [], meta: pageMeta }),
      });
      renderApp(`/${locale}/anchors/1`);
      const row = (await screen.findByText('best shoes', {}, { timeout: 10_000 })).closest('tr')!;
      // Closed: the first page and how many more backlinks.
      expect(within(row).getByText('https://donor-one.example/post')).toBeTruthy();
      expect(within(row).queryByText('https://donor-two.example/review')).toBeNull();

      await userEvent.setup().click(screen.getByRole('button', { name: text.expandAll }));
      const behind = row.querySelector('[data-anchor-behind]') as HTMLElement;
      expect(behind).toBeTruthy();
      expect(within(behind).getByText('https://donor-two.example/review')).toBeTruthy();
      expect(behind.textContent).toContain(`${text.to}: https://shop.example/sale · nofollow`);
      expect(within(behind).getByText(text.shown)).toBeTruthy();
    }, 20_000);
  }
});
