import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { meQueryKey, type User } from '@/lib/session.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { applyBalanceEvent } from './api/live.ts';
import { leavePage } from './PaymentDialog.tsx';

const page = (total: number) => ({ currentPage: 1, perPage: 50, total, lastPage: 1 });

function row(id: number, attributes: Record<string, unknown>) {
  return {
    id,
    type: 'balanceTransactions',
    attributes: {
      balance: 0,
      description: '',
      createdAt: '2026-11-20T10:00:00.000Z',
      paymentId: null,
      actionId: null,
      actorName: null,
      ...attributes,
    },
  };
}

const history = {
  data: [
    row(3, {
      typeId: 5,
      typeText: 'Bonus',
      value: 5000,
      paymentId: 12,
      description: 'Bonus 5% for payment #12',
    }),
    row(2, { typeId: 1, typeText: 'Top-up', value: 100_000, paymentId: 12, description: 'Top-up by Card' }),
    row(1, { typeId: 2, typeText: 'Task charge', value: -1500, description: 'Task #4: Check backlinks' }),
  ],
  meta: { page: page(3), balance: 103_500, bonus: 5000 },
};

const levels = {
  data: [
    { id: 2, type: 'paymentLevels', attributes: { min: 100, max: 499.99, percent: 5 } },
    { id: 1, type: 'paymentLevels', attributes: { min: 0, max: 99.99, percent: 0 } },
    { id: 3, type: 'paymentLevels', attributes: { min: 500, max: null, percent: 10 } },
  ],
};

const prices = {
  data: [
    { id: 2, type: 'actionPrices', attributes: { action: 2, price: 1, customPrice: false } },
    { id: 3, type: 'actionPrices', attributes: { action: 3, price: 3, customPrice: true } },
    { id: 16, type: 'actionPrices', attributes: { action: 16, price: 0, customPrice: false } },
  ],
};

function settings(overrides: Record<string, unknown> = {}) {
  return json(200, {
    data: {
      id: 1,
      type: 'settings',
      attributes: {
        stripePublic: null,
        paymentService: 'stripe',
        enablePayPal: false,
        enableCrypto: true,
        ...overrides,
      },
    },
  });
}

function payment(id: number, attributes: Record<string, unknown>) {
  return json(200, {
    data: {
      id,
      type: 'payments',
      attributes: {
        statusId: 0,
        statusText: 'New',
        amount: 100,
        paid: null,
        paymentMethod: 'card',
        payCurrency: null,
        bonus: 0,
        createdAt: '2026-11-20T10:00:00.000Z',
        paidAt: null,
        redirectUrl: null,
        details: null,
        ...attributes,
      },
    },
  });
}

function server(extra: Parameters<typeof mockApi>[0] = {}) {
  resetTokenForTests('tok');
  return mockApi({
    'GET user/me': meReply({ email: 'ada@example.com' }),
    'GET user/balance': json(200, { data: { balance: 103_500 } }),
    'GET settings': settings(),
    'GET balances': json(200, history),
    'GET payments/levels': json(200, levels),
    'GET actions/prices': json(200, prices),
    ...extra,
  });
}

/** The query strings `GET balances` was asked with, in order. */
function balanceQueries(fetchMock: ReturnType<typeof mockApi>['fetchMock']): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/balances')
    .map((url) => url.searchParams);
}

// jsdom has no ResizeObserver; Radix's radio items measure themselves with it.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => vi.restoreAllMocks());

