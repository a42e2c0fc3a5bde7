import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { consoleServer, page } from './test/consoleApi.ts';

afterEach(() => vi.restoreAllMocks());

const payout = (statusId: number, reference: string | null) => ({
  id: 31,
  type: 'outpayments',
  attributes: {
    statusId,
    amount: 120,
    fee: 2.4,
    net: 117.6,
    paymentMethod: 'PayPal',
    type: 1,
    email: 'partner-pay@example.com',
    reference,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    partnerId: 8,
    partnerEmail: 'partner@example.com',
  },
});

describe('the console’s partner programme', { timeout: 90_000 }, () => {
  it('lists payout requests, partners and terms, and marks a payout paid with its reference', async () => {
    let paid = false;
    const api = consoleServer({
      'GET admin/outpayments': () =>
        json(200, { data: [payout(paid ? 1 : 0, paid ? 'TX-42' : null)], meta: { page: page(1) } }),
      'GET admin/partners': json(200, {
        data: [
          {
            id: 8,
            type: 'partners',
            attributes: {
              email: 'partner@example.com',
              name: 'Partner',
              links: 4,
              referredUsers: 7,
              pending: 10,
              available: 120,
              paidOut: 0,
              requested: 120,
            },
          },
        ],
        meta: { page: page(1) },
      }),
      'GET admin/referral': json(200, {
        data: {
          levels: [{ id: 1, min: 0, max: null, percent: 10 }],
          methods: [{ id: 1, name: 'PayPal', percent: 2, type: 1, enabled: true }],
          minPayout: 50,
        },
      }),
      'POST admin/outpayments/31/paid': () => {
        paid = true;
        return json(200, true);
      },
    });
    renderApp('/en/admin/partners');

    const payouts = await screen.findByRole('region', { name: 'Payout requests' }, { timeout: 45_000 });
    expect(await within(payouts).findByText('partner@example.com', {}, { timeout: 10_000 })).toBeTruthy();
    const partners = screen.getByRole('region', { name: 'Partners' });
    expect(await within(partners).findByText('7', {}, { timeout: 10_000 })).toBeTruthy();
    expect(((await screen.findByLabelText('Minimum payout, $')) as HTMLInputElement).value).toBe('50');

    fireEvent.click(within(payouts).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText(/Payment reference/), { target: { value: 'TX-42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(api.find('POST admin/outpayments/31/paid')).toHaveLength(1));
    expect(api.find('POST admin/outpayments/31/paid')[0].body).toEqual({ reference: 'TX-42', reason: null });
    expect(await within(payouts).findByText('TX-42', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
