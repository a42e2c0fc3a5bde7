import { createHmac } from 'node:crypto';
import { randomId } from './stripe-sessions.ts';

/**
 * Stripe's webhook deliveries, written from its docs (docs.stripe.com/webhooks#verify-manually), not
 * from the SDK that verifies them: a POST of the event as pretty-printed JSON with
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint's
 * secret>`. The adapter must verify the raw bytes, so the spacing matters and is kept as Stripe's.
 */
export interface StripeEventBody {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** A version string as Stripe stamps events with the endpoint's API version. */
const EVENT_API_VERSION = '2026-10-28.endive';

export function stripeEvent(type: string, object: Record<string, unknown>): StripeEventBody {
  return {
    id: randomId('evt_test'),
    object: 'event',
    api_version: EVENT_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export function stripeSignature(params: { payload: string; secret: string; timestamp: number }): string {
  const { payload, secret, timestamp } = params;
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** How a delivery is signed; tests change one part to forge, age or break it. */
export interface SigningOptions {
  /** Another secret than the endpoint's: a forged signature. */
  secret?: string;
  /** Unix seconds; an old one is a replayed capture. */
  timestamp?: number;
  /** The header as it is, instead of signing. */
  signature?: string;
  /** Changes the body after signing: a tampered delivery. */
  tamper?: (payload: string) => string;
}

export interface SignedDelivery {
  headers: Record<string, string>;
  rawBody: Buffer;
}

export function signedDelivery(
  event: StripeEventBody,
  endpointSecret: string,
  options: SigningOptions = {},
): SignedDelivery {
  const payload = JSON.stringify(event, null, 2);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature =
    options.signature ?? stripeSignature({ payload, secret: options.secret ?? endpointSecret, timestamp });
  const body = options.tamper ? options.tamper(payload) : payload;
  return {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    rawBody: Buffer.from(body, 'utf8'),
  };
}

/** One POST to the endpoint and what it answered (status 0: it could not be reached). */
export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  response: string;
}