// Each test renders the whole app and its lazy page: slow on a busy machine, not a hang.
describe('balance page', { timeout: 20_000 }, () => {
  it('shows the balance in credits and dollars, the tiers, the prices with the individual mark, the history', async () => {
    server();
    renderApp('/en/balance');

    const now = await screen.findByTestId('balance-now', {}, { timeout: 10_000 });
    expect(now.textContent).toBe('103,500 credits$103.500');
    expect((await screen.findByTestId('balance-bonus')).textContent).toBe('5,000 credits$5.000');

    // Tiers lowest first; $100 (the form's default) marks the 5% tier.
    const tiers = within(screen.getByTestId('bonus-tiers')).getAllByRole('listitem');
    expect(tiers.map((tier) => tier.textContent)).toEqual([
      'No bonus$0.00 – $99.99',
      '+5%$100.00 – $499.99Your amount',
      '+10%From $500.00',
    ]);
    expect(screen.getByTestId('topup-preview').textContent).toBe(
      'You get 100,000 credits. +5,000 bonus credits (5%).',
    );

    // Paid actions only; the individual price is marked.
    const priceList = await screen.findByTestId('action-prices');
    expect(priceList.querySelectorAll('[data-action]')).toHaveLength(2);
    const custom = priceList.querySelector('[data-action="3"]') as HTMLElement;
    expect(custom.textContent).toBe('Add to indexYour price3 credits ($0.003) per link');
    expect(priceList.querySelector('[data-action="2"]')?.textContent).toBe(
      'Check backlinks1 credit ($0.001) per link',
    );

    // Signed values with dollars; only the top-up row offers an invoice.
    const table = screen.getByRole('table', { name: 'History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['5', '1', '2']);
    expect(rows[1].textContent).toContain('+100,000$100.000');
    expect(rows[2].textContent).toContain('\u22121,500-$1.500');
    expect(within(table).getAllByRole('button', { name: /Download the invoice/ })).toHaveLength(1);
    expect(
      within(rows[1]).getByRole('button', { name: 'Download the invoice for payment #12' }),
    ).toBeTruthy();
  });

  it('follows the amount typed: the bonus it earns, its tier, and the limits it must keep', async () => {
    server();
    renderApp('/en/balance');
    const amount = await screen.findByLabelText('Amount, US dollars', {}, { timeout: 10_000 });
    await screen.findByTestId('bonus-tiers');

    fireEvent.change(amount, { target: { value: '750,5' } });
    expect(screen.getByTestId('topup-preview').textContent).toBe(
      'You get 750,500 credits. +75,050 bonus credits (10%).',
    );
    expect(screen.getByText('Your amount').closest('li')?.textContent).toContain('+10%');

    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose how to pay' }));
    expect(screen.getByText('The smallest payment is $1.00.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pays in crypto: the main list, the coin and network, the checkout answer followed', async () => {
    const api = server({
      'POST payments/crypto': (call) => {
        const body = call.body as { email: string };
        if (body.email === 'bad')
          return json(422, { message: 'Invalid data', errors: { email: ['Not an email'] } });
        return payment(21, { paymentMethod: 'crypto', redirectUrl: 'https://pay.example/invoice/21' });
      },
    });
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => {});
    renderApp('/en/balance');
    fireEvent.change(await screen.findByLabelText('Amount, US dollars', {}, { timeout: 10_000 }), {
      target: { value: '250' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Choose how to pay' }));

    const dialog = await screen.findByRole('dialog', { name: 'Payment method' });
    // The settings turn on card and crypto, not PayPal; the first is chosen.
    const methods = within(await within(dialog).findByRole('radiogroup', { name: 'Pay with' })).getAllByRole(
      'radio',
    );
    expect(methods.map((m) => m.textContent)).toEqual([
      'CardVisa, Mastercard, American Express and other cards.',
      'CryptoTether (USDT), Bitcoin, Ether, Litecoin or Tron, on the network you choose.',
    ]);
    expect(methods[0].getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).queryByTestId('payment-additional')).toBeNull();

    fireEvent.click(methods[1]);
    const coins = within(dialog).getByRole('radiogroup', { name: 'Coin' });
    expect(
      within(coins)
        .getAllByRole('radio')
        .map((c) => c.textContent),
    ).toEqual(['USDTTether', 'BTCBitcoin', 'ETHEthereum', 'LTCLitecoin', 'TRXTron']);
    // A coin on one network only offers that one; Tether offers three, its cheapest first.
    fireEvent.click(within(coins).getByRole('radio', { name: /BTC/ }));
    const network = () => within(dialog).getByLabelText('Network') as HTMLSelectElement;
    expect([...network().options].map((o) => o.value)).toEqual(['btc']);
    fireEvent.click(within(coins).getByRole('radio', { name: /USDT/ }));
    expect([...network().options].map((o) => o.textContent)).toEqual([
      'Tron (TRC-20)',
      'Ethereum (ERC-20)',
      'BNB Smart Chain (BEP-20)',
    ]);
    expect(network().value).toBe('usdttrc20');
    fireEvent.change(network(), { target: { value: 'usdterc20' } });

    // A 422 puts its message under the field; the second try leaves for the checkout page.
    const email = within(dialog).getByLabelText('Email for the receipt') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    fireEvent.change(email, { target: { value: 'bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $250.00' }));
    expect(await within(dialog).findByText('Not an email')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $250.00' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://pay.example/invoice/21'));
    expect(api.find('POST payments/crypto').map((c) => c.body)[1]).toEqual({
      paymentMethod: 'crypto',
      amount: '250.00',
      email: 'ada@example.com',
      payCurrency: 'usdterc20',
    });
  });

  it('offers only the coins and networks the crypto store accepts (GET payments/networks)', async () => {
    server({ 'GET payments/networks': json(200, { data: ['btc', 'usdtbsc'] }) });
    renderApp('/en/balance');
    fireEvent.change(await screen.findByLabelText('Amount, US dollars', {}, { timeout: 10_000 }), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Choose how to pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment method' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Crypto/ }));
    const coins = within(dialog).getByRole('radiogroup', { name: 'Coin' });
    await waitFor(() =>
      expect(
        within(coins)
          .getAllByRole('radio')
          .map((c) => c.textContent),
      ).toEqual(['USDTTether', 'BTCBitcoin']),
    );
    const network = within(dialog).getByLabelText('Network') as HTMLSelectElement;
    expect([...network.options].map((o) => o.value)).toEqual(['usdtbsc']);
    await waitFor(() => expect(network.value).toBe('usdtbsc'));
  });

  it('waits for the settings before saying which methods there are', async () => {
    let answer: (reply: ReturnType<typeof settings>) => void = () => {};
    server({ 'GET settings': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/en/balance');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose how to pay' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment method' });
    // spec 9: the payment popup is at most 500 px wide.
    expect(dialog.style.maxWidth).toBe('500px');
    expect(within(dialog).getByRole('status').textContent).toBe('Loading…');
    expect(within(dialog).queryByText(/Payments are not available/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: /^Pay/ }).hasAttribute('disabled')).toBe(true);

    answer(settings());
    expect(await within(dialog).findByRole('radiogroup', { name: 'Pay with' })).toBeTruthy();
  });

  it('says so when the server has no payment method on', async () => {
    server({ 'GET settings': settings({ paymentService: null, enableCrypto: false }) });
    renderApp('/en/balance');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose how to pay' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment method' });
    expect(
      await within(dialog).findByText(
        'Payments are not available right now. Please try again later or contact support.',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Pay $100.00' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows a declined card's message word for word on the return from checkout", async () => {
    server();
    renderApp('/en/balance?payment=7&cancelled=1&reason=card_declined');
    const result = await screen.findByTestId('payment-return', {}, { timeout: 10_000 });
    expect(result.textContent).toBe(
      'Operation rejected. Please contact your bank. The phone number is indicated on the back of the card.',
    );
    expect(result.getAttribute('data-tone')).toBe('error');
  });

  it('says in the result line, not as an error page, that a returned payment is unknown', async () => {
    server();
    renderApp('/en/balance?payment=404');
    const result = await screen.findByTestId('payment-return', {}, { timeout: 10_000 });
    await waitFor(() => expect(result.textContent).toBe('Not found'));
    expect(result.getAttribute('data-tone')).toBe('error');
    expect(screen.getByRole('heading', { level: 1, name: 'Balance' })).toBeTruthy();
  });

  it("captures PayPal's approved order on the return and shows the credit", async () => {
    let captured = false;
    const api = server({
      'GET payments/9': () => payment(9, { paymentMethod: 'paypal', ...(captured ? { statusId: 1 } : {}) }),
      'POST payments/9/capture': () => {
        captured = true;
        return payment(9, { paymentMethod: 'paypal', statusId: 1, paid: 100, bonus: 5000 });
      },
    });
    const view = renderApp('/en/balance?payment=9&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ');
    const result = await screen.findByText(/Payment #9 received/, {}, { timeout: 10_000 });
    expect(result.textContent).toBe(
      'Payment #9 received: $100.00 added to your balance. Bonus: 5,000 credits.',
    );
    expect(api.find('POST payments/9/capture')).toHaveLength(1);

    // Hiding the result leaves the history's own parameters alone.
    fireEvent.click(screen.getByRole('button', { name: 'Hide the payment result' }));
    await waitFor(() => expect(view.location()).toBe('/en/balance'));
  });

  it("takes the socket's Balance event (as the realtime bridge hands it on) at once and reads the history again", async () => {
    const api = server();
    const view = renderApp('/en/balance');
    await screen.findByText('103,500 credits', {}, { timeout: 10_000 });
    const asked = balanceQueries(api.fetchMock).length;

    act(() => applyBalanceEvent(view.queryClient, { balance: 208_500, isBlocked: true }));
    expect((await screen.findByTestId('balance-now')).textContent).toBe('208,500 credits$208.500');
    // A dispute's block reaches the session at once: the blocked-account notice follows it.
    expect(view.queryClient.getQueryData<User>(meQueryKey)?.attributes.isBlocked).toBe(true);
    await waitFor(() => expect(balanceQueries(api.fetchMock).length).toBeGreaterThan(asked));
  });

  it('sends the type and day filters and the page size, and starts again from the first page', async () => {
    const api = server();
    renderApp('/en/balance?page=3');
    await screen.findByRole('table', { name: 'History' }, { timeout: 10_000 });
    expect(balanceQueries(api.fetchMock).at(-1)?.get('page[number]')).toBe('3');

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '200' } });
    await waitFor(() => {
      const last = balanceQueries(api.fetchMock).at(-1);
      expect(last?.get('filter[type]')).toBe('5');
      expect(last?.get('filter[dateFrom]')).toBe('2026-11-01');
      expect(last?.get('page[size]')).toBe('200');
      expect(last?.get('page[number]')).toBe('1');
    });
  });

  it.each([
    [
      'en',
      'Check authorityUnavailable. Not configured here.',
      'Load to crawlers1 credit ($0.001) per pull, whatever the number of backlinks',
    ],
    [
      'ru',
      'Проверка авторитетаНедоступно. Not configured here.',
      'Загрузить в краулеры1 кредит (0,001 $) за выгрузку, сколько бы ни было обратных ссылок',
    ],
    [
      'ua',
      'Перевірка авторитетуНедоступно. Not configured here.',
      'Завантажити в краулери1 кредит (0,001 USD) за вивантаження, скільки б не було зворотних посилань',
    ],
  ])(
    'lists a task that cannot run as unavailable, and crawler data per pull (%s)',
    async (locale, authority, crawlers) => {
      const withTwo = {
        data: [
          ...prices.data,
          { id: 4, type: 'actionPrices', attributes: { action: 4, price: 2, customPrice: false } },
          { id: 10, type: 'actionPrices', attributes: { action: 10, price: 1, customPrice: false } },
        ],
      };
      const type = (id: number, available: boolean) => ({
        id,
        type: 'actionTypes',
        attributes: {
          id,
          name: '',
          available,
          unavailableReason: available ? null : 'Not configured here',
          demoNote: null,
        },
      });
      server({
        'GET user/me': meReply({ locale: locale as 'en' | 'ru' | 'ua' }),
        'GET actions/prices': json(200, withTwo),
        'GET actions/list': json(200, { data: [type(2, true), type(4, false), type(10, true)] }),
      });
      renderApp(`/${locale}/balance`);
      const priceList = await screen.findByTestId('action-prices', {}, { timeout: 10_000 });
      const text = (action: number) =>
        priceList.querySelector(`[data-action="${action}"]`)?.textContent?.replace(/\u00a0|\u202f/g, ' ');
      await waitFor(() => expect(text(4)).toBe(authority));
      expect(text(10)).toBe(crawlers);
    },
  );

  it('names the member who made a payment, and links the payrolls view (issue 27)', {
    timeout: 60_000,
  }, async () => {
    server({
      'GET balances': json(200, {
        ...history,
        data: [
          row(4, {
            typeId: 1,
            typeText: 'Top-up',
            value: 50_000,
            paymentId: 13,
            actorName: 'Lena Ledger',
            description: 'Top-up by Card',
          }),
          ...history.data,
        ],
      }),
    });
    const app = renderApp('/en/balance');
    expect(await screen.findByText('By Lena Ledger', {}, { timeout: 25_000 })).toBeTruthy();
    // Only the row whose payment a member made names anyone.
    expect(screen.getAllByTestId('payment-actor')).toHaveLength(1);
    const link = screen.getByRole('link', { name: 'Payrolls view' });
    expect(link.getAttribute('href')).toBe('/en/payrolls');
    fireEvent.click(link);
    await waitFor(() => expect(app.location()).toBe('/en/payrolls'));
    expect(
      await screen.findByRole('heading', { name: 'Payrolls', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    // The payrolls view does not link to itself.
    expect(screen.queryByRole('link', { name: 'Payrolls view' })).toBeNull();
  });
});
