import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { observedFetch } from '../health.ts';
import {
  AmountBelowMinimumError,
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from './types.ts';

export interface NowPaymentsOptions {
  apiKey: string;
  /** The IPN secret key from the store settings: it signs every notification. */
  ipnSecret: string;
  /** https://api.nowpayments.io (sandbox: https://api-sandbox.nowpayments.io); tests: the stand-in. */
  baseUrl: string;
  /** Where NOWPayments posts this invoice's notifications: `<APP_URL>/api/payments/webhooks/nowpayments`. */
  ipnCallbackUrl: string;
  timeoutMs?: number;
  /** How long the list of networks is kept before asking again. */
  networksTtlMs?: number;
}

/** Crypto adds the list of networks (pay currencies) the popup offers. */
export interface NowPaymentsProvider extends PaymentProvider {
  networks(): Promise<string[]>;
}

export const NOWPAYMENTS_SIGNATURE_HEADER = 'x-nowpayments-sig';

/** NOWPayments' error body: `{ status: false, statusCode, code, message }`. */
export class NowPaymentsApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(params: { status: number; code?: string; message: string }) {
    super(`NOWPayments ${params.status}${params.code ? ` ${params.code}` : ''}: ${params.message}`);
    this.name = 'NowPaymentsApiError';
    this.status = params.status;
    this.code = params.code;
  }
}

/**
 * Crypto payments through NOWPayments invoices (its REST API on plain fetch, `x-api-key`):
 * - createCheckout: first `GET /v1/min-amount` for the chosen coin with its USD equivalent: a price
 *   under it is refused as AmountBelowMinimumError (the user is told the minimum in dollars) before
 *   any invoice exists; then `POST /v1/invoice` with the price in USD, the network the user chose as
 *   pay_currency, our payment id as order_id and the IPN, success and cancel URLs; the invoice id is
 *   the providerRef and the browser goes to its invoice_url.
 * - networks(): the coins the store accepts (`GET /v1/merchant/coins`; every coin NOWPayments has,
 *   `GET /v1/currencies`, when the store picked none), lower-cased, kept for 10 minutes.
 * - readWebhook: the IPN is genuine when `x-nowpayments-sig` is the HMAC-SHA512 (IPN secret) of the
 *   body's JSON with the keys sorted at every level, as NOWPayments signs it. Each notification is one
 *   payment's new status, so its event id is `<payment_id>:<payment_status>`; the invoice it belongs
 *   to (invoice_id) is the providerRef.
 *   - finished → paid. NOWPayments says the price was covered; the amount is the invoice's price
 *     (price_amount, price_currency), so a notification for another price is caught as a mismatch.
 *     A payment the store's "payment covering" tolerance finished short is read as partial instead.
 *   - partially_paid (final: NOWPayments keeps no way to pay the rest) → partial, for what arrived in
 *     USD at the invoice's own rate: price_amount × actually_paid / pay_amount, rounded down to the
 *     cent. outcome_amount is not used: it is in the payout currency (any coin) after fees.
 *   - refunded → refund: the coins went back. A paid payment's partner commission is taken back; one
 *     still New is cancelled (see apply-event.ts).
 *   - expired, failed → cancelled; waiting, confirming, confirmed, sending → ignored. NOWPayments
 *     documents no partial refund status.
 */
export function nowpaymentsProvider(options: NowPaymentsOptions): NowPaymentsProvider {
  const api = nowpaymentsApi(options);
  const ttl = options.networksTtlMs ?? 10 * 60_000;
  let cached: { networks: string[]; until: number } | undefined;
  return {
    name: 'nowpayments',
    method: 'crypto',
    createCheckout: (request) => createInvoice(api, { request, ipnCallbackUrl: options.ipnCallbackUrl }),
    async readWebhook({ headers, rawBody }) {
      const body = verifiedBody({
        rawBody,
        signature: headers[NOWPAYMENTS_SIGNATURE_HEADER],
        secret: options.ipnSecret,
      });
      return paymentEventOf(body);
    },
    async networks() {
      if (cached && cached.until > Date.now()) return cached.networks;
      const networks = await storeNetworks(api);
      cached = { networks, until: Date.now() + ttl };
      return networks;
    },
  };
}

