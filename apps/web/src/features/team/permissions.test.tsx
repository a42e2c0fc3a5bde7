import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { memberWithAllBut, OWNER_ACCOUNT } from '@/test/accounts.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

/**
 * Issue 27: the web app hides what the current account's role does not allow (the server refuses it
 * with a 403 anyway); the owner, who holds every permission, sees everything.
 */

const prices = json(200, {
  data: [{ id: 2, type: 'actionPrices', attributes: { action: 2, price: 1, customPrice: false } }],
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => vi.restoreAllMocks());

function balanceServer(accounts: ReturnType<typeof json>) {
  resetTokenForTests('tok');
  return mockApi({
    'GET user/me': meReply({ email: 'ada@example.com' }),
    'GET user/accounts': accounts,
    'GET user/balance': json(200, { data: { balance: 1000 } }),
    'GET settings': json(200, {
      data: {
        id: 1,
        type: 'settings',
        attributes: {
          stripePublic: null,
          paymentService: 'stripe',
          enablePayPal: false,
          enableCrypto: false,
        },
      },
    }),
    'GET balances': json(200, {
      data: [],
      meta: { page: { currentPage: 1, perPage: 50, total: 0, lastPage: 1 }, balance: 1000, bonus: 0 },
    }),
    'GET payments/levels': json(200, {
      data: [{ id: 1, type: 'paymentLevels', attributes: { min: 0, max: null, percent: 0 } }],
    }),
    'GET actions/prices': prices,
  });
}

describe('pages follow the member’s permissions (issue 27)', { timeout: 30_000 }, () => {
  it('without balance.topUp the balance page has no top-up form; the sidebar hides what cannot be read', async () => {
    const server = balanceServer(memberWithAllBut('balance.topUp', 'reports.read'));
    renderApp('/en/balance');
    await screen.findByTestId('balance-now', {}, { timeout: 15_000 });
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('topup-preview')).toBeNull());
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: /^Reports/ })).toBeNull());
    expect(within(nav).queryByRole('link', { name: /^Tasks/ })).toBeNull();
    expect(within(nav).getByRole('link', { name: /^Balance/ })).toBeTruthy();
  });

  it('the owner has the top-up form and every sidebar entry', async () => {
    const server = balanceServer(OWNER_ACCOUNT);
    renderApp('/en/balance');
    await screen.findByTestId('balance-now', {}, { timeout: 15_000 });
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    expect(await screen.findByTestId('topup-preview')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of [/^Reports/, /^Tasks/, /^Balance/, /^Schedule/, /^Link search/])
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
  });

  it('without reports.read the reports page is the 403 page and reads no report', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply({ email: 'ada@example.com' }),
      'GET user/accounts': memberWithAllBut('reports.read'),
      'GET user/balance': json(200, { data: { balance: 1000 } }),
    });
    renderApp('/en/report');
    expect(await screen.findByText('403', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Access forbbiden' })).toBeTruthy();
    expect(server.calls.filter((c) => c.path.startsWith('reports/'))).toEqual([]);
  });
});
