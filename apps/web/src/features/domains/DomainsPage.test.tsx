import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const NA = 'N/A';

let nextId = 1;
function domain(
  name: string,
  figures: { links: number; da: number | typeof NA; pageRank: number | typeof NA },
) {
  return {
    id: nextId++,
    type: 'domains',
    attributes: {
      domain: name,
      domainWithoutProtocol: name,
      backlinks: figures.links,
      backlinksTier: figures.links * 2,
      links: Array.from({ length: Math.min(figures.links, 2) }, (_, i) => ({
        id: nextId * 100 + i,
        url: `https://${name}/page-${i + 1}`,
      })),
      indexed: 50,
      da: figures.da,
      mozRank: NA,
      spamScore: NA,
      pageRank: NA,
      pageRankDecimal: figures.pageRank,
      semRush: { traffic: NA, rank: NA, links: NA, keywords: NA },
      linksIn: NA,
      referringPage: NA,
      notProvided: {
        alexaRank: 'Alexa closed in 2022.',
        faceBookActivity: 'No service reports Facebook activity.',
        mozRank: 'Retired.',
      },
      providers: null,
      dateCheckAuthority: null,
    },
  };
}

describe('domain view', () => {
  it('lists the campaign’s donor domains with their figures and sorts them on the server', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET domains': json(200, {
        data: [
          domain('strong.example', { links: 3, da: 61, pageRank: 7.1 }),
          domain('quiet.example', { links: 1, da: NA, pageRank: NA }),
        ],
        meta: { page: { currentPage: 1, perPage: 50, total: 2, lastPage: 1 } },
      }),
    });
    renderApp('/en/campaign/1/7/domains');
    await screen.findByRole('heading', { name: 'Donor domains' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: 'Donor domains' });
    const strong = (await within(table).findByText('strong.example')).closest('tr')!;
    expect(within(strong).getByText('61')).toBeTruthy();
    expect(within(strong).getByText('7.1')).toBeTruthy();
    // spec 8: each domain with its favicon, from our server, lazily.
    const icon = strong.querySelector('img[data-favicon]');
    expect(icon?.getAttribute('src')).toBe('/api/favicons/strong.example');
    expect(icon?.getAttribute('loading')).toBe('lazy');
    // Its tier 2 backlinks and its first pages, with how many more.
    expect(within(strong).getByText('6')).toBeTruthy();
    expect(within(strong).getByText('https://strong.example/page-2')).toBeTruthy();
    expect(within(strong).getByText('+1 more')).toBeTruthy();
    // Alexa rank and Facebook activity are not columns: the reasons are under the table.
    expect(within(table).queryByText(/Alexa/)).toBeNull();
    const notShown = document.querySelector('[data-not-shown]') as HTMLElement;
    expect(notShown.textContent).toContain('Alexa closed in 2022.');
    expect(notShown.textContent).toContain('No service reports Facebook activity.');
    const quiet = within(table).getByText('quiet.example').closest('tr')!;
    expect(within(quiet).getAllByText(NA).length).toBeGreaterThan(0);

    const first = server.find('GET domains')[0];
    expect(first).toBeTruthy();
    const urls = () =>
      server.fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/domains'));
    expect(urls()[0]).toContain('filter[campaign]=7');
    expect(urls()[0]).toContain('sort=-links');
    fireEvent.click(within(table).getByRole('button', { name: /DA/ }));
    await waitFor(() => expect(urls().at(-1)).toContain('sort=da'));
  }, 30_000);

  // The domain entity's parts on screen (spec 3) in each language: tier 2 backlinks, the pages beyond the
  // first ones, and the fields no provider gives, named under the table with the server's reasons.
  it.each([
    ['en', 'Donor domains', 'Tier 2 backlinks', '+1 more', 'Not shown'],
    ['ru', 'Домены-доноры', 'Обратные ссылки 2 уровня', 'ещё 1', 'Не показаны'],
    ['ua', 'Домени-донори', 'Зворотні посилання 2 рівня', 'ще 1', 'Не показані'],
  ])(
    'names tier 2 backlinks, the more pages and what is not shown (%s)',
    async (locale, title, tier, more, notShown) => {
      resetTokenForTests('tok');
      mockApi({
        'GET user/me': meReply({ locale: locale as 'en' | 'ru' | 'ua' }),
        'GET domains': json(200, {
          data: [domain('strong.example', { links: 3, da: 61, pageRank: 7.1 })],
          meta: { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } },
        }),
      });
      renderApp(`/${locale}/campaign/1/7/domains`);
      const table = await screen.findByRole('table', { name: title }, { timeout: 15_000 });
      expect(within(table).getByRole('columnheader', { name: new RegExp(tier) })).toBeTruthy();
      const strong = (await within(table).findByText('strong.example')).closest('tr')!;
      expect(within(strong).getByText(more)).toBeTruthy();
      const shown = document.querySelector('[data-not-shown]') as HTMLElement;
      expect(shown.textContent).toContain(notShown);
      expect(shown.textContent).toContain('Alexa closed in 2022.');
    },
    30_000,
  );
});
