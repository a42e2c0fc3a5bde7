import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from './types.ts';

export interface StripeOptions {
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`) from the Stripe dashboard. */
  webhookSecret: string;
  /** https://api.stripe.com unless pointed elsewhere (tests and the offline demo: the stand-in). */
  baseUrl: string;
  timeoutMs?: number;
  /** How old a signed delivery may be; Stripe's SDK default (300 s) guards against replays of old captures. */
  toleranceSeconds?: number;
}

/** The header Stripe signs each webhook delivery in: `t=<unix seconds>,v1=<HMAC-SHA256 hex>`. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * Card payments through Stripe Checkout (the official `stripe` SDK, pinned to its own API version).
 * createCheckout opens a hosted Checkout Session for one line of USD cents; our Payment id travels as
 * `client_reference_id` and metadata, and the session id is the Payment's providerRef. Webhooks are
 * verified by the SDK (`Stripe-Signature`, HMAC-SHA256 of `${t}.${raw body}`, at most 5 minutes old)
 * and read as:
 * - `checkout.session.completed` / `…async_payment_succeeded` with payment_status `paid` → paid
 *   (amount_total, currency); `completed` while still `unpaid` waits for the async outcome.
 * - `checkout.session.expired` / `…async_payment_failed` → cancelled.
 * - `charge.dispute.created` → dispute. A dispute names only its PaymentIntent, so the session is
 *   found by asking Stripe (`GET /v1/checkout/sessions?payment_intent=…`): nothing extra is stored on
 *   our side. A dispute on a payment not made through our Checkout is ignored.
 * - `charge.refunded` → refund (found the same way): a partner's commission on it is taken back.
 * Everything else is ignored (still answered 200, so Stripe stops resending it).
 */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...hostOptions(options.baseUrl),
    timeout: options.timeoutMs ?? 30_000,
    // The SDK retries connection errors, 409s and 5xx with the same Idempotency-Key: no double session.
    maxNetworkRetries: 2,
    appInfo: { name: 'Linkwatch' },
  });

  return {
    name: 'stripe',
    method: 'card',
    createCheckout: (request) => createCheckoutSession(stripe, request),
    async readWebhook({ headers, rawBody }) {
      const event = verifiedEvent(stripe, {
        rawBody,
        signature: headers[STRIPE_SIGNATURE_HEADER],
        secret: options.webhookSecret,
        toleranceSeconds: options.toleranceSeconds,
      });
      return paymentEventOf(stripe, event);
    },
  };
}

/** Card payments are on when both the secret key and the webhook's signing secret are set. */
export function stripeFromConfig(config: Config['stripe']): PaymentProvider | undefined {
  const { secretKey, webhookSecret, baseUrl } = config;
  if (!secretKey || !webhookSecret) return undefined;
  return stripeProvider({ secretKey, webhookSecret, baseUrl });
}

/** The SDK takes a host, port and protocol rather than a URL; its paths (/v1/…) go under the root. */
function hostOptions(baseUrl: string): { host: string; port: string; protocol: 'http' | 'https' } {
  const url = new URL(baseUrl);
  if (url.pathname !== '/' || url.search) {
    throw new Error(`STRIPE_BASE_URL must be an origin without a path: ${baseUrl}`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol };
}

async function createCheckoutSession(stripe: Stripe, request: CheckoutRequest): Promise<Checkout> {
  const reference = String(request.paymentId);
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    // The method the user picked is "card": methods that settle days later would leave it New.
    allowed_payment_method_types: ['card'],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: request.amountCents,
          product_data: { name: request.description },
        },
      },
    ],
    customer_email: request.email,
    client_reference_id: reference,
    metadata: { payment_id: reference },
    // Shown beside the charge and its dispute in the Stripe dashboard.
    payment_intent_data: { metadata: { payment_id: reference } },
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  });
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return { providerRef: session.id, redirectUrl: session.url };
}

function verifiedEvent(
  stripe: Stripe,
  delivery: {
    rawBody: Buffer;
    signature: string | string[] | undefined;
    secret: string;
    toleranceSeconds: number | undefined;
  },
): Stripe.Event {
  const { rawBody, signature, secret, toleranceSeconds } = delivery;
  if (typeof signature !== 'string' || signature === '') {
    throw new WebhookSignatureError('No single Stripe-Signature header');
  }
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, toleranceSeconds);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
}

async function paymentEventOf(stripe: Stripe, event: Stripe.Event): Promise<PaymentEvent> {
  const eventId = event.id;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return { eventId, kind: 'ignored' };
      return {
        eventId,
        providerRef: session.id,
        kind: 'paid',
        paidCents: session.amount_total ?? 0,
        currency: session.currency ?? '',
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { eventId, providerRef: event.data.object.id, kind: 'cancelled' };
    case 'charge.dispute.created': {
      const sessionId = await sessionOfPaymentIntent(stripe, event.data.object.payment_intent);
      if (!sessionId) return { eventId, kind: 'ignored' };
      return { eventId, providerRef: sessionId, kind: 'dispute' };
    }
    case 'charge.refunded': {
      const sessionId = await sessionOfPaymentIntent(stripe, event.data.object.payment_intent);
      if (!sessionId) return { eventId, kind: 'ignored' };
      return { eventId, providerRef: sessionId, kind: 'refund' };
    }
    default:
      return { eventId, kind: 'ignored' };
  }
}

/** The Checkout Session that created a PaymentIntent; a failed call throws, so Stripe resends the event. */
async function sessionOfPaymentIntent(
  stripe: Stripe,
  paymentIntent: string | Stripe.PaymentIntent | null,
): Promise<string | undefined> {
  const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
  if (!id) return undefined;
  const sessions = await stripe.checkout.sessions.list({ payment_intent: id, limit: 1 });
  return sessions.data[0]?.id;
}
