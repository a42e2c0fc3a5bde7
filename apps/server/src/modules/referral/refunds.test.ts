import { PaymentStatus } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments, referralLedger } from '../../db/schema/index.ts';
import {
  type NowPaymentsStandIn,
  startNowPaymentsStandIn,
} from '../../providers/payments/stand-ins/nowpayments.ts';
import { type PayPalStandIn, startPayPalStandIn } from '../../providers/payments/stand-ins/paypal.ts';
import { type StripeStandIn, startStripeStandIn } from '../../providers/payments/stand-ins/stripe.ts';
import { reloadUser } from '../../test/factories.ts';
import {
  balanceOf,
  createLink,
  makePartner,
  moveTime,
  referredCustomer,
  type Session,
} from '../../test/referral.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Money given back takes the partner's commission back, whichever provider gave it back (issue 29):
 * each provider's stand-in sends its real event over signed HTTP to the real app — Stripe
 * `charge.dispute.created`, PayPal `PAYMENT.CAPTURE.REFUNDED` / `REVERSED`, NOWPayments `refunded` —
 * and the referral ledger is read back.
 */
const STRIPE = { secretKey: 'sk_test_51LinkwatchRefundsTestKey', webhookSecret: 'whsec_linkwatch_refunds' };
const PAYPAL = {
  clientId: 'AZlinkwatchRefundsClient',
  clientSecret: 'EL-linkwatch-refunds-secret',
  webhookId: '2KF5302027584325DWEBHOOK',
};
const NOWPAYMENTS = { apiKey: 'NP1LINK-WATCHRE-FUNDSKE-Y000001', ipnSecret: 'linkwatch-refunds-ipn-secret' };

let stripe: StripeStandIn;
let paypal: PayPalStandIn;
let nowpayments: NowPaymentsStandIn;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn(STRIPE);
  paypal = await startPayPalStandIn(PAYPAL);
  nowpayments = await startNowPaymentsStandIn(NOWPAYMENTS);
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_BASE_URL: stripe.url,
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
      PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
      PAYPAL_BASE_URL: paypal.url,
      NOWPAYMENTS_API_KEY: NOWPAYMENTS.apiKey,
      NOWPAYMENTS_IPN_SECRET: NOWPAYMENTS.ipnSecret,
      NOWPAYMENTS_BASE_URL: nowpayments.url,
      REFERRAL_MIN_PAYOUT: '10',
      REFERRAL_HOLD_DAYS: '30',
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`${address}/api/payments/webhooks/stripe`);
  paypal.setWebhookUrl(`${address}/api/payments/webhooks/paypal`);
  nowpayments.setIpnUrl(`${address}/api/payments/webhooks/nowpayments`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([stripe?.close(), paypal?.close(), nowpayments?.close()]);
});
afterEach(() => {
  vi.useRealTimers();
});

type Customer = Awaited<ReturnType<typeof referredCustomer>>;

/** A top-up created through the API; answers our payment id and the provider's reference. */
async function startPayment(buyer: Customer, method: 'card' | 'paypal' | 'crypto', amount: number) {
  const created = await t.api('POST', `payments/${method}`, {
    token: buyer.token,
    body: {
      paymentMethod: method,
      amount,
      email: 'buyer@example.com',
      ...(method === 'crypto' ? { payCurrency: 'usdttrc20' } : {}),
    },
  });
  expect(created.status).toBe(201);
  const id = Number(created.body.data.id);
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  return { id, ref: row?.providerRef ?? '' };
}

const ledgerOf = async (partner: Session) =>
  (await t.db.select().from(referralLedger).where(eq(referralLedger.partnerId, partner.user.id))).map((r) => [
    r.kind,
    r.amountCents,
  ]);
const paymentStatus = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]?.statusId;

async function partnerWithCustomer(key: string) {
  const partner = await makePartner(t);
  const link = await createLink(t, partner, `${key}-${Date.now()}`);
  const customer = await referredCustomer(t, link.attributes.key);
  return { partner, customer };
}

/** Several payments and webhooks per test: PostgreSQL on a loaded machine needs more than the default. */
const SLOW = { timeout: 60_000 };

