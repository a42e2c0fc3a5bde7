import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from './stand-ins/stripe.ts';
import { type SignedDelivery, stripeEvent } from './stand-ins/stripe-webhooks.ts';
import { stripeProvider } from './stripe.ts';
import { type CheckoutRequest, type PaymentProvider, WebhookSignatureError } from './types.ts';

const SECRET_KEY = 'sk_test_51LinkwatchStandInKey0001';
const WEBHOOK_SECRET = 'whsec_linkwatch_test_secret';

const request: CheckoutRequest = {
  paymentId: 42,
  amountCents: 10_050,
  email: 'buyer@example.com',
  description: 'Linkwatch credits: 100,500',
  successUrl: 'http://app.example/en/balance?payment=42',
  cancelUrl: 'http://app.example/en/balance?payment=42&cancelled=1',
};

let stripe: StripeStandIn;
let card: PaymentProvider;

beforeEach(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  card = provider();
});
afterEach(() => stripe.close());

function provider(overrides: { secretKey?: string; webhookSecret?: string } = {}) {
  return stripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    baseUrl: stripe.url,
    timeoutMs: 5_000,
    ...overrides,
  });
}

const read = (delivery: SignedDelivery) => card.readWebhook(delivery);

const disputeOf = (paymentIntent: string) =>
  stripeEvent('charge.dispute.created', {
    id: 'dp_test_1',
    object: 'dispute',
    amount: 10_050,
    currency: 'usd',
    payment_intent: paymentIntent,
    reason: 'fraudulent',
  });

describe('stripe createCheckout', () => {
  it('opens a Checkout Session for the amount in USD cents, with our payment id as its reference', async () => {
    const checkout = await card.createCheckout(request);
    expect(checkout.providerRef).toMatch(/^cs_test_/);
    expect(checkout.redirectUrl).toBe(`${stripe.url}/c/pay/${checkout.providerRef}`);
    const [sent] = stripe.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/checkout/sessions');
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent?.headers['idempotency-key']).toBeTruthy();
    expect(sent?.form).toEqual({
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '10050',
            product_data: { name: 'Linkwatch credits: 100,500' },
          },
        },
      ],
      customer_email: 'buyer@example.com',
      client_reference_id: '42',
      metadata: { payment_id: '42' },
      payment_intent_data: { metadata: { payment_id: '42' } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    const page = await fetch(checkout.redirectUrl).then((r) => r.text());
    expect(page).toContain('$100.50');
    expect(page).toContain('buyer@example.com');
  });

  it('fails with Stripe’s 401 when the secret key is wrong', async () => {
    const wrong = provider({ secretKey: 'sk_test_wrong_key_000000' });
    await expect(wrong.createCheckout(request)).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+0000$/),
    });
    expect(stripe.requests).toHaveLength(1);
  });

  it('fails with the provider’s error as Stripe words it, and does not retry a refusal', async () => {
    stripe.failNext({
      status: 402,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    await expect(card.createCheckout(request)).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect(stripe.requests).toHaveLength(1);
  });

  it('retries an outage with the same Idempotency-Key, and gives up after three attempts', async () => {
    const outage = { status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } };
    stripe.failNext(outage, 1);
    const checkout = await card.createCheckout(request);
    expect(stripe.session(checkout.providerRef)?.status).toBe('open');
    const keys = stripe.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    stripe.failNext(outage, 3);
    await expect(card.createCheckout(request)).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 500,
    });
    expect(stripe.requests).toHaveLength(5);
  }, 15_000);

  it('fails with Stripe’s 400 for an amount under its $0.50 minimum', async () => {
    await expect(card.createCheckout({ ...request, amountCents: 49 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
    });
  });
});

