import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paypalProvider } from './paypal.ts';
import { centsToValue, PayPalApiError, valueToCents } from './paypal-api.ts';
import { PAYPAL_TRANSMISSION_HEADERS } from './paypal-webhook.ts';
import { type PayPalStandIn, startPayPalStandIn } from './stand-ins/paypal.ts';
import { paypalError } from './stand-ins/paypal-orders.ts';
import { foreignKey, type PayPalSignedDelivery } from './stand-ins/paypal-webhooks.ts';
import { type CheckoutRequest, type PaymentProvider, WebhookSignatureError } from './types.ts';

const CLIENT_ID = 'AZlinkwatchStandInClientId';
const CLIENT_SECRET = 'EL-linkwatch-stand-in-secret';
const WEBHOOK_ID = '8PT597110X687430LKGECATA';

const request: CheckoutRequest = {
  paymentId: 42,
  amountCents: 10_050,
  email: 'buyer@example.com',
  description: 'Linkwatch credits: 100,500',
  successUrl: 'http://app.example/en/balance?payment=42',
  cancelUrl: 'http://app.example/en/balance?payment=42&cancelled=1',
};

let paypal: PayPalStandIn;
let provider: PaymentProvider;

beforeEach(async () => {
  paypal = await startPayPalStandIn({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
  });
  provider = adapter();
});
afterEach(() => paypal.close());

function adapter(overrides: { clientSecret?: string; webhookId?: string } = {}) {
  return paypalProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    baseUrl: paypal.url,
    timeoutMs: 5_000,
    brandName: 'Linkwatch',
    ...overrides,
  });
}

const read = (delivery: PayPalSignedDelivery) => provider.readWebhook(delivery);
const capture = (orderId: string) => {
  if (!provider.capture) throw new Error('the PayPal adapter captures');
  return provider.capture(orderId);
};
const apiCalls = () => paypal.requests.map((r) => `${r.method} ${r.path}`);

