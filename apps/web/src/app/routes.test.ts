import { describe, expect, it } from 'vitest';
import { isGuestPath } from '@/lib/locale.ts';
import { isLazyPage, lazyPage } from './lazyPage.ts';
import { preloadRoute, ROUTES } from './routes.tsx';

describe('route table', () => {
  it("loads the guest part of the catalog on exactly the login layout's pages", () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, '1');
      for (const prefix of ['', '/ru'])
        expect(isGuestPath(`${prefix}/${path}`), `${prefix}/${path}`).toBe(route.layout === 'login');
    }
  });
});

describe('preloadRoute', () => {
  it('recognises a lazy page: a component function with preload', () => {
    const Page = lazyPage(() => Promise.resolve({ default: () => null }));
    expect(isLazyPage(Page)).toBe(true);
    expect(isLazyPage(() => null)).toBe(false);
  });

  // A cold load waits for these before its first render (main.tsx); with none of them the page suspended,
  // blanked the static frame and showed no sooner than 300 ms later.
  it("starts the downloads of a signed-in page's layout and page chunks", async () => {
    for (const path of ['/en/campaign/active/1/1', '/campaign/1', '/ru', '/ua/project/1']) {
      const settled = (await preloadRoute(path)) as PromiseSettledResult<unknown>[];
      expect(settled, path).toHaveLength(2);
      for (const result of settled) expect(result.status, path).toBe('fulfilled');
    }
  });
});
