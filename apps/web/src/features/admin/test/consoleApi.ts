import type { TAdminUserAttributes, TAdminUserDetailAttributes } from '@linkwatch/shared';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';

/** The console's test server at the fetch boundary: an operator signed in, plus the page's calls. */
export function consoleServer(handlers: Parameters<typeof mockApi>[0] = {}) {
  resetTokenForTests('tok');
  return mockApi({ 'GET user/me': meReply({ isAdmin: true }), ...handlers });
}

export const page = (total: number) => ({ currentPage: 1, perPage: 50, total, lastPage: 1 });

export function adminUser(overrides: Partial<TAdminUserAttributes> = {}): TAdminUserAttributes {
  return {
    email: 'shop@example.com',
    name: 'Shop Owner',
    isBlocked: false,
    isPartner: false,
    isAdmin: false,
    roleId: 1,
    consolePermissions: [],
    balance: 120,
    referral: null,
    locale: 'en',
    emailConfirmed: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastLoginAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function customerDetail(overrides: Partial<TAdminUserDetailAttributes> = {}) {
  const attributes: TAdminUserDetailAttributes = {
    ...adminUser(),
    projectsCount: 3,
    prices: [
      { action: 1, price: 2, customPrice: false },
      { action: 2, price: 1, customPrice: true },
    ],
    ledger: [
      {
        id: 1,
        value: 120,
        balance: 120,
        typeId: 1,
        description: 'top-up',
        createdAt: '2026-11-02T10:00:00.000Z',
      },
    ],
    payments: [],
    tasks: [],
    logins: [],
    ...overrides,
  };
  return json(200, { data: { id: 5, type: 'adminUsers', attributes } });
}

/** `GET admin/me` for an operator holding `permissions` only. */
export const operatorKeys = (permissions: string[]) =>
  json(200, { data: { id: 1, type: 'adminOperators', attributes: { wholeConsole: false, permissions } } });