describe('paypal createCheckout', () => {
  it('gets a token with the app’s credentials and creates a CAPTURE order in USD with our payment id', async () => {
    const checkout = await provider.createCheckout(request);
    const order = paypal.order(checkout.providerRef);
    expect(order?.status).toBe('PAYER_ACTION_REQUIRED');
    expect(checkout.redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${checkout.providerRef}`);
    const [sent] = paypal.requests;
    expect(sent?.path).toBe('/v2/checkout/orders');
    expect(sent?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(sent?.headers['paypal-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: '42',
          custom_id: '42',
          description: 'Linkwatch credits: 100,500',
          amount: { currency_code: 'USD', value: '100.50' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Linkwatch',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
        },
      },
    });
    const page = await fetch(checkout.redirectUrl).then((r) => r.text());
    expect(page).toContain('$100.50');
  });

  it('keeps its token between calls and fetches a new one once PayPal stops taking it', async () => {
    await provider.createCheckout(request);
    await provider.createCheckout(request);
    expect(apiCalls()).toEqual(['POST /v2/checkout/orders', 'POST /v2/checkout/orders']);
    const [first, second] = paypal.requests;
    expect(second?.headers.authorization).toBe(first?.headers.authorization);
    paypal.revokeTokens();
    await provider.createCheckout(request);
    const third = paypal.requests.at(-1);
    expect(third?.headers.authorization).not.toBe(first?.headers.authorization);
    expect(apiCalls()).toHaveLength(4); // the refused call and its repeat with the new token
  });

  it('fails with PayPal’s 401 invalid_client when the secret is wrong', async () => {
    await expect(adapter({ clientSecret: 'wrong' }).createCheckout(request)).rejects.toMatchObject({
      name: 'PayPalApiError',
      status: 401,
      errorName: 'invalid_client',
    });
    expect(paypal.requests).toEqual([]);
  });

  it('fails with PayPal’s 422 and 429 as PayPal words them, without retrying a refusal', async () => {
    await expect(provider.createCheckout({ ...request, amountCents: 0 })).rejects.toMatchObject({
      status: 422,
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
    });
    paypal.failNext(paypalError({ status: 429, name: 'RATE_LIMIT_REACHED' }));
    const limited = provider.createCheckout(request);
    await expect(limited).rejects.toBeInstanceOf(PayPalApiError);
    await expect(limited).rejects.toMatchObject({ status: 429, errorName: 'RATE_LIMIT_REACHED' });
    expect(apiCalls()).toHaveLength(2);
  });

  it('retries an outage with the same PayPal-Request-Id, and gives up after three attempts', async () => {
    const outage = paypalError({ status: 500, name: 'INTERNAL_SERVER_ERROR' });
    paypal.failNext(outage, 1);
    const checkout = await provider.createCheckout(request);
    expect(paypal.order(checkout.providerRef)).toBeDefined();
    const ids = paypal.requests.map((r) => r.headers['paypal-request-id']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    paypal.failNext(outage, 3);
    await expect(provider.createCheckout(request)).rejects.toMatchObject({ status: 500 });
    expect(paypal.requests).toHaveLength(5);
  });
});

describe('paypal capture', () => {
  it('captures an approved order: paid with the amount PayPal captured, the same event on a second capture', async () => {
    const { providerRef } = await provider.createCheckout(request);
    const back = new URL(paypal.approve(providerRef));
    expect(back.searchParams.get('token')).toBe(providerRef);
    expect(back.searchParams.get('payment')).toBe('42');
    const paid = await capture(providerRef);
    const captureId = paypal.order(providerRef)?.capture?.id;
    expect(paid).toEqual({
      eventId: `capture:${captureId}:COMPLETED`,
      providerRef,
      kind: 'paid',
      paidCents: 10_050,
      currency: 'usd',
    });
    expect(paypal.requests.at(-1)?.headers['paypal-request-id']).toBe(`capture-${providerRef}`);
    expect(await capture(providerRef)).toEqual(paid);
  });

  it('reads an order PayPal already captured (ORDER_ALREADY_CAPTURED) from the order', async () => {
    const { providerRef } = await provider.createCheckout(request);
    await paypal.completeCapture(providerRef);
    expect(await capture(providerRef)).toMatchObject({ kind: 'paid', paidCents: 10_050, providerRef });
    expect(apiCalls().slice(-2)).toEqual([
      `POST /v2/checkout/orders/${providerRef}/capture`,
      `GET /v2/checkout/orders/${providerRef}`,
    ]);
  });

  it('ignores an order not approved yet, and cancels on a declined instrument or a denied capture', async () => {
    const open = await provider.createCheckout(request);
    expect(await capture(open.providerRef)).toMatchObject({ kind: 'ignored' });
    paypal.approve(open.providerRef, { instrumentDeclines: true });
    expect(await capture(open.providerRef)).toEqual({
      eventId: `order:${open.providerRef}:INSTRUMENT_DECLINED`,
      providerRef: open.providerRef,
      kind: 'cancelled',
    });
    const denied = await provider.createCheckout(request);
    await paypal.completeCapture(denied.providerRef, 'DENIED');
    expect(await capture(denied.providerRef)).toMatchObject({
      kind: 'cancelled',
      providerRef: denied.providerRef,
    });
  });

  it('fails on an order PayPal does not know', async () => {
    await expect(capture('5O190127TN364715T')).rejects.toMatchObject({
      status: 404,
      errorName: 'RESOURCE_NOT_FOUND',
    });
  });
});

describe('paypal readWebhook', () => {
  it('verifies a delivery with PayPal and reads PAYMENT.CAPTURE.COMPLETED as paid for its order', async () => {
    const { providerRef } = await provider.createCheckout(request);
    await paypal.completeCapture(providerRef);
    const event = paypal.orderEvent('PAYMENT.CAPTURE.COMPLETED', providerRef);
    const delivery = paypal.sign(event);
    expect(await read(delivery)).toEqual({
      eventId: event.id,
      providerRef,
      kind: 'paid',
      paidCents: 10_050,
      currency: 'usd',
    });
    const verify = paypal.requests.at(-1);
    expect(verify?.path).toBe('/v1/notifications/verify-webhook-signature');
    const headers = delivery.headers;
    expect(verify?.body).toEqual({
      auth_algo: headers[PAYPAL_TRANSMISSION_HEADERS.auth_algo],
      cert_url: headers[PAYPAL_TRANSMISSION_HEADERS.cert_url],
      transmission_id: headers[PAYPAL_TRANSMISSION_HEADERS.transmission_id],
      transmission_sig: headers[PAYPAL_TRANSMISSION_HEADERS.transmission_sig],
      transmission_time: headers[PAYPAL_TRANSMISSION_HEADERS.transmission_time],
      webhook_id: WEBHOOK_ID,
      webhook_event: JSON.parse(delivery.rawBody.toString()),
    });
  });

  it('reports the amount PayPal says was captured, even when it differs from the order', async () => {
    const { providerRef } = await provider.createCheckout(request);
    await paypal.completeCapture(providerRef);
    const event = paypal.orderEvent('PAYMENT.CAPTURE.COMPLETED', providerRef);
    event.resource.amount = { currency_code: 'EUR', value: '1.5' };
    expect(await read(paypal.sign(event))).toMatchObject({ kind: 'paid', paidCents: 150, currency: 'eur' });
  });

  it('reads a denied capture and a voided order as cancelled', async () => {
    const denied = await provider.createCheckout(request);
    await paypal.completeCapture(denied.providerRef, 'DENIED');
    const deniedEvent = paypal.orderEvent('PAYMENT.CAPTURE.DENIED', denied.providerRef);
    expect(await read(paypal.sign(deniedEvent))).toEqual({
      eventId: deniedEvent.id,
      providerRef: denied.providerRef,
      kind: 'cancelled',
    });
    const voided = await provider.createCheckout(request);
    const voidEvent = paypal.orderEvent('CHECKOUT.ORDER.VOIDED', voided.providerRef);
    expect(await read(paypal.sign(voidEvent))).toEqual({
      eventId: voidEvent.id,
      providerRef: voided.providerRef,
      kind: 'cancelled',
    });
  });

  it('captures an order on CHECKOUT.ORDER.APPROVED, with the event id the browser’s capture would get', async () => {
    const { providerRef } = await provider.createCheckout(request);
    paypal.approve(providerRef);
    const approved = await read(paypal.sign(paypal.orderEvent('CHECKOUT.ORDER.APPROVED', providerRef)));
    expect(approved).toMatchObject({ kind: 'paid', providerRef, paidCents: 10_050 });
    expect(paypal.order(providerRef)?.status).toBe('COMPLETED');
    expect(await capture(providerRef)).toEqual(approved);
  });

  it('reads CUSTOMER.DISPUTE.CREATED as a dispute of the order whose capture is disputed', async () => {
    const other = await provider.createCheckout(request);
    const disputed = await provider.createCheckout(request);
    await paypal.completeCapture(other.providerRef);
    await paypal.completeCapture(disputed.providerRef);
    const event = paypal.orderEvent('PAYMENT.CAPTURE.COMPLETED', disputed.providerRef);
    paypal.setWebhookUrl(undefined);
    await paypal.dispute(disputed.providerRef);
    const dispute = [...paypal.events.values()].find((e) => e.event_type === 'CUSTOMER.DISPUTE.CREATED');
    if (!dispute) throw new Error('no dispute event');
    expect(await read(paypal.sign(dispute))).toEqual({
      eventId: dispute.id,
      providerRef: disputed.providerRef,
      kind: 'dispute',
    });
    const captureId = (event.resource as { id: string }).id;
    expect(apiCalls()).toContain(`GET /v2/payments/captures/${captureId}`);
    dispute.resource.disputed_transactions = [{ seller_transaction_id: '9XY00000000000000' }];
    expect(await read(paypal.sign(dispute))).toEqual({ eventId: dispute.id, kind: 'ignored' });
  });

  it('reads PAYMENT.CAPTURE.REFUNDED and REVERSED as a refund of the order whose capture the Refund names', async () => {
    const other = await provider.createCheckout(request);
    const refunded = await provider.createCheckout(request);
    await paypal.completeCapture(other.providerRef);
    await paypal.completeCapture(refunded.providerRef);
    paypal.setWebhookUrl(undefined);
    await paypal.refund(refunded.providerRef);
    const event = [...paypal.events.values()].find((e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    if (!event) throw new Error('no refund event');
    // As PayPal sends it: the Refund, naming its capture only by the `up` link.
    expect(event).toMatchObject({ resource_type: 'refund', resource: { status: 'COMPLETED' } });
    expect(event.resource).not.toHaveProperty('supplementary_data');
    expect(await read(paypal.sign(event))).toEqual({
      eventId: event.id,
      providerRef: refunded.providerRef,
      kind: 'refund',
    });
    const captureId = paypal.order(refunded.providerRef)?.capture?.id;
    expect(apiCalls()).toContain(`GET /v2/payments/captures/${captureId}`);
    expect(paypal.order(refunded.providerRef)?.capture?.status).toBe('REFUNDED');

    await paypal.refund(other.providerRef, { reversed: true });
    const reversed = [...paypal.events.values()].find((e) => e.event_type === 'PAYMENT.CAPTURE.REVERSED');
    if (!reversed) throw new Error('no reversal event');
    expect(await read(paypal.sign(reversed))).toMatchObject({
      providerRef: other.providerRef,
      kind: 'refund',
    });

    // A refund of a capture PayPal does not know (not ours) is ignored.
    event.resource.links = [
      { href: `${paypal.url}/v2/payments/captures/9XY00000000000000`, rel: 'up', method: 'GET' },
    ];
    expect(await read(paypal.sign(event))).toEqual({ eventId: event.id, kind: 'ignored' });
  });

  it('ignores events it does not act on', async () => {
    const { providerRef } = await provider.createCheckout(request);
    await paypal.completeCapture(providerRef);
    const pending = paypal.orderEvent('PAYMENT.CAPTURE.PENDING', providerRef);
    expect(await read(paypal.sign(pending))).toEqual({ eventId: pending.id, kind: 'ignored' });
  });

  it('refuses a forged, tampered, unsigned, foreign-cert or other-webhook delivery', async () => {
    const { providerRef } = await provider.createCheckout(request);
    await paypal.completeCapture(providerRef);
    const event = paypal.orderEvent('PAYMENT.CAPTURE.COMPLETED', providerRef);
    const refused = [
      paypal.sign(event, { privateKey: foreignKey() }),
      paypal.sign(event, { tamper: (body) => body.replace('"value":"100.50"', '"value":"999.50"') }),
      paypal.sign(event, { omit: ['paypal-transmission-sig'] }),
      paypal.sign(event, { certUrl: 'https://evil.example/cert.pem' }),
      paypal.sign(event, { webhookId: 'ANOTHERWEBHOOK0000000000' }),
      { headers: paypal.sign(event).headers, rawBody: Buffer.from('not json') },
    ];
    expect(refused[1]?.rawBody.toString()).toContain('"value":"999.50"');
    for (const delivery of refused) {
      await expect(read(delivery)).rejects.toBeInstanceOf(WebhookSignatureError);
    }
    const misconfigured = adapter({ webhookId: 'ANOTHERWEBHOOK0000000000' });
    await expect(misconfigured.readWebhook(paypal.sign(event))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(read(paypal.sign(event))).resolves.toMatchObject({ kind: 'paid' });
  });

  it('fails (for PayPal to deliver again) when the verify call cannot be made', async () => {
    const { providerRef } = await provider.createCheckout(request);
    const event = paypal.orderEvent('CHECKOUT.ORDER.VOIDED', providerRef);
    paypal.failNext(paypalError({ status: 503, name: 'INTERNAL_SERVER_ERROR' }), 3);
    const outcome = read(paypal.sign(event));
    await expect(outcome).rejects.toBeInstanceOf(PayPalApiError);
    await expect(outcome).rejects.not.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('paypal amounts', () => {
  it('writes cents as PayPal’s two-place decimal and reads it back exactly', () => {
    expect([1, 100, 10_050, 1_000_000].map(centsToValue)).toEqual(['0.01', '1.00', '100.50', '10000.00']);
    expect(['0.01', '12', '12.5', '100.50', '10000.00'].map(valueToCents)).toEqual([
      1, 1200, 1250, 10_050, 1_000_000,
    ]);
    expect(['', '-1.00', '1.005', 'abc'].map(valueToCents)).toEqual([0, 0, 0, 0]);
  });
});
