import { BalanceTransactionType, PaymentStatus } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceTransactions, paymentEvents, payments } from '../../db/schema/index.ts';
import { makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cryptoNetworks } from './index.ts';
import { type NowPaymentsStandIn, startNowPaymentsStandIn } from './stand-ins/nowpayments.ts';

/**
 * Crypto top-ups end to end on the real app: `POST payments/crypto` creates an invoice on the
 * NOWPayments stand-in for the chosen network, its invoice page pays, and the signed IPNs of the
 * payment's life reach `POST payments/webhooks/nowpayments` over HTTP. Default levels: no bonus under
 * $100, 5% from $100.
 */
const API_KEY = 'NP1LINK-WATCHAP-ITESTKE-Y000001';
const IPN_SECRET = 'linkwatch-api-test-ipn-secret';

let nowpayments: NowPaymentsStandIn;
let t: TestApp;

beforeAll(async () => {
  nowpayments = await startNowPaymentsStandIn({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
  t = await createTestApp({
    env: {
      NOWPAYMENTS_API_KEY: API_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
      NOWPAYMENTS_BASE_URL: nowpayments.url,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  nowpayments.setIpnUrl(`${address}/api/payments/webhooks/nowpayments`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await nowpayments?.close();
});

let user: Awaited<ReturnType<typeof makeUserWithToken>>;
beforeEach(async () => {
  user = await makeUserWithToken(t.db);
});

async function payInCrypto(amount: number | string, payCurrency = 'usdttrc20') {
  const created = await t.api('POST', 'payments/crypto', {
    token: user.token,
    body: { paymentMethod: 'crypto', amount, email: 'buyer@example.com', payCurrency },
  });
  expect(created.status).toBe(201);
  const id = Number(created.body.data.id);
  const row = await paymentRow(id);
  return { id, redirectUrl: created.body.data.attributes.redirectUrl as string, ref: row?.providerRef ?? '' };
}

async function paymentRow(id: number) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

const ledgerOf = (userId: number) =>
  t.db.select().from(balanceTransactions).where(eq(balanceTransactions.userId, userId));
const balance = async () => (await reloadUser(t.db, user.user.id)).balance;

/** The buyer on the invoice page: a button's form, the redirect not followed. */
const press = (redirectUrl: string, button: 'pay' | 'pay-half' | 'cancel') => {
  const iid = new URL(redirectUrl).searchParams.get('iid') ?? '';
  return fetch(`${nowpayments.url}/payment/${button}?iid=${iid}`, { method: 'POST', redirect: 'manual' });
};

describe('crypto top-up through the NOWPayments stand-in', () => {
  it('Pay in full: the IPNs up to finished credit the balance once; the browser returns to the balance page', async () => {
    const { id, redirectUrl, ref } = await payInCrypto('25.50');
    expect(redirectUrl).toBe(`${nowpayments.url}/payment/?iid=${ref}`);
    expect(nowpayments.invoice(ref)).toMatchObject({
      priceAmount: 25.5,
      priceCurrency: 'usd',
      payCurrency: 'usdttrc20',
      orderId: String(id),
      ipnCallbackUrl: 'http://app.test/api/payments/webhooks/nowpayments',
      successUrl: `http://app.test/en/balance?payment=${id}`,
    });
    expect(await paymentRow(id)).toMatchObject({ payCurrency: 'usdttrc20', provider: 'nowpayments' });

    const paid = await press(redirectUrl, 'pay');
    expect(paid.headers.get('location')).toBe(`http://app.test/en/balance?payment=${id}`);
    expect(nowpayments.deliveries.slice(-5).map((d) => [d.status, d.httpStatus])).toEqual([
      ['waiting', 200],
      ['confirming', 200],
      ['confirmed', 200],
      ['sending', 200],
      ['finished', 200],
    ]);
    expect(await paymentRow(id)).toMatchObject({
      statusId: PaymentStatus.Paid,
      paidCents: 2550,
      problem: null,
    });
    expect(await balance()).toBe(25_500);
    expect((await ledgerOf(user.user.id)).filter((r) => r.paymentId === id)).toMatchObject([
      { typeId: BalanceTransactionType.TopUp, value: 25_500 },
    ]);
  });

  it('the finished IPN delivered 10 times (at once and one by one) credits once', async () => {
    const { id, ref } = await payInCrypto(120, 'btc');
    await nowpayments.pay(ref);
    const finished = nowpayments.ipn(ref, 'finished');
    const parallel = await Promise.all(Array.from({ length: 5 }, () => nowpayments.deliver(finished)));
    const serial = [];
    for (let i = 0; i < 4; i++) serial.push(await nowpayments.deliver(finished));
    expect([...parallel, ...serial].map((d) => d.httpStatus)).toEqual(Array(9).fill(200));
    // $120 is in the 5% tier: the top-up and its bonus, once.
    expect((await ledgerOf(user.user.id)).filter((r) => r.paymentId === id)).toMatchObject([
      { typeId: BalanceTransactionType.TopUp, value: 120_000 },
      { typeId: BalanceTransactionType.Bonus, value: 6_000 },
    ]);
    expect(await balance()).toBe(126_000);
    const seen = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `${finished.payment_id}:finished`));
    expect(seen).toHaveLength(1);
  });

  it('a final partial payment is credited for what arrived and the payment is Paid', async () => {
    const { id, redirectUrl } = await payInCrypto('25.50');
    await press(redirectUrl, 'pay-half');
    expect(nowpayments.deliveries.at(-1)).toMatchObject({ status: 'partially_paid', httpStatus: 200 });
    expect(await paymentRow(id)).toMatchObject({
      statusId: PaymentStatus.Paid,
      amountCents: 2550,
      paidCents: 1275,
    });
    expect(await balance()).toBe(12_750);
  });

  it('a forged, tampered or unsigned IPN answers 400 and changes nothing', async () => {
    const { id, ref } = await payInCrypto(40);
    const finished = { ...nowpayments.ipn(ref, 'finished'), actually_paid: 40, payment_id: 1 };
    const refused = [
      await nowpayments.deliver(finished, { secret: 'not-the-store-secret' }),
      await nowpayments.deliver(finished, {
        tamper: (body) => body.replace('"price_amount":40', '"price_amount":4000'),
      }),
      await nowpayments.deliver(finished, { signature: '' }),
    ];
    expect(refused.map((d) => d.httpStatus)).toEqual([400, 400, 400]);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.New, paidCents: null });
    expect(await ledgerOf(user.user.id)).toEqual([]);
    const seen = () => t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, '1:finished'));
    expect(await seen()).toEqual([]);
    expect((await nowpayments.deliver(finished)).httpStatus).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Paid, paidCents: 4000 });
    expect(await seen()).toHaveLength(1);
  });

  it('a price that differs from the payment is recorded and not credited', async () => {
    const { id, ref } = await payInCrypto(50);
    nowpayments.setIpnUrl(undefined);
    await nowpayments.pay(ref);
    nowpayments.setIpnUrl(ipnUrl());
    const cheaper = { ...nowpayments.ipn(ref, 'finished'), price_amount: 5 };
    expect((await nowpayments.deliver(cheaper)).httpStatus).toBe(200);
    const row = await paymentRow(id);
    expect(row).toMatchObject({ statusId: PaymentStatus.New });
    expect(row?.problem).toContain('amount differs');
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('an expired invoice cancels the payment; a later finished IPN does not revive it', async () => {
    const { id, ref } = await payInCrypto(20);
    const sent = await nowpayments.expire(ref);
    expect(sent.map((d) => [d.status, d.httpStatus])).toEqual([
      ['waiting', 200],
      ['expired', 200],
    ]);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Cancelled });
    expect((await nowpayments.deliver(nowpayments.ipn(ref, 'finished'))).httpStatus).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Cancelled });
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('an amount under the coin’s minimum says so with the minimum in dollars, under the network', async () => {
    const before = nowpayments.requests.length;
    for (const [locale, message] of [
      [
        'en',
        'The crypto service takes at least $10.00 in BTC. Enter $10.00 or more, or choose another network.',
      ],
      [
        'ru',
        'Криптосервис принимает в BTC не меньше 10,00\u00a0$. Введите 10,00\u00a0$ или больше либо выберите другую сеть.',
      ],
      [
        'ua',
        'Криптосервіс приймає в BTC щонайменше 10,00\u00a0USD. Введіть 10,00\u00a0USD або більше чи виберіть іншу мережу.',
      ],
    ] as const) {
      const refused = await t.api('POST', 'payments/crypto', {
        token: user.token,
        locale,
        body: { paymentMethod: 'crypto', amount: 5, email: 'buyer@example.com', payCurrency: 'btc' },
      });
      expect(refused).toMatchObject({ status: 422, body: { message, errors: { payCurrency: [message] } } });
    }
    const rows = await t.db.select().from(payments).where(eq(payments.userId, user.user.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ statusId: PaymentStatus.Cancelled, providerRef: null });
      expect(row.problem).toContain('minimum of 1000 US cents in btc');
    }
    expect(nowpayments.requests.slice(before).map((r) => r.path)).toEqual(Array(3).fill('/v1/min-amount'));
  });

  it('a provider error answers 422 and leaves the payment Cancelled with the reason', async () => {
    nowpayments.failNext({ status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    const refused = await t.api('POST', 'payments/crypto', {
      token: user.token,
      body: { paymentMethod: 'crypto', amount: 50, email: 'buyer@example.com', payCurrency: 'btc' },
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { message: 'The payment service did not answer. Please try again in a few minutes.' },
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.userId, user.user.id));
    expect(row).toMatchObject({ statusId: PaymentStatus.Cancelled, providerRef: null });
    expect(row?.problem).toContain('INTERNAL_ERROR');
  });

  it('the popup’s networks are the store’s coins (GET payments/networks)', async () => {
    const coins = ['btc', 'eth', 'ltc', 'usdttrc20', 'usdterc20', 'usdtbsc', 'trx'];
    expect(await cryptoNetworks(t.ctx.providers.payments)).toEqual(coins);
    const res = await t.api('GET', 'payments/networks', { token: user.token });
    expect(res).toMatchObject({ status: 200, body: { data: coins } });
  });
});

function ipnUrl(): string {
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}/api/payments/webhooks/nowpayments`;
}
