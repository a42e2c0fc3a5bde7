import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { adminUser, consoleServer, page } from './test/consoleApi.ts';

afterEach(() => vi.restoreAllMocks());

describe('the console’s customers', { timeout: 90_000 }, () => {
  it('lists customers with their balance and flags, and searches with the query in the call', async () => {
    const api = consoleServer({
      'GET admin/users': (call) =>
        json(200, {
          data:
            call.query?.['filter[query]'] === 'nobody'
              ? []
              : [
                  { id: 5, type: 'adminUsers', attributes: adminUser({ isBlocked: true, balance: 1234 }) },
                  {
                    id: 6,
                    type: 'adminUsers',
                    attributes: adminUser({ email: 'ops@example.com', isAdmin: true }),
                  },
                ],
          meta: { page: page(call.query?.['filter[query]'] === 'nobody' ? 0 : 2) },
        }),
    });
    renderApp('/en/admin');

    const table = await screen.findByRole('table', { name: 'Customers' }, { timeout: 45_000 });
    const link = await within(table).findByRole('link', { name: 'shop@example.com' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/en/admin/users/5');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('1,234')).toBeTruthy();
    expect(within(row).getByText('Blocked')).toBeTruthy();
    expect(within(table).getByText('Operator')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), {
      target: { value: 'nobody' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search customers' }));
    expect(await screen.findByText('No customer matches.', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() =>
      expect(api.find('GET admin/users').some((c) => c.query?.['filter[query]'] === 'nobody')).toBe(true),
    );
  });
});
