import { z } from 'zod';
import { PayPalApiError, type paypalApi, valueToCents, ZCapture, type ZMoney } from './paypal-api.ts';
import { type PaymentEvent, WebhookSignatureError } from './types.ts';

/** The headers PayPal sends with each webhook delivery; all go to the verify call. */
export const PAYPAL_TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

type Api = ReturnType<typeof paypalApi>;

/**
 * A webhook delivery read: PayPal is asked whether it is genuine (`POST /v1/notifications/verify-
 * webhook-signature` with the transmission headers, our webhook id and the event exactly as it came),
 * then the event is read as the payment event it is (see paypal.ts). `capture` is the adapter's own,
 * for CHECKOUT.ORDER.APPROVED.
 */
export async function readPayPalWebhook(
  api: Api,
  params: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: Buffer;
    webhookId: string;
    capture: (orderId: string) => Promise<PaymentEvent>;
  },
): Promise<PaymentEvent> {
  const event = await verifiedEvent(api, params);
  return paymentEventOf(api, { event, capture: params.capture });
}

/** A capture's amount as a paid event of its order (a capture call's answer reads the same). */
export function paidEvent(params: {
  eventId: string;
  orderId: string;
  amount: z.infer<typeof ZMoney> | undefined;
}): PaymentEvent {
  const { eventId, orderId, amount } = params;
  return {
    eventId,
    providerRef: orderId,
    kind: 'paid',
    paidCents: amount ? valueToCents(amount.value) : 0,
    currency: (amount?.currency_code ?? '').toLowerCase(),
  };
}

const ZEvent = z
  .object({ id: z.string(), event_type: z.string(), resource: z.record(z.string(), z.unknown()) })
  .loose();
type WebhookEvent = z.infer<typeof ZEvent>;

const ZVerification = z.object({ verification_status: z.string() }).loose();

async function verifiedEvent(
  api: Api,
  delivery: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer; webhookId: string },
): Promise<WebhookEvent> {
  const transmission: Record<string, string> = {};
  for (const [field, header] of Object.entries(PAYPAL_TRANSMISSION_HEADERS)) {
    const value = delivery.headers[header];
    if (typeof value !== 'string' || value === '')
      throw new WebhookSignatureError(`No single ${header} header`);
    transmission[field] = value;
  }
  const text = delivery.rawBody.toString('utf8');
  const event = ZEvent.safeParse(parseJson(text));
  if (!event.success) throw new WebhookSignatureError('The body is not a PayPal event');
  // The event goes back byte for byte: PayPal checks its signature over the body it sent.
  const fields = Object.entries({ ...transmission, webhook_id: delivery.webhookId })
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join(',');
  let answer: unknown;
  try {
    answer = await api.call({
      method: 'POST',
      path: '/v1/notifications/verify-webhook-signature',
      body: `{${fields},"webhook_event":${text}}`,
    });
  } catch (error) {
    // A 400 is PayPal refusing what the delivery claims (a malformed header); anything else is ours to retry.
    if (error instanceof PayPalApiError && error.status === 400)
      throw new WebhookSignatureError(error.message);
    throw error;
  }
  const status = ZVerification.safeParse(answer).data?.verification_status;
  if (status !== 'SUCCESS')
    throw new WebhookSignatureError(`PayPal verification_status: ${status ?? 'none'}`);
  return event.data;
}

async function paymentEventOf(
  api: Api,
  { event, capture }: { event: WebhookEvent; capture: (orderId: string) => Promise<PaymentEvent> },
): Promise<PaymentEvent> {
  const eventId = event.id;
  const { resource } = event;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const parsed = ZCapture.safeParse(resource).data;
      const orderId = parsed?.supplementary_data?.related_ids?.order_id;
      if (!orderId) return { eventId, kind: 'ignored' };
      return paidEvent({ eventId, orderId, amount: parsed?.amount });
    }
    case 'PAYMENT.CAPTURE.DENIED': {
      const orderId = ZCapture.safeParse(resource).data?.supplementary_data?.related_ids?.order_id;
      return orderId ? { eventId, providerRef: orderId, kind: 'cancelled' } : { eventId, kind: 'ignored' };
    }
    case 'CHECKOUT.ORDER.VOIDED':
      return typeof resource.id === 'string'
        ? { eventId, providerRef: resource.id, kind: 'cancelled' }
        : { eventId, kind: 'ignored' };
    case 'CHECKOUT.ORDER.APPROVED':
      return typeof resource.id === 'string' ? capture(resource.id) : { eventId, kind: 'ignored' };
    case 'CUSTOMER.DISPUTE.CREATED': {
      const orderId = await disputedOrder(api, resource);
      return orderId ? { eventId, providerRef: orderId, kind: 'dispute' } : { eventId, kind: 'ignored' };
    }
    // The money went back to the buyer: refunded by us, or reversed by PayPal (a chargeback it settled).
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const orderId = await refundedOrder(api, resource);
      return orderId ? { eventId, providerRef: orderId, kind: 'refund' } : { eventId, kind: 'ignored' };
    }
    default:
      return { eventId, kind: 'ignored' };
  }
}

const ZDispute = z
  .object({
    disputed_transactions: z
      .array(z.object({ seller_transaction_id: z.string().optional() }).loose())
      .optional(),
  })
  .loose();

/**
 * A dispute names the seller's transaction (the capture id), not the order: PayPal is asked for the
 * capture, which names its order. A capture PayPal does not know (not ours) leaves the dispute ignored;
 * a failed call throws, so PayPal delivers the event again.
 */
async function disputedOrder(api: Api, resource: Record<string, unknown>): Promise<string | undefined> {
  for (const transaction of ZDispute.safeParse(resource).data?.disputed_transactions ?? []) {
    const captureId = transaction.seller_transaction_id;
    if (!captureId) continue;
    const orderId = await orderOfCapture(api, captureId);
    if (orderId) return orderId;
  }
  return undefined;
}

const ZRefund = z
  .object({ links: z.array(z.object({ href: z.string(), rel: z.string() }).loose()).optional() })
  .loose();
const CAPTURE_PATH = /\/v2\/payments\/captures\/([^/?#]+)$/;

/**
 * A refund (PAYMENT.CAPTURE.REFUNDED / REVERSED carry the Refund) names its capture only through its
 * `up` link; the capture, asked of PayPal like a dispute's, names the order.
 */
async function refundedOrder(api: Api, resource: Record<string, unknown>): Promise<string | undefined> {
  const up = ZRefund.safeParse(resource).data?.links?.find((link) => link.rel === 'up');
  const captureId = up
    ? CAPTURE_PATH.exec(new URL(up.href, 'https://api-m.paypal.com').pathname)?.[1]
    : undefined;
  return captureId ? orderOfCapture(api, decodeURIComponent(captureId)) : undefined;
}

/** The order a capture belongs to; undefined when PayPal does not know the capture (not ours). */
async function orderOfCapture(api: Api, captureId: string): Promise<string | undefined> {
  try {
    const answer = await api.call({
      method: 'GET',
      path: `/v2/payments/captures/${encodeURIComponent(captureId)}`,
    });
    return ZCapture.safeParse(answer).data?.supplementary_data?.related_ids?.order_id;
  } catch (error) {
    if (!(error instanceof PayPalApiError) || error.status !== 404) throw error;
    return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
