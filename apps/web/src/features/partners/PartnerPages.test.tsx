import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { i18n } from '@/lib/i18n.ts';
import { listReply } from '@/test/accounts.ts';
import { json, mockApi } from '@/test/api.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { PartnerSummary } from './PartnerSummary.tsx';
import { Payouts } from './Payouts.tsx';
import { ReferredUsers } from './ReferredUsers.tsx';

/**
 * The partner pages' parts against the calls they make (issue 29): the summary, the payout history
 * and its modal, the referred users, with their loading, empty and error states.
 */

const balance = (attributes: Record<string, unknown> = {}) =>
  json(200, {
    data: {
      id: 42,
      type: 'referralBalance',
      balance: 30.5,
      attributes: {
        partnerId: 42,
        pending: 20,
        available: 10.5,
        paidOut: 125,
        requested: 0,
        percent: 25,
        referredRevenue: 1200,
        levels: [
          { min: 0, max: 999.99, percent: 20 },
          { min: 1000, max: 4999.99, percent: 25 },
          { min: 5000, max: null, percent: 30 },
        ],
        minPayout: 50,
        holdDays: 30,
        cookieDays: 90,
        ...attributes,
      },
    },
  });

const methods = json(200, {
  data: [
    { id: 1, type: 'referralPaymentMethods', attributes: { name: 'Linkwatch balance', percent: 0, type: 1 } },
    { id: 2, type: 'referralPaymentMethods', attributes: { name: 'PayPal', percent: 3, type: 2 } },
  ],
  meta: { minPayout: 50 },
});

const payout = (id: number, attributes: Record<string, unknown>) => ({
  id,
  attributes: {
    statusId: 0,
    amount: 60,
    fee: 1.8,
    net: 58.2,
    paymentMethod: 'PayPal',
    type: 2,
    email: 'me@example.com',
    reference: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    decidedAt: null,
    ...attributes,
  },
});

const stat = (tile: string) => screen.getByText(tile).closest('div')?.parentElement?.textContent ?? '';

describe('PartnerSummary', () => {
  it('shows the partner id, pending, available, paid out, the percent, the hold and the levels', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET referral/balance': balance() });
    renderWithProviders(<PartnerSummary />);
    const summary = await screen.findByTestId('partner-summary');
    await waitFor(() => expect(summary.textContent).toContain('$10.50'));
    expect(stat('Partner ID')).toContain('42');
    expect(stat('Pending')).toContain('$20.00');
    expect(stat('Available')).toContain('$10.50');
    expect(stat('Paid out')).toContain('$125.00');
    expect(stat('Your commission')).toContain('25%');
    expect(
      screen.getByText(/A commission becomes available 30 days after the payment/).textContent,
    ).toContain('20% from $0.00 · 25% from $1,000.00 · 30% from $5,000.00');
  });

  it.each([
    ['ru', 'Ожидает', '20,00'],
    ['ua', 'Очікує', '20,00'],
  ])('%s: the labels and the money in the page’s language', async (locale, pending, amount) => {
    await i18n.changeLanguage(locale);
    resetTokenForTests('tok');
    mockApi({ 'GET referral/balance': balance() });
    renderWithProviders(<PartnerSummary />);
    const summary = await screen.findByTestId('partner-summary');
    await waitFor(() => expect(summary.textContent).toContain(amount));
    expect(i18n.t('referral.summary.pending')).toBe(pending);
    expect(stat(pending)).toContain(amount);
  });

  it('says what went wrong when the balance cannot be read', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET referral/balance': json(403, { message: 'This action is unauthorized.' }) });
    renderWithProviders(<PartnerSummary />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByTestId('partner-summary')).toBeNull();
  });
});