describe('a refund or dispute takes the commission back', SLOW, () => {
  it('Stripe: a dispute of a pending commission cancels it (and blocks the customer)', async () => {
    const { partner, customer } = await partnerWithCustomer('dispute');
    const paid = await startPayment(customer, 'card', 100);
    expect((await stripe.pay(paid.ref)).status).toBe(200);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ pending: 20, available: 0 });

    expect((await stripe.dispute(paid.ref)).status).toBe(200);
    expect(await balanceOf(t, partner)).toMatchObject({ balance: 0, attributes: { pending: 0 } });
    expect(await ledgerOf(partner)).toEqual([
      ['commission', 2000],
      ['reversal', -2000],
    ]);
    expect((await reloadUser(t.db, customer.user.id)).isBlocked).toBe(true);
    // The dispute's refund that often follows it takes nothing more.
    expect((await stripe.refund(paid.ref)).status).toBe(200);
    expect(await ledgerOf(partner)).toHaveLength(2);
    moveTime(31);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ pending: 0, available: 0 });
  });

  it('Stripe: a dispute after the commission was paid out is taken from the next earnings', async () => {
    const { partner, customer } = await partnerWithCustomer('dispute-late');
    const first = await startPayment(customer, 'card', 100);
    await stripe.pay(first.ref);
    moveTime(31);
    const payout = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=20', {
      token: partner.token,
    });
    expect(payout.status).toBe(201);
    expect((await stripe.dispute(first.ref)).status).toBe(200);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ available: 0, paidOut: 20 });
    vi.useRealTimers();
    // The customer pays again (which also lifts the block): 20 % of 150 = 30, less the 20 taken back.
    const second = await startPayment(customer, 'card', 150);
    await stripe.pay(second.ref);
    moveTime(31);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ available: 10 });
  });

  it('PayPal: PAYMENT.CAPTURE.REFUNDED cancels a pending commission; a replay changes nothing', async () => {
    const { partner, customer } = await partnerWithCustomer('paypal');
    const paid = await startPayment(customer, 'paypal', 50);
    expect((await paypal.completeCapture(paid.ref)).status).toBe(200);
    expect(await paymentStatus(paid.id)).toBe(PaymentStatus.Paid);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ pending: 10 });

    const refund = await paypal.refund(paid.ref);
    expect(refund).toMatchObject({ type: 'PAYMENT.CAPTURE.REFUNDED', status: 200 });
    expect(await balanceOf(t, partner)).toMatchObject({ balance: 0, attributes: { pending: 0 } });
    expect(await ledgerOf(partner)).toEqual([
      ['commission', 1000],
      ['reversal', -1000],
    ]);
    expect((await paypal.redeliver(refund.eventId)).status).toBe(200);
    expect(await ledgerOf(partner)).toHaveLength(2);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paid.id));
    expect(row).toMatchObject({ statusId: PaymentStatus.Paid });
    expect(row?.problem).toContain('refunded');
  });

  it('PayPal: a reversal after the payout is a negative entry; nothing more can be paid out', async () => {
    const { partner, customer } = await partnerWithCustomer('paypal-late');
    const paid = await startPayment(customer, 'paypal', 100);
    await paypal.completeCapture(paid.ref);
    moveTime(31);
    const payout = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=20', {
      token: partner.token,
    });
    expect(payout.status).toBe(201);
    expect((await paypal.refund(paid.ref, { reversed: true })).status).toBe(200);
    expect(await ledgerOf(partner)).toEqual([
      ['commission', 2000],
      ['payout', -2000],
      ['reversal', -2000],
    ]);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ available: 0, pending: 0 });
    const refused = await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=10', {
      token: partner.token,
    });
    expect(refused.status).toBe(422);
  });

  it('NOWPayments: refunded takes back a Paid payment’s commission; the payment stays Paid', async () => {
    const { partner, customer } = await partnerWithCustomer('crypto');
    const paid = await startPayment(customer, 'crypto', 40);
    await nowpayments.pay(paid.ref);
    expect(await paymentStatus(paid.id)).toBe(PaymentStatus.Paid);
    expect((await balanceOf(t, partner)).attributes).toMatchObject({ pending: 8 });

    expect(await nowpayments.refund(paid.ref)).toMatchObject({ status: 'refunded', httpStatus: 200 });
    expect(await ledgerOf(partner)).toEqual([
      ['commission', 800],
      ['reversal', -800],
    ]);
    expect(await balanceOf(t, partner)).toMatchObject({ balance: 0 });
    expect(await paymentStatus(paid.id)).toBe(PaymentStatus.Paid);
  });

  it('NOWPayments: refunded before the payment finished cancels it, as before', async () => {
    const { partner, customer } = await partnerWithCustomer('crypto-early');
    const started = await startPayment(customer, 'crypto', 40);
    const body = nowpayments.ipn(started.ref, 'refunded');
    expect((await nowpayments.deliver(body)).httpStatus).toBe(200);
    expect(await paymentStatus(started.id)).toBe(PaymentStatus.Cancelled);
    expect(await ledgerOf(partner)).toEqual([]);
  });
});
