import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client.ts';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { onCaughtError } from './caughtErrors.ts';

const TEXTS = {
  en: { heading: 'This page could not be found', title: 'Page not found · Linkwatch' },
  ru: { heading: 'Эта страница не найдена', title: 'Страница не найдена · Linkwatch' },
  ua: { heading: 'Цю сторінку не знайдено', title: 'Сторінку не знайдено · Linkwatch' },
} as const;

// Nothing but the user is mocked: every other read answers 404, as a missing or someone else's project,
// campaign or crawler page does.
describe('the 404 page', { timeout: 20_000 }, () => {
  it.each([
    ['en', '/campaign/active/1/999'],
    ['ru', '/project/active/1/999'],
    ['ua', '/crawlers/999'],
    ['en', '/anchors/999/1'],
    ['ru', '/campaign/1/999/index-history'],
  ] as const)(
    'is the unknown route’s page, inside the layout, for a page that answers 404 (%s %s)',
    async (locale, path) => {
      resetTokenForTests('tok');
      mockApi({ 'GET user/me': meReply({ locale }) });
      renderApp(`/${locale}${path}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: TEXTS[locale].heading }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByTestId('not-found').textContent).toContain('404');
      // The sidebar and the header stay: the user goes on from there.
      expect(screen.getAllByRole('navigation').length).toBeGreaterThan(0);
      await waitFor(() => expect(document.title).toBe(TEXTS[locale].title));
    },
  );

  it('checks the project of an anchor list: someone else’s shows the 404 page, not an empty list', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET anchors': json(200, {
        data: [],
        meta: { page: { currentPage: 1, perPage: 50, total: 0, lastPage: 1 } },
      }),
      'GET anchors/counts': json(200, { data: { id: 0, type: 'anchorCounts', attributes: {} } }),
      'GET projects': json(200, {
        data: [],
        meta: { page: { currentPage: 1, perPage: 100, total: 0, lastPage: 1 } },
      }),
    });
    renderApp('/en/anchors/999/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: TEXTS.en.heading }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(server.find('GET projects/999')).toHaveLength(1);
  });

  it('keeps a 403 or 404 a boundary shows off the console, and logs anything else', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    onCaughtError(new ApiError({ status: 404, message: 'Not found' }), {});
    onCaughtError(new ApiError({ status: 403, message: 'Forbidden' }), {});
    expect(log).not.toHaveBeenCalled();
    onCaughtError(new ApiError({ status: 500, message: 'Boom' }), {});
    onCaughtError(new TypeError('x is undefined'), {});
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});