/** Crypto is on when both the API key and the IPN secret are set. */
export function nowpaymentsFromConfig(
  config: Config['nowpayments'],
  params: { ipnCallbackUrl: string },
): NowPaymentsProvider | undefined {
  const { apiKey, ipnSecret, baseUrl } = config;
  if (!apiKey || !ipnSecret) return undefined;
  return nowpaymentsProvider({ apiKey, ipnSecret, baseUrl, ipnCallbackUrl: params.ipnCallbackUrl });
}

type Api = ReturnType<typeof nowpaymentsApi>;

const ZError = z
  .object({ statusCode: z.number().optional(), code: z.string().optional(), message: z.string().optional() })
  .loose();

function nowpaymentsApi(options: NowPaymentsOptions) {
  const origin = options.baseUrl.replace(/\/+$/, '');
  return async function call(params: {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
  }): Promise<unknown> {
    const response = await observedFetch('nowpayments', `${origin}${params.path}`, {
      method: params.method,
      headers: {
        'x-api-key': options.apiKey,
        Accept: 'application/json',
        ...(params.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: params.body === undefined ? undefined : JSON.stringify(params.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    const json = parseJson(text);
    if (response.ok) return json;
    const error = ZError.safeParse(json).data;
    throw new NowPaymentsApiError({
      status: response.status,
      code: error?.code,
      message: error?.message ?? text.slice(0, 200),
    });
  };
}

const ZInvoice = z
  .object({
    id: z.union([z.string(), z.number()]),
    invoice_url: z.string(),
    pay_currency: z.string().nullish(),
  })
  .loose();

const ZMinAmount = z.object({ min_amount: z.number(), fiat_equivalent: z.number().optional() }).loose();

/**
 * The smallest price NOWPayments takes in this coin, in whole US cents (rounded up, so a price at the
 * figure shown passes). Its answer names the coin's minimum and, asked with `fiat_equivalent=usd`,
 * that minimum in dollars.
 */
async function minimumCents(call: Api, payCurrency: string): Promise<number | undefined> {
  const query = new URLSearchParams({ currency_from: payCurrency, fiat_equivalent: 'usd' });
  const answer = ZMinAmount.parse(await call({ method: 'GET', path: `/v1/min-amount?${query}` }));
  if (answer.fiat_equivalent === undefined) return undefined;
  return Math.ceil(answer.fiat_equivalent * 100 - 1e-6);
}

async function createInvoice(
  call: Api,
  { request, ipnCallbackUrl }: { request: CheckoutRequest; ipnCallbackUrl: string },
): Promise<Checkout> {
  const coin = request.payCurrency?.toLowerCase();
  if (coin) {
    const min = await minimumCents(call, coin);
    if (min !== undefined && request.amountCents < min) throw new AmountBelowMinimumError(min, coin);
  }
  // Not retried: an invoice has no idempotency key, and a second one would be a second price to pay.
  const answer = await call({
    method: 'POST',
    path: '/v1/invoice',
    body: {
      price_amount: request.amountCents / 100,
      price_currency: 'usd',
      ...(request.payCurrency ? { pay_currency: request.payCurrency.toLowerCase() } : {}),
      order_id: String(request.paymentId),
      order_description: request.description,
      ipn_callback_url: ipnCallbackUrl,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    },
  });
  const invoice = ZInvoice.parse(answer);
  return {
    providerRef: String(invoice.id),
    redirectUrl: invoice.invoice_url,
    ...(invoice.pay_currency ? { details: { pay_currency: invoice.pay_currency } } : {}),
  };
}

const ZCoins = z.object({ selectedCurrencies: z.array(z.string()) }).loose();
const ZCurrencies = z.object({ currencies: z.array(z.string()) }).loose();

async function storeNetworks(call: Api): Promise<string[]> {
  const selected = ZCoins.parse(await call({ method: 'GET', path: '/v1/merchant/coins' })).selectedCurrencies;
  const coins =
    selected.length > 0
      ? selected
      : ZCurrencies.parse(await call({ method: 'GET', path: '/v1/currencies' })).currencies;
  return [...new Set(coins.map((coin) => coin.toLowerCase()))];
}

/** NOWPayments signs `JSON.stringify` of the body with the keys of every object sorted. */
export function sortedJson(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortDeep(record[key])]),
  );
}

export function ipnSignature(body: unknown, secret: string): string {
  return createHmac('sha512', secret).update(sortedJson(body)).digest('hex');
}

function verifiedBody(delivery: {
  rawBody: Buffer;
  signature: string | string[] | undefined;
  secret: string;
}): Record<string, unknown> {
  const { rawBody, signature, secret } = delivery;
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature.trim())) {
    throw new WebhookSignatureError(`No single ${NOWPAYMENTS_SIGNATURE_HEADER} header with an HMAC-SHA512`);
  }
  const body = parseJson(rawBody.toString('utf8'));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new WebhookSignatureError('The body is not a JSON object');
  }
  const expected = Buffer.from(ipnSignature(body, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature.trim(), 'hex'))) {
    throw new WebhookSignatureError('HMAC signature does not match');
  }
  return body as Record<string, unknown>;
}

const ZNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?(e-?\d+)?$/i)
    .transform(Number),
]);
const ZIpn = z
  .object({
    payment_id: z.union([z.number(), z.string()]),
    payment_status: z.string(),
    invoice_id: z.union([z.number(), z.string()]).nullish(),
    price_amount: ZNumber,
    price_currency: z.string(),
    pay_amount: ZNumber.nullish(),
    actually_paid: ZNumber.nullish(),
  })
  .loose();
type Ipn = z.infer<typeof ZIpn>;

function paymentEventOf(body: Record<string, unknown>): PaymentEvent {
  const parsed = ZIpn.safeParse(body);
  const eventId = `${String(body.payment_id ?? 'unknown')}:${String(body.payment_status ?? 'unknown')}`;
  if (!parsed.success || parsed.data.invoice_id == null) return { eventId, kind: 'ignored' };
  const ipn = parsed.data;
  const providerRef = String(ipn.invoice_id);
  const currency = ipn.price_currency.toLowerCase();
  switch (ipn.payment_status) {
    case 'finished': {
      const priceCents = Math.round(ipn.price_amount * 100);
      const arrived = arrivedCents(ipn);
      if (arrived !== undefined && arrived < priceCents) {
        return { eventId, providerRef, kind: 'partial', paidCents: arrived, currency };
      }
      return { eventId, providerRef, kind: 'paid', paidCents: priceCents, currency };
    }
    case 'partially_paid':
      return { eventId, providerRef, kind: 'partial', paidCents: arrivedCents(ipn) ?? 0, currency };
    case 'refunded':
      return { eventId, providerRef, kind: 'refund' };
    case 'expired':
    case 'failed':
      return { eventId, providerRef, kind: 'cancelled' };
    default:
      return { eventId, kind: 'ignored' };
  }
}

/** What arrived, in the price's currency at the invoice's rate, in whole cents (rounded down). */
function arrivedCents(ipn: Ipn): number | undefined {
  const { pay_amount: asked, actually_paid: paid } = ipn;
  if (!asked || asked <= 0 || paid == null) return undefined;
  // The tiny margin keeps float noise (50.25 computed as 50.2499999) from costing the buyer a cent.
  return Math.max(0, Math.floor((ipn.price_amount * paid * 100) / asked + 1e-6));
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
