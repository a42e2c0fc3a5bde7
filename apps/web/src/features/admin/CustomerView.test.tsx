import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { consoleServer, customerDetail, operatorKeys } from './test/consoleApi.ts';

afterEach(() => vi.restoreAllMocks());

describe('the console’s customer page', { timeout: 90_000 }, () => {
  it('shows the profile, balance and ledger, and adds credits with a reason', async () => {
    let balance = 120;
    const api = consoleServer({
      'GET admin/users/5': () => customerDetail({ balance }),
      'GET admin/prices': json(200, { data: [] }),
      'POST admin/users/5/credits': (call) => {
        balance += (call.body as { amount: number }).amount;
        return json(200, { data: { balance } });
      },
    });
    renderApp('/en/admin/users/5');

    expect(
      await screen.findByRole('heading', { name: 'shop@example.com' }, { timeout: 45_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('customer-balance').textContent).toContain('120');
    expect(screen.getByText('top-up')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add or take credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add or take credits' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText('Amount, credits'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.find('POST admin/users/5/credits')).toHaveLength(1));
    expect(api.find('POST admin/users/5/credits')[0].body).toEqual({ amount: 30, reason: 'goodwill' });
    await waitFor(() => expect(screen.getByTestId('customer-balance').textContent).toContain('150'));
  });

  it('hides what the operator’s console keys do not allow (credits, acting) and the sections they lack', async () => {
    const api = consoleServer({
      'GET admin/me': operatorKeys(['console.users.read', 'console.users.update']),
      'GET admin/users/5': customerDetail(),
      'GET admin/prices': json(200, { data: [] }),
    });
    renderApp('/en/admin/users/5');

    expect(
      await screen.findByRole('heading', { name: 'shop@example.com' }, { timeout: 45_000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull());
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Prices' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add or take credits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Act as this customer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'End all sessions' })).toBeTruthy();
    // The operator flag is the whole console's to change.
    expect(screen.getByRole('switch', { name: 'Operator (console access)' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByRole('switch', { name: 'Partner programme' }).hasAttribute('disabled')).toBe(false);
    // Prices are shown, not editable, and the common list (console.prices.update) is not asked for.
    expect(screen.queryByRole('textbox', { name: 'Own price: Check backlinks' })).toBeNull();
    expect(api.find('GET admin/prices')).toHaveLength(0);
  });

  it('answers a section the operator lacks with the 403 page', async () => {
    consoleServer({ 'GET admin/me': operatorKeys(['console.users.read']) });
    renderApp('/en/admin/audit');
    expect(await screen.findByText('Access forbbiden', {}, { timeout: 45_000 })).toBeTruthy();
  });

  it('grants another operator some console keys, with a reason (the whole console’s operator only)', async () => {
    const api = consoleServer({
      'GET admin/me': json(200, {
        data: {
          id: 1,
          type: 'adminOperators',
          attributes: { wholeConsole: true, permissions: ['console.users.read'] },
        },
      }),
      'GET admin/users/5': customerDetail({ isAdmin: true, email: 'desk@example.com' }),
      'GET admin/prices': json(200, { data: [] }),
      'PUT admin/users/5': customerDetail({ isAdmin: true, consolePermissions: ['console.users.read'] }),
    });
    renderApp('/en/admin/users/5');

    expect(await screen.findByText('Console access', {}, { timeout: 45_000 })).toBeTruthy();
    expect(screen.getByTestId('console-access-summary').textContent).toBe('The whole console');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Read the audit log' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'View customers' }));
    expect(screen.getByTestId('console-access-summary').textContent).toBe('2 permissions');
    fireEvent.click(screen.getByRole('button', { name: 'Save console access' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Change the console access of desk@example.com?',
    });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'support desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT admin/users/5')).toHaveLength(1));
    expect(api.find('PUT admin/users/5')[0].body).toEqual({
      consolePermissions: ['console.users.read', 'console.audit.read'],
      reason: 'support desk',
    });
  });
});
