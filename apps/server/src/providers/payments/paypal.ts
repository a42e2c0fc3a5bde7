import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import {
  centsToValue,
  type Order,
  PayPalApiError,
  type PayPalCredentials,
  paypalApi,
  ZOrder,
} from './paypal-api.ts';
import { paidEvent, readPayPalWebhook } from './paypal-webhook.ts';
import type { Checkout, CheckoutRequest, PaymentEvent, PaymentProvider } from './types.ts';

export interface PayPalOptions extends PayPalCredentials {
  /** The id PayPal gave the webhook registered for `<APP_URL>/api/payments/webhooks/paypal`. */
  webhookId: string;
  /** The name PayPal's page shows the buyer. */
  brandName?: string;
}
/**
 * PayPal payments through the Orders v2 REST API, on plain fetch: PayPal's official server SDK
 * (@paypal/paypal-server-sdk) is generated code in beta that brings its own HTTP stack for the four
 * calls we make, and its webhook verification is the same REST call. The flow:
 * - createCheckout creates an order (intent CAPTURE, one purchase unit in USD, our payment id as
 *   `custom_id` and `reference_id`, return and cancel URLs in the PayPal experience context); the
 *   order id is the providerRef and the buyer goes to its `payer-action` link to approve.
 * - capture, when the browser comes back approved: COMPLETED → paid with the captured amount;
 *   DECLINED or INSTRUMENT_DECLINED → cancelled; not approved yet or PENDING → ignored (a webhook
 *   finishes a pending capture). Its PayPal-Request-Id is per order, so a second capture of the same
 *   order (the return and the webhook below racing) gets PayPal's first answer again.
 * - readWebhook asks PayPal whether the delivery is genuine (`POST /v1/notifications/verify-webhook-
 *   signature` with the transmission headers, our webhook id and the event exactly as it came), then:
 *   PAYMENT.CAPTURE.COMPLETED → paid (its order from supplementary_data.related_ids.order_id);
 *   PAYMENT.CAPTURE.DENIED and CHECKOUT.ORDER.VOIDED → cancelled; CUSTOMER.DISPUTE.CREATED → dispute
 *   (its capture's order asked of PayPal); PAYMENT.CAPTURE.REFUNDED and PAYMENT.CAPTURE.REVERSED →
 *   refund (the Refund's `up` link names the capture, whose order is asked of PayPal the same way);
 *   CHECKOUT.ORDER.APPROVED → captured here, so a buyer who
 *   approved and closed the tab before returning still pays and is credited; others ignored.
 */
export function paypalProvider(options: PayPalOptions): PaymentProvider {
  const api = paypalApi(options);
  const capture = (orderId: string) => captureOrder(api, orderId);
  return {
    name: 'paypal',
    method: 'paypal',
    createCheckout: (request) => createOrder(api, { request, brandName: options.brandName }),
    capture,
    readWebhook: ({ headers, rawBody }) =>
      readPayPalWebhook(api, { headers, rawBody, webhookId: options.webhookId, capture }),
  };
}

/** PayPal is on when the REST app's client id and secret and the webhook's id are all set. */
export function paypalFromConfig(config: Config['paypal']): PaymentProvider | undefined {
  const { clientId, clientSecret, webhookId, baseUrl } = config;
  if (!clientId || !clientSecret || !webhookId) return undefined;
  return paypalProvider({ clientId, clientSecret, webhookId, baseUrl, brandName: 'Linkwatch' });
}

type Api = ReturnType<typeof paypalApi>;

async function createOrder(
  api: Api,
  { request, brandName }: { request: CheckoutRequest; brandName: string | undefined },
): Promise<Checkout> {
  const reference = String(request.paymentId);
  const answer = await api.call({
    method: 'POST',
    path: '/v2/checkout/orders',
    // One id for this order's attempts: a retried create after a lost answer makes no second order.
    requestId: randomUUID(),
    body: {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: reference,
          custom_id: reference,
          description: request.description.slice(0, 127),
          amount: { currency_code: 'USD', value: centsToValue(request.amountCents) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            ...(brandName ? { brand_name: brandName } : {}),
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
        },
      },
    },
  });
  const order = ZOrder.parse(answer);
  // payer-action with the experience context; approve with the older application_context.
  const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
  if (!link) throw new Error(`PayPal answered order ${order.id} without a link for the buyer`);
  return { providerRef: order.id, redirectUrl: link.href };
}

async function captureOrder(api: Api, orderId: string): Promise<PaymentEvent> {
  const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
  try {
    const answer = await api.call({
      method: 'POST',
      path: `${path}/capture`,
      requestId: `capture-${orderId}`,
      body: {},
    });
    return captureOutcome(ZOrder.parse(answer));
  } catch (error) {
    if (!(error instanceof PayPalApiError) || error.status !== 422) throw error;
    switch (error.issue) {
      case 'INSTRUMENT_DECLINED':
        return { eventId: `order:${orderId}:INSTRUMENT_DECLINED`, providerRef: orderId, kind: 'cancelled' };
      case 'ORDER_NOT_APPROVED':
        return { eventId: `order:${orderId}:ORDER_NOT_APPROVED`, kind: 'ignored' };
      case 'ORDER_ALREADY_CAPTURED':
        return captureOutcome(ZOrder.parse(await api.call({ method: 'GET', path })));
      default:
        throw error;
    }
  }
}

/** What an order's (first) capture says; its id and status make the event id, the same on every read. */
function captureOutcome(order: Order): PaymentEvent {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) return { eventId: `order:${order.id}:${order.status}`, kind: 'ignored' };
  const eventId = `capture:${capture.id}:${capture.status}`;
  if (capture.status === 'COMPLETED')
    return paidEvent({ eventId, orderId: order.id, amount: capture.amount });
  if (capture.status === 'DECLINED' || capture.status === 'FAILED')
    return { eventId, providerRef: order.id, kind: 'cancelled' };
  return { eventId, kind: 'ignored' };
}
