import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NowPaymentsProvider, nowpaymentsProvider, sortedJson } from './nowpayments.ts';
import { type NowPaymentsStandIn, startNowPaymentsStandIn } from './stand-ins/nowpayments.ts';
import type { SignedIpn } from './stand-ins/nowpayments-ipn.ts';
import { type CheckoutRequest, type PaymentEvent, WebhookSignatureError } from './types.ts';

const API_KEY = 'NP1LINK-WATCHST-ANDINKE-Y000001';
const IPN_SECRET = 'linkwatch-ipn-secret-0001';
// Nothing listens on the discard port: the invoice's own IPN URL is refused at once.
const IPN_CALLBACK_URL = 'http://127.0.0.1:9/api/payments/webhooks/nowpayments';

const request: CheckoutRequest = {
  paymentId: 42,
  amountCents: 10_050,
  email: 'buyer@example.com',
  description: 'Linkwatch credits: 100,500',
  payCurrency: 'usdttrc20',
  successUrl: 'http://app.example/en/balance?payment=42',
  cancelUrl: 'http://app.example/en/balance?payment=42&cancelled=1',
};

let nowpayments: NowPaymentsStandIn;
let crypto: NowPaymentsProvider;

beforeEach(async () => {
  nowpayments = await startNowPaymentsStandIn({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
  crypto = adapter();
});
afterEach(() => nowpayments.close());

function adapter(overrides: { apiKey?: string; ipnSecret?: string } = {}) {
  return nowpaymentsProvider({
    apiKey: API_KEY,
    ipnSecret: IPN_SECRET,
    baseUrl: nowpayments.url,
    ipnCallbackUrl: IPN_CALLBACK_URL,
    timeoutMs: 5_000,
    ...overrides,
  });
}

const read = (delivery: SignedIpn) => crypto.readWebhook(delivery);

describe('nowpayments createCheckout', () => {
  it('creates an invoice in USD for the chosen network, with our payment id and URLs', async () => {
    const checkout = await crypto.createCheckout(request);
    const invoice = nowpayments.invoice(checkout.providerRef);
    expect(invoice).toMatchObject({ priceAmount: 100.5, payCurrency: 'usdttrc20', orderId: '42' });
    expect(checkout).toEqual({
      providerRef: invoice?.id,
      redirectUrl: `${nowpayments.url}/payment/?iid=${invoice?.id}`,
      details: { pay_currency: 'usdttrc20' },
    });
    const [asked, sent] = nowpayments.requests;
    // The coin's minimum first, in dollars (GET /v1/min-amount).
    expect(asked).toMatchObject({
      method: 'GET',
      path: '/v1/min-amount',
      query: { currency_from: 'usdttrc20', fiat_equivalent: 'usd' },
    });
    expect(asked?.headers['x-api-key']).toBe(API_KEY);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/invoice');
    expect(sent?.headers['x-api-key']).toBe(API_KEY);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({
      price_amount: 100.5,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
      order_id: '42',
      order_description: 'Linkwatch credits: 100,500',
      ipn_callback_url: IPN_CALLBACK_URL,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    const page = await fetch(checkout.redirectUrl).then((r) => r.text());
    expect(page).toContain('$100.50');
    expect(page).toContain('USDTTRC20');
  });

  it('leaves the coin to the invoice page when none was chosen', async () => {
    const checkout = await crypto.createCheckout({ ...request, payCurrency: undefined });
    expect(nowpayments.requests[0]?.body).not.toHaveProperty('pay_currency');
    expect(checkout.details).toBeUndefined();
  });

  it('fails with NOWPayments’ 403 when the API key is wrong', async () => {
    await expect(adapter({ apiKey: 'wrong' }).createCheckout(request)).rejects.toMatchObject({
      name: 'NowPaymentsApiError',
      status: 403,
      code: 'INVALID_API_KEY',
    });
  });

  it('refuses a price under the coin’s minimum with that minimum in US cents, before any invoice', async () => {
    await expect(
      crypto.createCheckout({ ...request, amountCents: 999, payCurrency: 'btc' }),
    ).rejects.toMatchObject({ name: 'AmountBelowMinimumError', minCents: 1000, payCurrency: 'btc' });
    await expect(
      crypto.createCheckout({ ...request, amountCents: 1499, payCurrency: 'USDTERC20' }),
    ).rejects.toMatchObject({ minCents: 1500, payCurrency: 'usdterc20' });
    expect(nowpayments.requests.map((r) => r.path)).toEqual(['/v1/min-amount', '/v1/min-amount']);
    // At the minimum it goes through.
    const checkout = await crypto.createCheckout({ ...request, amountCents: 1000, payCurrency: 'btc' });
    expect(nowpayments.invoice(checkout.providerRef)).toMatchObject({ priceAmount: 10, payCurrency: 'btc' });
  });

  it('fails with the provider’s errors as NOWPayments words them, and does not retry them', async () => {
    await expect(crypto.createCheckout({ ...request, payCurrency: 'doge' })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST_PARAMS',
      message: expect.stringContaining('"currency_from" doge is not supported'),
    });
    nowpayments.failNext({ status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' });
    await expect(crypto.createCheckout(request)).rejects.toMatchObject({ status: 429 });
    nowpayments.failNext({ status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    await expect(crypto.createCheckout(request)).rejects.toMatchObject({ status: 500 });
    // Each refused at its first call (the coin's minimum): none is asked twice.
    expect(nowpayments.requests).toHaveLength(3);
  });
});

describe('nowpayments networks', () => {
  it('lists the store’s coins lower-cased and asks again only after a while', async () => {
    expect(await crypto.networks()).toEqual([
      'btc',
      'eth',
      'ltc',
      'usdttrc20',
      'usdterc20',
      'usdtbsc',
      'trx',
    ]);
    expect(await crypto.networks()).toHaveLength(7);
    expect(nowpayments.requests.map((r) => `${r.method} ${r.path} ${r.headers['x-api-key']}`)).toEqual([
      `GET /v1/merchant/coins ${API_KEY}`,
    ]);
  });

  it('lists every coin NOWPayments has when the store picked none', async () => {
    await nowpayments.close();
    nowpayments = await startNowPaymentsStandIn({ apiKey: API_KEY, ipnSecret: IPN_SECRET, storeCoins: [] });
    expect(await adapter().networks()).toEqual([
      'btc',
      'eth',
      'ltc',
      'trx',
      'usdttrc20',
      'usdterc20',
      'usdtbsc',
    ]);
  });

  it('fails when NOWPayments does', async () => {
    nowpayments.failNext({ status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    await expect(crypto.networks()).rejects.toMatchObject({ status: 500 });
  });
});

/** An IPN endpoint of our own that reads what the stand-in sends through the adapter. */
async function startEndpoint() {
  const events: PaymentEvent[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      events.push(await crypto.readWebhook({ headers: req.headers, rawBody: Buffer.concat(chunks) }));
      res.writeHead(200).end('{}');
    } catch (error) {
      res.writeHead(error instanceof WebhookSignatureError ? 400 : 500).end(String(error));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhooks/nowpayments`;
  return { url, events, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('nowpayments readWebhook', () => {
  it('reads a payment’s IPNs: the in-between statuses ignored, finished as paid at the invoice’s price', async () => {
    const endpoint = await startEndpoint();
    nowpayments.setIpnUrl(endpoint.url);
    const { providerRef } = await crypto.createCheckout(request);
    const sent = await nowpayments.pay(providerRef);
    expect(sent.map((d) => [d.status, d.httpStatus])).toEqual([
      ['waiting', 200],
      ['confirming', 200],
      ['confirmed', 200],
      ['sending', 200],
      ['finished', 200],
    ]);
    const paymentId = sent[0]?.paymentId;
    expect(endpoint.events).toEqual([
      { eventId: `${paymentId}:waiting`, kind: 'ignored' },
      { eventId: `${paymentId}:confirming`, kind: 'ignored' },
      { eventId: `${paymentId}:confirmed`, kind: 'ignored' },
      { eventId: `${paymentId}:sending`, kind: 'ignored' },
      { eventId: `${paymentId}:finished`, providerRef, kind: 'paid', paidCents: 10_050, currency: 'usd' },
    ]);
    await endpoint.close();
  });

  it('reads partially_paid as partial for what arrived, in USD at the invoice’s rate, rounded down', async () => {
    const { providerRef } = await crypto.createCheckout({ ...request, payCurrency: 'btc' });
    await nowpayments.pay(providerRef, 0.5);
    const body = nowpayments.ipn(providerRef, 'partially_paid');
    expect(body.pay_amount).toBe(0.00157031);
    expect(body.actually_paid).toBe(0.00078515);
    expect(await read(nowpayments.sign(body))).toEqual({
      eventId: `${body.payment_id}:partially_paid`,
      providerRef,
      kind: 'partial',
      paidCents: 5024, // 100.50 × 0.00078515 / 0.00157031 = 50.2496…
      currency: 'usd',
    });
  });

  it('reads a payment finished short (the store’s covering tolerance) as partial, not as the full price', async () => {
    const { providerRef } = await crypto.createCheckout(request);
    await nowpayments.pay(providerRef, 0.99);
    const body = { ...nowpayments.ipn(providerRef, 'finished') };
    expect(await read(nowpayments.sign(body))).toMatchObject({ kind: 'partial', paidCents: 9949 });
  });

  it('reports the price and currency NOWPayments names, even when they are not the invoice’s', async () => {
    const { providerRef } = await crypto.createCheckout(request);
    await nowpayments.pay(providerRef);
    const body = { ...nowpayments.ipn(providerRef, 'finished'), price_amount: 5, price_currency: 'EUR' };
    expect(await read(nowpayments.sign(body))).toMatchObject({
      kind: 'paid',
      paidCents: 500,
      currency: 'eur',
    });
  });

  it('reads refunded as a refund of its invoice', async () => {
    const { providerRef } = await crypto.createCheckout(request);
    await nowpayments.pay(providerRef);
    const body = nowpayments.ipn(providerRef, 'refunded');
    expect(await read(nowpayments.sign(body))).toEqual({
      eventId: `${body.payment_id}:refunded`,
      providerRef,
      kind: 'refund',
    });
  });

  it('reads expired and failed as cancelled', async () => {
    const { providerRef } = await crypto.createCheckout(request);
    await nowpayments.expire(providerRef);
    for (const status of ['expired', 'failed']) {
      const body = nowpayments.ipn(providerRef, status);
      expect(await read(nowpayments.sign(body))).toEqual({
        eventId: `${body.payment_id}:${status}`,
        providerRef,
        kind: 'cancelled',
      });
    }
  });

  it('gives a notification delivered again the same event id, and ignores a payment not made from an invoice', async () => {
    const { providerRef } = await crypto.createCheckout(request);
    await nowpayments.pay(providerRef);
    const body = nowpayments.ipn(providerRef, 'finished');
    const reads = await Promise.all(Array.from({ length: 10 }, () => read(nowpayments.sign(body))));
    expect(new Set(reads.map((event) => event.eventId))).toEqual(new Set([`${body.payment_id}:finished`]));
    const direct = { ...body, invoice_id: null };
    expect(await read(nowpayments.sign(direct))).toEqual({
      eventId: `${body.payment_id}:finished`,
      kind: 'ignored',
    });
  });

  it('refuses an IPN signed with another secret, tampered with, signed unsorted, or with no signature', async () => {
    const { providerRef } = await crypto.createCheckout(request);
    await nowpayments.pay(providerRef);
    const body = nowpayments.ipn(providerRef, 'finished');
    const good = nowpayments.sign(body);
    const unsortedSignature = createHmac('sha512', IPN_SECRET).update(good.rawBody).digest('hex');
    const refused = [
      nowpayments.sign(body, { secret: 'someone-else' }),
      nowpayments.sign(body, {
        tamper: (text) => text.replace('"price_amount":100.5', '"price_amount":1005'),
      }),
      nowpayments.sign(body, { signature: unsortedSignature }),
      nowpayments.sign(body, { signature: 'garbage' }),
      { headers: { 'content-type': 'application/json' }, rawBody: good.rawBody },
      { headers: good.headers, rawBody: Buffer.from('[1,2]') },
    ];
    expect(refused[1]?.rawBody.toString()).toContain('"price_amount":1005');
    for (const delivery of refused) {
      await expect(read(delivery)).rejects.toBeInstanceOf(WebhookSignatureError);
    }
    await expect(adapter({ ipnSecret: 'another-store' }).readWebhook(good)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(read(good)).resolves.toMatchObject({ kind: 'paid' });
  });

  it('signs what NOWPayments signs: keys sorted at every level, arrays kept in order', () => {
    expect(sortedJson({ b: 1, a: { d: [{ y: 1, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"x":2,"y":1}]},"b":1}',
    );
  });
});
