import { randomBytes } from 'node:crypto';
import { type FormObject, type FormValue, formObject, formString } from './stripe-form.ts';

/**
 * Checkout Sessions as the stand-in keeps them, the checks Stripe makes on `POST /v1/checkout/sessions`
 * (in its error shapes), and the session as the API shows it. Only what a one-time card payment in
 * `mode=payment` uses is modelled; other modes and fields are refused as "not supported here".
 */
export interface StandInSession {
  id: string;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  allowedPaymentMethodTypes: string[] | null;
  successUrl: string;
  cancelUrl: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  /** Made when the customer pays, as Checkout does since API version 2022-08-01. */
  paymentIntent: string | null;
  created: number;
  expiresAt: number;
}

/** Stripe's error body: `{ error: { type, code?, param?, message, decline_code? } }` with its HTTP status. */
export interface StripeErrorReply {
  status: number;
  error: { type: string; message: string; code?: string; param?: string; decline_code?: string };
}

/** Stripe's smallest USD charge is $0.50; its largest amount field is 8 digits. */
const MIN_USD_CENTS = 50;
const MAX_AMOUNT = 99_999_999;
const SESSION_LIFETIME_SECONDS = 24 * 3600;

const KNOWN_CREATE_PARAMS = new Set([
  'mode',
  'line_items',
  'customer_email',
  'client_reference_id',
  'metadata',
  'payment_intent_data',
  'allowed_payment_method_types',
  'success_url',
  'cancel_url',
  'expires_at',
  'locale',
  'submit_type',
  'expand',
]);

export const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
const now = () => Math.floor(Date.now() / 1000);

function invalid(message: string, param?: string, code = 'parameter_invalid'): StripeErrorReply {
  return {
    status: 400,
    error: { type: 'invalid_request_error', message, code, ...(param ? { param } : {}) },
  };
}

function missing(param: string): StripeErrorReply {
  return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
}

function isUrl(text: string | undefined): boolean {
  if (!text) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

function stringRecord(value: FormValue | undefined): Record<string, string> {
  const object = formObject(value) ?? {};
  return Object.fromEntries(
    Object.entries(object).flatMap(([key, v]) => (typeof v === 'string' ? [[key, v]] : [])),
  );
}

function stringList(value: FormValue | undefined): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

interface LineItem {
  amountCents: number;
  currency: string;
  name: string;
}

function readLineItems(value: FormValue | undefined): LineItem[] | StripeErrorReply {
  if (!Array.isArray(value) || value.length === 0) return missing('line_items');
  const items: LineItem[] = [];
  for (const [i, raw] of value.entries()) {
    const item = formObject(raw);
    const price = formObject(item?.price_data);
    if (!price) return missing(`line_items[${i}][price_data]`);
    const currency = formString(price.currency)?.toLowerCase();
    if (!currency) return missing(`line_items[${i}][price_data][currency]`);
    const unitAmount = formString(price.unit_amount) ?? '';
    if (!/^\d+$/.test(unitAmount)) {
      return invalid(
        `Invalid integer: ${unitAmount}`,
        `line_items[${i}][price_data][unit_amount]`,
        'parameter_invalid_integer',
      );
    }
    const quantity = formString(item?.quantity) ?? '';
    if (!/^[1-9]\d*$/.test(quantity)) return missing(`line_items[${i}][quantity]`);
    const name = formString(formObject(price.product_data)?.name);
    if (!name) return missing(`line_items[${i}][price_data][product_data][name]`);
    items.push({ amountCents: Number(unitAmount) * Number(quantity), currency, name });
  }
  return items;
}

/** Reads a create request as Stripe does, refusing what Stripe refuses (first problem only, as it does). */
export function createSession(form: FormObject): StandInSession | StripeErrorReply {
  const unknown = Object.keys(form).find((key) => !KNOWN_CREATE_PARAMS.has(key));
  if (unknown) return invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  const mode = formString(form.mode);
  if (!mode) return missing('mode');
  if (mode !== 'payment') return invalid(`This stand-in only supports mode=payment, not ${mode}.`, 'mode');
  const items = readLineItems(form.line_items);
  if ('error' in items) return items;
  const currency = items[0]?.currency ?? 'usd';
  if (items.some((item) => item.currency !== currency)) {
    return invalid('All line items must use the same currency.', 'line_items');
  }
  const amountCents = items.reduce((sum, item) => sum + item.amountCents, 0);
  if (currency === 'usd' && amountCents < MIN_USD_CENTS) {
    return invalid(
      "The Checkout Session's total amount due must add up to at least $0.50 usd",
      undefined,
      'amount_too_small',
    );
  }
  if (amountCents > MAX_AMOUNT)
    return invalid('Amount must be no more than $999,999.99', undefined, 'amount_too_large');
  const successUrl = formString(form.success_url);
  if (!successUrl) return missing('success_url');
  if (!isUrl(successUrl)) return invalid('Not a valid URL', 'success_url', 'url_invalid');
  const cancelUrl = formString(form.cancel_url) ?? null;
  if (cancelUrl !== null && !isUrl(cancelUrl)) return invalid('Not a valid URL', 'cancel_url', 'url_invalid');
  const email = formString(form.customer_email) ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    return invalid(`Invalid email address: ${email}`, 'customer_email', 'email_invalid');
  }
  const created = now();
  const session: StandInSession = {
    id: randomId('cs_test'),
    amountCents,
    currency,
    description: items.map((item) => item.name).join(', '),
    customerEmail: email,
    clientReferenceId: formString(form.client_reference_id) ?? null,
    metadata: stringRecord(form.metadata),
    paymentIntentMetadata: stringRecord(formObject(form.payment_intent_data)?.metadata),
    allowedPaymentMethodTypes: stringList(form.allowed_payment_method_types),
    successUrl,
    cancelUrl,
    status: 'open',
    paymentStatus: 'unpaid',
    paymentIntent: null,
    created,
    expiresAt: created + SESSION_LIFETIME_SECONDS,
  };
  return session;
}

/** The Checkout Session object as the API and the webhooks show it (the fields a payment integration reads). */
export function sessionObject(session: StandInSession, hostedPageUrl: (id: string) => string) {
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amountCents,
    amount_total: session.amountCents,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    created: session.created,
    currency: session.currency,
    customer_details:
      session.status === 'complete' ? { email: session.customerEmail, name: null, phone: null } : null,
    customer_email: session.customerEmail,
    expires_at: session.expiresAt,
    livemode: false,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: session.paymentIntent,
    allowed_payment_method_types: session.allowedPaymentMethodTypes,
    payment_method_types: session.allowedPaymentMethodTypes ?? ['card'],
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: session.successUrl,
    ui_mode: 'hosted',
    url: session.status === 'open' ? hostedPageUrl(session.id) : null,
  };
}
