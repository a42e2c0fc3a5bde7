import { createSign, createVerify, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { paypalId, type StandInOrder } from './paypal-orders.ts';

/**
 * PayPal's webhook deliveries as its docs describe them (developer.paypal.com/api/rest/webhooks): a
 * POST of the event as JSON with `PAYPAL-TRANSMISSION-ID`, `-TIME`, `-SIG`, `PAYPAL-CERT-URL` and
 * `PAYPAL-AUTH-ALGO: SHA256withRSA`. The signature is RSA-SHA256 over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>`, made with the key
 * of the certificate at the cert URL. The stand-in makes its own key pair at start and serves the
 * public key at its cert URL; its verify endpoint checks deliveries the same way, so a changed body,
 * another webhook id or another key fails as it would at PayPal.
 */
export interface PayPalEventBody {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

export const AUTH_ALGO = 'SHA256withRSA';

export function paypalEvent(params: {
  type: string;
  resourceType: string;
  resource: Record<string, unknown>;
  summary: string;
  origin: string;
}): PayPalEventBody {
  const id = `WH-${paypalId(17)}-${paypalId(17)}`;
  return {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: params.resourceType,
    resource_version: '2.0',
    event_type: params.type,
    summary: params.summary,
    resource: params.resource,
    links: [
      { href: `${params.origin}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      {
        href: `${params.origin}/v1/notifications/webhooks-events/${id}/resend`,
        rel: 'resend',
        method: 'POST',
      },
    ],
  };
}

/** How a delivery is signed; tests change one part to forge or break it. */
export interface PayPalSigningOptions {
  /** Signed for another webhook (another app's endpoint). */
  webhookId?: string;
  /** Signed with a key that is not PayPal's: a forgery. */
  privateKey?: KeyObject;
  /** The cert URL claimed: PayPal only trusts its own. */
  certUrl?: string;
  /** Changes the body after signing: a tampered delivery. */
  tamper?: (body: string) => string;
  /** Transmission headers left out. */
  omit?: string[];
}

export interface PayPalSignedDelivery {
  headers: Record<string, string>;
  rawBody: Buffer;
}

export const crcOf = (text: string) => crc32(Buffer.from(text, 'utf8')) >>> 0;

const signedText = (p: { id: string; time: string; webhookId: string; crc: number }) =>
  `${p.id}|${p.time}|${p.webhookId}|${p.crc}`;

/** The stand-in's signing key and the checks of its verify endpoint. */
export function webhookSigner(params: { webhookId: string; certUrl: () => string }) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  function sign(event: PayPalEventBody, options: PayPalSigningOptions = {}): PayPalSignedDelivery {
    const body = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    const text = signedText({ id, time, webhookId: options.webhookId ?? params.webhookId, crc: crcOf(body) });
    const signature = createSign('RSA-SHA256')
      .update(text)
      .sign(options.privateKey ?? privateKey, 'base64');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-58844470',
      'paypal-auth-algo': AUTH_ALGO,
      'paypal-cert-url': options.certUrl ?? params.certUrl(),
      'paypal-transmission-id': id,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': time,
    };
    for (const name of options.omit ?? []) delete headers[name];
    return { headers, rawBody: Buffer.from(options.tamper ? options.tamper(body) : body, 'utf8') };
  }

  /**
   * `POST /v1/notifications/verify-webhook-signature`: SUCCESS when the claimed cert is ours, the
   * algorithm is SHA256withRSA and the signature covers this event for this webhook id.
   */
  function verify(request: Record<string, unknown>): 'SUCCESS' | 'FAILURE' {
    const { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id } = request;
    if (auth_algo !== AUTH_ALGO || cert_url !== params.certUrl()) return 'FAILURE';
    const text = signedText({
      id: String(transmission_id),
      time: String(transmission_time),
      webhookId: String(webhook_id),
      crc: crcOf(JSON.stringify(request.webhook_event)),
    });
    try {
      return createVerify('RSA-SHA256').update(text).verify(publicKey, String(transmission_sig), 'base64')
        ? 'SUCCESS'
        : 'FAILURE';
    } catch {
      return 'FAILURE';
    }
  }

  return {
    sign,
    verify,
    certificate: () => publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** One POST to the endpoint and what it answered (status 0: it could not be reached). */
export interface PayPalDelivery {
  eventId: string;
  type: string;
  status: number;
  response: string;
}

/** A throwaway key: what a forger signs with. */
export function foreignKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

/** CUSTOMER.DISPUTE.CREATED for a captured order: it names the capture (seller_transaction_id), not the order. */
export function disputeEvent(order: StandInOrder, origin: string): PayPalEventBody {
  const id = `PP-D-${Math.floor(Math.random() * 1e6)}`;
  return paypalEvent({
    type: 'CUSTOMER.DISPUTE.CREATED',
    resourceType: 'dispute',
    summary: `A new dispute opened with Case # ${id}`,
    origin,
    resource: {
      dispute_id: id,
      create_time: new Date().toISOString(),
      reason: 'UNAUTHORISED',
      status: 'OPEN',
      dispute_amount: order.amount,
      disputed_transactions: [
        {
          seller_transaction_id: order.capture?.id,
          seller: { merchant_id: 'STANDINMERCHANT' },
          ...(order.customId ? { custom: order.customId } : {}),
        },
      ],
      dispute_life_cycle_stage: 'CHARGEBACK',
      dispute_channel: 'EXTERNAL',
    },
  });
}

/**
 * PAYMENT.CAPTURE.REFUNDED (or PAYMENT.CAPTURE.REVERSED, PayPal taking it back) as PayPal sends it: the
 * resource is the Refund (`resource_type: refund`), which names neither the order nor our ids; its
 * `up` link is the refunded capture. The stand-in refunds the whole capture.
 */
export function refundEvent(
  order: StandInOrder,
  origin: string,
  type: 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED' = 'PAYMENT.CAPTURE.REFUNDED',
): PayPalEventBody {
  const capture = order.capture;
  if (!capture?.refundId) throw new Error(`Order ${order.id} has no refund`);
  const now = new Date().toISOString();
  const { currency_code, value } = order.amount;
  return paypalEvent({
    type,
    resourceType: 'refund',
    summary: `A ${value} ${currency_code} capture payment was ${type === 'PAYMENT.CAPTURE.REVERSED' ? 'reversed' : 'refunded'}`,
    origin,
    resource: {
      id: capture.refundId,
      amount: order.amount,
      seller_payable_breakdown: {
        gross_amount: order.amount,
        paypal_fee: { currency_code, value: '0.00' },
        net_amount: order.amount,
        total_refunded_amount: order.amount,
      },
      ...(order.customId ? { custom_id: order.customId } : {}),
      status: 'COMPLETED',
      create_time: now,
      update_time: now,
      links: [
        { href: `${origin}/v2/payments/refunds/${capture.refundId}`, rel: 'self', method: 'GET' },
        { href: `${origin}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    },
  });
}
