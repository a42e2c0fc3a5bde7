import { BalanceTransactionType, PaymentStatus } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceTransactions, paymentEvents, payments } from '../../db/schema/index.ts';
import { makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type PayPalStandIn, startPayPalStandIn } from './stand-ins/paypal.ts';
import { paypalError } from './stand-ins/paypal-orders.ts';
import { foreignKey } from './stand-ins/paypal-webhooks.ts';

/**
 * PayPal top-ups end to end on the real app: `POST payments/paypal` creates an order on the PayPal
 * stand-in, its buyer page approves, `POST payments/{id}/capture` captures on the browser's return,
 * and the stand-in's signed webhooks reach `POST payments/webhooks/paypal` over HTTP, verified through
 * its verify-webhook-signature endpoint. Default levels: no bonus under $100.
 */
const CLIENT_ID = 'AZlinkwatchApiTestClient';
const CLIENT_SECRET = 'EL-linkwatch-api-test-secret';
const WEBHOOK_ID = '1JE4291016473214CWEBHOOK';

let paypal: PayPalStandIn;
let t: TestApp;

beforeAll(async () => {
  paypal = await startPayPalStandIn({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
  });
  t = await createTestApp({
    env: {
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      PAYPAL_BASE_URL: paypal.url,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  paypal.setWebhookUrl(`${address}/api/payments/webhooks/paypal`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await paypal?.close();
});

let user: Awaited<ReturnType<typeof makeUserWithToken>>;
beforeEach(async () => {
  user = await makeUserWithToken(t.db);
});

async function payByPayPal(amount: number | string) {
  const created = await t.api('POST', 'payments/paypal', {
    token: user.token,
    body: { paymentMethod: 'paypal', amount, email: 'buyer@example.com' },
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
const captureRoute = (id: number) => t.api('POST', `payments/${id}/capture`, { token: user.token });

/** The buyer on PayPal's page: a button's form, the redirect not followed. */
const press = (redirectUrl: string, button: 'approve' | 'decline' | 'cancel') => {
  const token = new URL(redirectUrl).searchParams.get('token') ?? '';
  return fetch(`${paypal.url}/checkoutnow/${button}?token=${token}`, { method: 'POST', redirect: 'manual' });
};

describe('PayPal top-up through the PayPal stand-in', () => {
  it('approve, return, capture: credited once, and the webhook that follows changes nothing', async () => {
    const { id, redirectUrl, ref } = await payByPayPal('25.50');
    expect(redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${ref}`);
    expect(paypal.order(ref)).toMatchObject({
      amount: { currency_code: 'USD', value: '25.50' },
      customId: String(id),
    });

    const approved = await press(redirectUrl, 'approve');
    const back = new URL(approved.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://app.test/en/balance');
    expect(back.searchParams.get('payment')).toBe(String(id));
    expect(back.searchParams.get('token')).toBe(ref);

    const captured = await captureRoute(id);
    expect(captured.status).toBe(200);
    expect(captured.body.data.attributes.statusId).toBe(PaymentStatus.Paid);
    await paypal.idle();
    expect(paypal.deliveries.at(-1)).toMatchObject({ type: 'PAYMENT.CAPTURE.COMPLETED', status: 200 });
    expect(await paymentRow(id)).toMatchObject({
      statusId: PaymentStatus.Paid,
      paidCents: 2550,
      problem: null,
    });
    expect(await balance()).toBe(25_500);
    expect((await ledgerOf(user.user.id)).filter((r) => r.paymentId === id)).toMatchObject([
      { typeId: BalanceTransactionType.TopUp, value: 25_500 },
    ]);
    expect((await captureRoute(id)).body.data.attributes.statusId).toBe(PaymentStatus.Paid);
    expect(await balance()).toBe(25_500);
  });

  it('the webhook alone completes a payment; the same event delivered 10 times credits once', async () => {
    const { id, ref } = await payByPayPal(30);
    const delivery = await paypal.completeCapture(ref);
    expect(delivery.status).toBe(200);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => paypal.redeliver(delivery.eventId)));
    const serial = [];
    for (let i = 0; i < 4; i++) serial.push(await paypal.redeliver(delivery.eventId));
    expect([...parallel, ...serial].map((d) => d.status)).toEqual(Array(9).fill(200));
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Paid, paidCents: 3000 });
    expect((await ledgerOf(user.user.id)).filter((r) => r.paymentId === id)).toHaveLength(1);
    expect(await balance()).toBe(30_000);
    const seen = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, delivery.eventId));
    expect(seen).toHaveLength(1);
  });

  it('an approved order whose buyer never returns is captured from CHECKOUT.ORDER.APPROVED', async () => {
    const { id, ref } = await payByPayPal(12);
    paypal.approve(ref);
    expect((await paypal.deliver(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', ref))).status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Paid, paidCents: 1200 });
    await paypal.idle();
    expect((await captureRoute(id)).body.data.attributes.statusId).toBe(PaymentStatus.Paid);
    expect(await balance()).toBe(12_000);
  });

  it('a forged, tampered or other-webhook delivery answers 400 and changes nothing', async () => {
    const { id, ref } = await payByPayPal(40);
    paypal.setWebhookUrl(undefined);
    await paypal.completeCapture(ref);
    paypal.setWebhookUrl(webhookUrl());
    const event = paypal.orderEvent('PAYMENT.CAPTURE.COMPLETED', ref);
    const refused = [
      await paypal.deliver(event, { privateKey: foreignKey() }),
      await paypal.deliver(event, { tamper: (body) => body.replace('"value":"40.00"', '"value":"400.00"') }),
      await paypal.deliver(event, { webhookId: 'SOMEONEELSESWEBHOOK00000' }),
      await paypal.deliver(event, { omit: ['paypal-transmission-sig'] }),
    ];
    expect(refused.map((d) => d.status)).toEqual([400, 400, 400, 400]);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.New, paidCents: null });
    expect(await ledgerOf(user.user.id)).toEqual([]);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([]);
  });

  it('a captured amount that differs from the payment is recorded and not credited', async () => {
    const { id, ref } = await payByPayPal(50);
    paypal.setWebhookUrl(undefined);
    await paypal.completeCapture(ref);
    paypal.setWebhookUrl(webhookUrl());
    const event = paypal.orderEvent('PAYMENT.CAPTURE.COMPLETED', ref);
    event.resource.amount = { currency_code: 'USD', value: '5.00' };
    expect((await paypal.deliver(event)).status).toBe(200);
    const row = await paymentRow(id);
    expect(row).toMatchObject({ statusId: PaymentStatus.New });
    expect(row?.problem).toContain('amount differs');
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('a voided order cancels the payment; a capture attempt afterwards leaves it Cancelled', async () => {
    const { id, ref } = await payByPayPal(20);
    expect((await paypal.voidOrder(ref)).status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.Cancelled });
    expect((await captureRoute(id)).body.data.attributes.statusId).toBe(PaymentStatus.Cancelled);
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('a declined card at capture cancels the payment; capturing before approval leaves it New', async () => {
    const { id, redirectUrl } = await payByPayPal(10);
    expect((await captureRoute(id)).body.data.attributes.statusId).toBe(PaymentStatus.New);
    await press(redirectUrl, 'decline');
    expect((await captureRoute(id)).body.data.attributes.statusId).toBe(PaymentStatus.Cancelled);
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('Cancel sends the browser to the cancel URL; the payment stays New', async () => {
    const { id, redirectUrl, ref } = await payByPayPal(10);
    const cancelled = new URL((await press(redirectUrl, 'cancel')).headers.get('location') ?? '');
    expect(Object.fromEntries(cancelled.searchParams)).toEqual({
      payment: String(id),
      cancelled: '1',
      token: ref,
    });
    expect(await paymentRow(id)).toMatchObject({ statusId: PaymentStatus.New });
  });

  it('a dispute of a captured payment blocks the account', async () => {
    const { ref } = await payByPayPal(15);
    await paypal.completeCapture(ref);
    expect((await reloadUser(t.db, user.user.id)).isBlocked).toBe(false);
    expect((await paypal.dispute(ref)).status).toBe(200);
    expect((await reloadUser(t.db, user.user.id)).isBlocked).toBe(true);
  });

  it('a provider error answers 422 and leaves the payment Cancelled with the reason', async () => {
    paypal.failNext(
      paypalError({
        status: 422,
        name: 'UNPROCESSABLE_ENTITY',
        issue: 'PAYEE_ACCOUNT_RESTRICTED',
        description: 'x',
      }),
    );
    const refused = await t.api('POST', 'payments/paypal', {
      token: user.token,
      body: { paymentMethod: 'paypal', amount: 10, email: 'buyer@example.com' },
    });
    expect(refused.status).toBe(422);
    const [row] = await t.db.select().from(payments).where(eq(payments.userId, user.user.id));
    expect(row).toMatchObject({ statusId: PaymentStatus.Cancelled, providerRef: null });
    expect(row?.problem).toContain('PAYEE_ACCOUNT_RESTRICTED');
  });
});

function webhookUrl(): string {
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}/api/payments/webhooks/paypal`;
}
