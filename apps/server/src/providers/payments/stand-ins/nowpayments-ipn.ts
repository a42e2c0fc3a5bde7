import { createHmac } from 'node:crypto';

/**
 * NOWPayments' instant payment notifications as its docs describe them: a POST of the payment's state
 * (the fields of "get payment status", with invoice_id for an invoice's payment and a nested `fee`)
 * and `x-nowpayments-sig`: the hex HMAC-SHA512, keyed by the store's IPN secret, of the body's JSON
 * with the keys of every object sorted. The body itself goes out in NOWPayments' own field order, not
 * sorted, so a receiver that signs the raw bytes fails as it would in production. Written from the
 * docs, not from the adapter.
 */
export interface IpnBody {
  payment_id: number;
  parent_payment_id: number | null;
  invoice_id: number | null;
  payment_status: string;
  pay_address: string;
  payin_extra_id: string | null;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  actually_paid_at_fiat: number;
  pay_currency: string;
  order_id: string | null;
  order_description: string | null;
  purchase_id: string;
  outcome_amount: number;
  outcome_currency: string;
  payment_extra_ids: null;
  fee: { currency: string; depositFee: number; withdrawalFee: number; serviceFee: number };
  updated_at: number;
  [field: string]: unknown;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) out[key] = sorted(record[key]);
  return out;
}

export function ipnHmac(body: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sorted(body)))
    .digest('hex');
}

/** How an IPN is signed; tests change one part to forge or break it. */
export interface IpnSigningOptions {
  /** Another secret than the store's: a forgery. */
  secret?: string;
  /** The header as it is, instead of signing. */
  signature?: string;
  /** Changes the body after signing: a tampered notification. */
  tamper?: (body: string) => string;
}

export interface SignedIpn {
  headers: Record<string, string>;
  rawBody: Buffer;
}

export function signedIpn(body: IpnBody, storeSecret: string, options: IpnSigningOptions = {}): SignedIpn {
  const text = JSON.stringify(body);
  const signature = options.signature ?? ipnHmac(body, options.secret ?? storeSecret);
  return {
    headers: {
      'content-type': 'application/json',
      'x-nowpayments-sig': signature,
      'user-agent': 'NOWPayments IPN',
    },
    rawBody: Buffer.from(options.tamper ? options.tamper(text) : text, 'utf8'),
  };
}

/** One POST to the IPN URL and what it answered (status 0: it could not be reached). */
export interface IpnDelivery {
  paymentId: number;
  status: string;
  httpStatus: number;
  response: string;
}