describe('Payouts', () => {
  it('lists the history with New / Paid / Cancelled, the fee and the reference', async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET referral/outpayments': listReply('outpayments', [
        payout(3, { statusId: 0 }),
        payout(2, { statusId: 1, reference: 'PP-12345' }),
        payout(1, { statusId: 2, paymentMethod: 'Linkwatch balance', fee: 0, type: 1 }),
      ]),
    });
    renderWithProviders(<Payouts />);
    await screen.findByText('PP-12345');
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['PayPal', '$60.00', '$1.80', 'New', '—'],
      ['PayPal', '$60.00', '$1.80', 'Paid', 'PP-12345'],
      ['Linkwatch balance', '$60.00', '$0.00', 'Cancelled', '—'],
    ]);
  });

  it('says so when there are no payouts yet', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET referral/outpayments': listReply('outpayments', []) });
    renderWithProviders(<Payouts />);
    expect(await screen.findByText('No payouts yet.')).toBeTruthy();
  });

  it('the modal: method, amount, fee and what arrives, the minimum; sends the spec’s query; shows field errors', async () => {
    resetTokenForTests('tok');
    let answer = json(422, {
      message: 'The given data was invalid.',
      errors: { amount: ['The minimum payout is $50.00'] },
    });
    const server = mockApi({
      'GET referral/outpayments': listReply('outpayments', []),
      'GET referral/payment-methods/': methods,
      'GET referral/balance': balance({ available: 80 }),
      'POST referral/outpayments': () => answer,
    });
    const user = userEvent.setup();
    renderWithProviders(<Payouts />);
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request payout' });
    await within(dialog).findByText('Minimum payout: $50.00 · Available: $80.00');
    const amount = within(dialog).getByLabelText('Amount, $');
    await user.type(amount, '60');
    // Credits to the balance: no fee, 1,000 credits a dollar; no payee asked.
    expect(within(dialog).getByTestId('payout-net').textContent).toBe('60,000 credits');
    expect(within(dialog).queryByLabelText('PayPal e-mail, bank details or wallet address')).toBeNull();

    await user.selectOptions(within(dialog).getByLabelText('Method'), '2');
    expect(within(dialog).getByText('$1.80')).toBeTruthy();
    expect(within(dialog).getByTestId('payout-net').textContent).toBe('$58.20');
    await user.type(
      within(dialog).getByLabelText('PayPal e-mail, bank details or wallet address'),
      'me@example.com',
    );
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText('The minimum payout is $50.00')).toBeTruthy();
    expect(server.find('POST referral/outpayments')[0]?.query).toEqual({
      paymentMethod: '2',
      amount: '20',
      email: 'me@example.com',
    });

    answer = json(201, { data: payout(9, { amount: 60 }) });
    await user.clear(amount);
    await user.type(amount, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('POST referral/outpayments')[1]?.query).toMatchObject({ amount: '60' });
  });

  it('the modal works from the keyboard and Escape closes it', async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET referral/outpayments': listReply('outpayments', []),
      'GET referral/payment-methods/': methods,
      'GET referral/balance': balance(),
    });
    const user = userEvent.setup();
    renderWithProviders(<Payouts />);
    const open = await screen.findByRole('button', { name: 'Request payout' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Request payout' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('ReferredUsers', () => {
  it('lists the masked e-mail, the link and the statistic of each referred user', async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET referral/users': json(200, {
        data: [
          {
            id: 5,
            type: 'referralUsers',
            attributes: { user: 're***@example.org', createdAt: '2026-03-01T10:00:00.000Z' },
            relationships: {
              statistic: { data: { id: 5, paymentCount: 2, paymentSum: 250, incomeByUser: 50 } },
              referralLink: { data: { id: 3, key: 'spring-blog' } },
            },
          },
        ],
        meta: { page: { currentPage: 1, perPage: 50, total: 1, lastPage: 1 } },
      }),
    });
    renderWithProviders(<ReferredUsers />);
    const cell = await screen.findByText('re***@example.org');
    const row = cell.closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect([cells[0], ...cells.slice(2)]).toEqual([
      're***@example.org',
      'spring-blog',
      '2',
      '$250.00',
      '$50.00',
    ]);
  });

  it('says so when nobody registered, and what went wrong when the list cannot be read', async () => {
    resetTokenForTests('tok');
    mockApi({
      'GET referral/users': json(200, {
        data: [],
        meta: { page: { currentPage: 1, perPage: 50, total: 0, lastPage: 1 } },
      }),
    });
    const first = renderWithProviders(<ReferredUsers />);
    expect(await screen.findByText('Nobody has registered through your links yet.')).toBeTruthy();
    first.unmount();
    mockApi({ 'GET referral/users': json(500, { message: 'Server error' }) });
    renderWithProviders(<ReferredUsers />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
