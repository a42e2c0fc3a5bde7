import { BalanceTransactionType, PaymentStatus } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceTransactions, paymentEvents, payments } from '../../db/schema/index.ts';
import { makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type StripeStandIn, startStripeStandIn } from './stand-ins/stripe.ts';

/**
 * Card top-ups end to end on the real app: `POST payments/card` opens a session on the Stripe
 * stand-in, its hosted page pays, and its signed webhook reaches `POST payments/webhooks/stripe` over
 * HTTP, as Stripe's would. Default levels: no bonus under $100.
 */
const SECRET_KEY = 'sk_test_51LinkwatchApiTestKey';
const WEBHOOK_SECRET = 'whsec_linkwatch_api_test';

let stripe: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_BASE_URL: stripe.url,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`${address}/api/payments/webhooks/stripe`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let user: Awaited<ReturnType<typeof makeUserWithToken>>;
beforeEach(async () => {
  user = await makeUserWithToken(t.db);
});

async function payByCard(amount: number | string) {
  const created = await t.api('POST', 'payments/card', {
    token: user.token,
    body: { paymentMethod: 'card', amount, email: 'buyer@example.com' },
  });
  expect(created.status).toBe(201);
  const id = Number(created.body.data.id);
  return { id, redirectUrl: created.body.data.attributes.redirectUrl as string, ref: await refOf(id) };
}

async function refOf(id: number): Promise<string> {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row?.providerRef ?? '';
}

async function paymentRow(id: number) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

const ledgerOf = (userId: number) =>
  t.db.select().from(balanceTransactions).where(eq(balanceTransactions.userId, userId));

/** The browser on the hosted page: a button's form, the redirect not followed. */
const press = (redirectUrl: string, button: 'pay' | 'decline') =>
  fetch(`${redirectUrl}/${button}`, { method: 'POST', redirect: 'manual' });

describe('card top-up through the Stripe stand-in', () => {
  it('Pay: the webhook credits the balance once and the browser returns to the balance page', async () => {
    const before = (await reloadUser(t.db, user.user.id)).balance;
    const { id, redirectUrl, ref } = await payByCard('25.50');
    expect(redirectUrl).toBe(`${stripe.url}/c/pay/${ref}`);
    expect(stripe.session(ref)).toMatchObject({ amountCents: 2550, clientReferenceId: String(id) });

    const paid = await press(redirectUrl, 'pay');
    expect(paid.headers.get('location')).toBe(`http://app.test/en/balance?payment=${id}`);
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect(await paymentRow(id)).toMatchObject({
      statusId: PaymentStatus.Paid,
      paidCents: 2550,
      problem: null,
    });
    expect((await reloadUser(t.db, user.user.id)).balance).toBe(before + 25_500);
    const rows = await ledgerOf(user.user.id);
    expect(rows.filter((r) => r.paymentId === id)).toMatchObject([
      { typeId: BalanceTransactionType.TopUp, value: 25_500 },
    ]);
  });

  it('the same event delivered 10 times (at once and one by one) credits once', async () => {
    const { id, ref } = await payByCard(30);
    stripe.setWebhookUrl(undefined);
    await stripe.pay(ref);
    stripe.setWebhookUrl(webhookUrl());
    const eventId = stripe.deliveries.at(-1)?.eventId ?? '';
    const parallel = await Promise.all(Array.from({ length: 5 }, () => stripe.redeliver(eventId)));
    const serial = [];
    for (let i = 0; i < 5; i++) serial.push(await stripe.redeliver(eventId));
    expect([...parallel, ...serial].map((d) => d.status)).toEqual(Array(10).fill(200));
    expect((await ledgerOf(user.user.id)).filter((r) => r.paymentId === id)).toHaveLength(1);
    expect((await reloadUser(t.db, user.user.id)).balance).toBe(30_000);
    const seen = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, eventId)));
    expect(seen).toHaveLength(1);
  });

  it('a badly signed, tampered or stale delivery answers 400 and changes nothing', async () => {
    const { id, ref } = await payByCard(40);
    stripe.setWebhookUrl(undefined);
    await stripe.pay(ref);
    stripe.setWebhookUrl(webhookUrl());
    const event = stripe.sessionEvent('checkout.session.completed', ref);
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await stripe.deliver(event, { secret: 'whsec_forger' }),
      await stripe.deliver(event, {
        tamper: (body) => body.replace('"amount_total": 4000', '"amount_total": 400000'),
      }),
      await stripe.deliver(event, { timestamp: now - 3600 }),
      await stripe.deliver(event, { signature: 'garbage' }),
    ];
    expect(refused.map((d) => d.status)).toEqual([400, 400, 400, 400]);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.New, paidCents: null });
    expect(await ledgerOf(user.user.id)).toEqual([]);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([]);
  });

  it('an amount that differs from the payment is recorded and not credited', async () => {
    const { id, ref } = await payByCard(50);
    stripe.setWebhookUrl(undefined);
    await stripe.pay(ref);
    stripe.setWebhookUrl(webhookUrl());
    const event = stripe.sessionEvent('checkout.session.completed', ref);
    event.data.object.amount_total = 500;
    expect((await stripe.deliver(event)).status).toBe(200);
    const row = await paymentRow(id);
    expect(row).toMatchObject({ statusId: PaymentStatus.New });
    expect(row?.problem).toContain('amount differs');
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('an expired session cancels the payment; a later paid event does not revive it', async () => {
    const { id, ref } = await payByCard(20);
    expect((await stripe.expire(ref)).status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Cancelled });
    const late = stripe.sessionEvent('checkout.session.completed', ref);
    late.data.object.payment_status = 'paid';
    expect((await stripe.deliver(late)).status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Cancelled });
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('a dispute of a paid card payment blocks the account', async () => {
    const { ref } = await payByCard(15);
    await stripe.pay(ref);
    expect((await reloadUser(t.db, user.user.id)).isBlocked).toBe(false);
    expect((await stripe.dispute(ref)).status).toBe(200);
    expect((await reloadUser(t.db, user.user.id)).isBlocked).toBe(true);
  });

  it('Decline sends the browser back to the cancel URL with the reason; the payment stays New', async () => {
    const { id, redirectUrl } = await payByCard(10);
    const declined = await press(redirectUrl, 'decline');
    const back = new URL(declined.headers.get('location') ?? '');
    expect(back.pathname).toBe('/en/balance');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment: String(id),
      cancelled: '1',
      reason: 'card_declined',
    });
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.New });
  });

  it('a provider error answers 422 and leaves the payment Cancelled with the reason', async () => {
    stripe.failNext({
      status: 400,
      error: { type: 'invalid_request_error', message: 'Your account cannot currently make live charges.' },
    });
    const refused = await t.api('POST', 'payments/card', {
      token: user.token,
      body: { paymentMethod: 'card', amount: 10, email: 'buyer@example.com' },
    });
    expect(refused.status).toBe(422);
    const [row] = await t.db.select().from(payments).where(eq(payments.userId, user.user.id));
    expect(row).toMatchObject({ statusId: PaymentStatus.Cancelled, providerRef: null });
    expect(row?.problem).toContain('cannot currently make live charges');
  });
});

function webhookUrl(): string {
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}/api/payments/webhooks/stripe`;
}
