import { describe, expect, it } from 'vitest';
import { isGuestPath } from '@/lib/locale.ts';
import { ROUTES } from './routes.tsx';

describe('route table', () => {
  it("loads the guest part of the catalog on exactly the login layout's pages", () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, '1');
      for (const prefix of ['', '/ru'])
        expect(isGuestPath(`${prefix}/${path}`), `${prefix}/${path}`).toBe(route.layout === 'login');
    }
  });
});