describe('stripe readWebhook', () => {
  it('reads a paid checkout.session.completed as paid, with the amount and currency Stripe took', async () => {
    const { providerRef } = await card.createCheckout(request);
    await stripe.pay(providerRef);
    const event = stripe.sessionEvent('checkout.session.completed', providerRef);
    expect(await read(stripe.sign(event))).toEqual({
      eventId: event.id,
      providerRef,
      kind: 'paid',
      paidCents: 10_050,
      currency: 'usd',
    });
  });

  it('ignores a completed session still unpaid (its async payment decides later)', async () => {
    const { providerRef } = await card.createCheckout(request);
    const event = stripe.sessionEvent('checkout.session.completed', providerRef);
    expect(await read(stripe.sign(event))).toEqual({ eventId: event.id, kind: 'ignored' });
  });

  it('reads an expired session and a failed async payment as cancelled', async () => {
    const { providerRef } = await card.createCheckout(request);
    for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed']) {
      const event = stripe.sessionEvent(type, providerRef);
      expect(await read(stripe.sign(event))).toEqual({ eventId: event.id, providerRef, kind: 'cancelled' });
    }
  });

  it('reads charge.dispute.created as a dispute of the session that made the payment intent', async () => {
    const paid = await card.createCheckout(request);
    const other = await card.createCheckout({ ...request, paymentId: 43 });
    await stripe.pay(other.providerRef);
    await stripe.pay(paid.providerRef);
    const paymentIntent = stripe.session(paid.providerRef)?.paymentIntent;
    const event = disputeOf(paymentIntent ?? '');
    expect(await read(stripe.sign(event))).toEqual({
      eventId: event.id,
      providerRef: paid.providerRef,
      kind: 'dispute',
    });
    const lookup = stripe.requests.at(-1);
    expect(lookup?.method).toBe('GET');
    expect(lookup?.path).toBe('/v1/checkout/sessions');
    expect(lookup?.form).toMatchObject({ payment_intent: paymentIntent });
  });

  it('ignores a dispute of a payment not made through our Checkout, and events it does not act on', async () => {
    const dispute = disputeOf('pi_test_not_ours');
    expect(await read(stripe.sign(dispute))).toEqual({ eventId: dispute.id, kind: 'ignored' });
    const other = stripeEvent('payment_intent.created', { id: 'pi_test_1', object: 'payment_intent' });
    expect(await read(stripe.sign(other))).toEqual({ eventId: other.id, kind: 'ignored' });
  });

  it('refuses a delivery signed with another secret, a tampered body, no signature, or an old timestamp', async () => {
    const { providerRef } = await card.createCheckout(request);
    await stripe.pay(providerRef);
    const event = stripe.sessionEvent('checkout.session.completed', providerRef);
    const forged = stripe.sign(event, { secret: 'whsec_someone_else' });
    const tampered = stripe.sign(event, {
      tamper: (body) => body.replace('"amount_total": 10050', '"amount_total": 99999'),
    });
    const unsigned = { ...stripe.sign(event), headers: { 'content-type': 'application/json' } };
    const stale = stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(tampered.rawBody.toString()).toContain('"amount_total": 99999');
    for (const delivery of [forged, tampered, unsigned, stale]) {
      await expect(read(delivery)).rejects.toBeInstanceOf(WebhookSignatureError);
    }
    const recent = stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 60 });
    await expect(read(recent)).resolves.toMatchObject({ kind: 'paid' });
  });

  it('refuses a good delivery when our webhook secret is another endpoint’s', async () => {
    const { providerRef } = await card.createCheckout(request);
    const event = stripe.sessionEvent('checkout.session.expired', providerRef);
    const misconfigured = provider({ webhookSecret: 'whsec_another_endpoint' });
    await expect(misconfigured.readWebhook(stripe.sign(event))).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

/** A webhook endpoint of our own that reads what the stand-in delivers through the adapter. */
async function startEndpoint() {
  const events: unknown[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      events.push(await card.readWebhook({ headers: req.headers, rawBody: Buffer.concat(chunks) }));
      res.writeHead(200).end('{}');
    } catch (error) {
      res.writeHead(error instanceof WebhookSignatureError ? 400 : 500).end(String(error));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhooks/stripe`;
  return { url, events, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the stand-in’s hosted page and deliveries, read by the adapter', () => {
  const form = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

  it('Pay delivers a signed checkout.session.completed and sends the browser to success_url', async () => {
    const endpoint = await startEndpoint();
    stripe.setWebhookUrl(endpoint.url);
    const { providerRef, redirectUrl } = await card.createCheckout({
      ...request,
      successUrl: 'http://app.example/en/balance?session={CHECKOUT_SESSION_ID}',
    });
    const page = await fetch(redirectUrl).then((r) => r.text());
    expect(page).toMatch(/<button[^>]*>Pay<\/button>/);
    const paid = await form(`${redirectUrl}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.example/en/balance?session=${providerRef}`);
    expect(stripe.deliveries).toMatchObject([{ type: 'checkout.session.completed', status: 200 }]);
    expect(endpoint.events).toMatchObject([
      { kind: 'paid', providerRef, paidCents: 10_050, currency: 'usd' },
    ]);
    expect((await fetch(redirectUrl)).status).toBe(410);
    await endpoint.close();
  });

  it('Decline leaves the session open and sends the browser to cancel_url with reason=card_declined', async () => {
    const endpoint = await startEndpoint();
    stripe.setWebhookUrl(endpoint.url);
    const { providerRef, redirectUrl } = await card.createCheckout(request);
    const declined = await form(`${redirectUrl}/decline`);
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`${request.cancelUrl}&reason=card_declined`);
    expect(stripe.session(providerRef)?.status).toBe('open');
    expect(stripe.deliveries).toEqual([]);
    await endpoint.close();
  });

  it('expiring a session through the API delivers checkout.session.expired; a forged delivery gets a 400', async () => {
    const endpoint = await startEndpoint();
    stripe.setWebhookUrl(endpoint.url);
    const { providerRef } = await card.createCheckout(request);
    const expire = await fetch(`${stripe.url}/v1/checkout/sessions/${providerRef}/expire`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(await expire.json()).toMatchObject({ id: providerRef, status: 'expired', url: null });
    await expect
      .poll(() => endpoint.events)
      .toEqual([expect.objectContaining({ kind: 'cancelled', providerRef })]);
    const forged = await stripe.deliver(stripe.sessionEvent('checkout.session.completed', providerRef), {
      secret: 'whsec_forger',
    });
    expect(forged.status).toBe(400);
    expect(endpoint.events).toHaveLength(1);
    await endpoint.close();
  });
});
