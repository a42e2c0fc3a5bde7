import { PaymentStatus } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/index.ts';
import { type StripeStandIn, startStripeStandIn } from '../../providers/payments/stand-ins/stripe.ts';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePayment } from './payments.factories.ts';

/** The payment routes with the one adapter that exists for sure here (card: Stripe, on its stand-in). */
const SECRET_KEY = 'sk_test_51LinkwatchRoutesKey';
const WEBHOOK_SECRET = 'whsec_linkwatch_routes';

let stripe: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_routes',
      STRIPE_BASE_URL: stripe.url,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const pay = (token: string, method: string, body: Record<string, unknown>, locale = 'en') =>
  t.api('POST', `payments/${method}`, { token, locale, body });

describe('GET payments/levels', () => {
  it('lists the default bonus tiers in dollars', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('GET', 'payments/levels', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: { attributes: unknown }) => l.attributes)).toEqual([
      { min: 0, max: 99.99, percent: 0 },
      { min: 100, max: 499.99, percent: 5 },
      { min: 500, max: null, percent: 10 },
    ]);
  });
});

describe('POST payments/{method}', () => {
  it('opens a card checkout: a New payment with the provider’s reference, and where to send the browser', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const res = await pay(token, 'card', {
      paymentMethod: 'card',
      amount: '12.5',
      email: 'buyer@example.com',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'payments',
      attributes: { statusId: 0, statusText: 'New', amount: 12.5, paymentMethod: 'card', bonus: 0 },
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, res.body.data.id));
    expect(row).toMatchObject({
      userId: user.id,
      amountCents: 1250,
      provider: 'stripe',
      statusId: PaymentStatus.New,
    });
    expect(res.body.data.attributes.redirectUrl).toBe(`${stripe.url}/c/pay/${row.providerRef}`);
  });

  it.each([
    [{ amount: '0.99' }, 'amount', 'The amount field must be 1 or more'],
    [{ amount: 10_000.01 }, 'amount', 'The amount field must be 10000 or less'],
    [
      { amount: '1.005' },
      'amount',
      'Enter the amount in US dollars with at most 2 decimals, e.g. 25 or 25.50.',
    ],
    [
      { amount: '1e3' },
      'amount',
      'Enter the amount in US dollars with at most 2 decimals, e.g. 25 or 25.50.',
    ],
    [{ amount: '' }, 'amount', 'The amount field is required'],
    [{ email: 'nope' }, 'email', 'The email field must be a valid email'],
  ])('refuses %j with a field error', async (change, field, message) => {
    const { token } = await makeUserWithToken(t.db);
    const body = { paymentMethod: 'card', amount: 10, email: 'buyer@example.com', ...change };
    const res = await pay(token, 'card', body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
  });

  it('asks for the network of a crypto payment, and says a method with no provider is not available', async () => {
    const { token } = await makeUserWithToken(t.db);
    const crypto = await pay(
      token,
      'crypto',
      { paymentMethod: 'crypto', amount: 10, email: 'a@example.com' },
      'ru',
    );
    expect(crypto.status).toBe(422);
    expect(crypto.body.errors).toEqual({ payCurrency: ['Выберите сеть для оплаты.'] });
    const paypal = await pay(token, 'paypal', {
      paymentMethod: 'paypal',
      amount: 10,
      email: 'a@example.com',
    });
    expect(paypal.status).toBe(422);
    expect(paypal.body.message).toBe('This payment method is not available.');
    expect(
      (await pay(token, 'cash', { paymentMethod: 'card', amount: 10, email: 'a@example.com' })).status,
    ).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect(
      (
        await t.api('POST', 'payments/card', {
          body: { paymentMethod: 'card', amount: 10, email: 'a@example.com' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('GET payments/{id} and POST payments/{id}/capture', () => {
  it('shows the owner’s payment only', async () => {
    const owner = await makeUserWithToken(t.db);
    const other = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, { userId: owner.user.id, amountCents: 700 });
    const mine = await t.api('GET', `payments/${payment.id}`, { token: owner.token, locale: 'ua' });
    expect(mine.body.data.attributes).toMatchObject({
      statusText: 'Новий',
      amount: 7,
      paid: null,
      redirectUrl: null,
    });
    expect((await t.api('GET', `payments/${payment.id}`, { token: other.token })).status).toBe(404);
  });

  it('has nothing to capture for a card payment (its webhook completes it)', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 700 });
    const res = await t.api('POST', `payments/${payment.id}/capture`, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This payment cannot be completed here.');
  });
});

describe('POST payments/webhooks/{provider}', () => {
  it('answers 400 to a delivery without a valid signature and records nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: {} },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_forged'))).toEqual(
      [],
    );
  });

  it('is not found for a provider that is not configured, or not one of ours', async () => {
    for (const provider of ['paypal', 'nowpayments', 'acme']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${provider}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, provider).toBe(provider === 'acme' ? 422 : 404);
    }
  });
});

describe('GET settings', () => {
  it('turns the methods on from the configured providers', async () => {
    const res = await t.api('GET', 'settings');
    expect(res.body.data.attributes).toMatchObject({
      stripePublic: 'pk_test_routes',
      paymentService: 'stripe',
      enablePayPal: false,
      enableCrypto: false,
    });
  });
});
