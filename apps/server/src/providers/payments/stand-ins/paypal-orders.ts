import { randomBytes } from 'node:crypto';

/**
 * Orders v2 as the PayPal stand-in keeps them: the checks PayPal makes on `POST /v2/checkout/orders`
 * (in its error shapes: 400 INVALID_REQUEST for the schema, 422 UNPROCESSABLE_ENTITY for business
 * rules), the order and its capture as the API shows them. Only what a one-unit CAPTURE order paid
 * with PayPal uses is modelled.
 */
export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: { currency_code: string; value: string };
  referenceId: string;
  customId: string | null;
  description: string | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  /** Made with the deprecated application_context: PayPal answers CREATED and an `approve` link. */
  legacyContext: boolean;
  payerId: string | null;
  /** The buyer approved with a funding source that fails at capture (INSTRUMENT_DECLINED). */
  instrumentDeclines: boolean;
  capture: {
    id: string;
    status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED';
    createTime: string;
    /** The merchant's refund of it (the stand-in refunds in full). */
    refundId?: string;
  } | null;
  createTime: string;
}

/** PayPal's error answer: its HTTP status and body (`name`, `message`, `debug_id`, `details`, `links`). */
export interface PayPalErrorReply {
  status: number;
  body: Record<string, unknown>;
}

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  RATE_LIMIT_REACHED: 'Too many requests. Blocked due to rate limiting.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
};

export const paypalId = (length = 17) =>
  randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').slice(0, length).toUpperCase();

export function paypalError(params: {
  status: number;
  name: keyof typeof MESSAGES;
  issue?: string;
  description?: string;
  field?: string;
}): PayPalErrorReply {
  const { status, name, issue, description, field } = params;
  const details = issue ? [{ ...(field ? { field, location: 'body' } : {}), issue, description }] : undefined;
  return {
    status,
    body: {
      name,
      message: MESSAGES[name],
      debug_id: randomBytes(7).toString('hex'),
      ...(details ? { details } : {}),
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${(issue ?? name).toLowerCase()}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
  };
}

const missing = (field: string) =>
  paypalError({
    status: 400,
    name: 'INVALID_REQUEST',
    issue: 'MISSING_REQUIRED_PARAMETER',
    description: 'A required field / parameter is missing.',
    field,
  });
const invalidValue = (field: string, description = 'The value of a field is invalid.') =>
  paypalError({ status: 400, name: 'INVALID_REQUEST', issue: 'INVALID_PARAMETER_VALUE', description, field });

type Json = Record<string, unknown>;
const object = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function createOrder(body: unknown): StandInOrder | PayPalErrorReply {
  const request = object(body);
  if (!request) return invalidValue('/', 'MALFORMED_REQUEST_JSON');
  if (!request.intent) return missing('/intent');
  if (request.intent !== 'CAPTURE') return invalidValue('/intent', 'Only intent CAPTURE is supported here.');
  const units = Array.isArray(request.purchase_units) ? request.purchase_units : [];
  if (units.length === 0) return missing('/purchase_units');
  if (units.length > 1) return invalidValue('/purchase_units', 'One purchase unit is supported here.');
  const unit = object(units[0]) ?? {};
  const amount = object(unit.amount);
  const currency = text(amount?.currency_code);
  const value = text(amount?.value);
  if (!currency) return missing("/purchase_units/@reference_id=='default'/amount/currency_code");
  if (!value) return missing("/purchase_units/@reference_id=='default'/amount/value");
  const refused = amountRefusal(currency, value);
  if (refused) return refused;
  const context = object(object(object(request.payment_source)?.paypal)?.experience_context);
  const legacy = object(request.application_context);
  const urls = context ?? legacy;
  return {
    id: paypalId(),
    status: context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    amount: { currency_code: currency, value },
    referenceId: text(unit.reference_id) ?? 'default',
    customId: text(unit.custom_id) ?? null,
    description: text(unit.description) ?? null,
    returnUrl: text(urls?.return_url) ?? null,
    cancelUrl: text(urls?.cancel_url) ?? null,
    legacyContext: !context,
    payerId: null,
    instrumentDeclines: false,
    capture: null,
    createTime: new Date().toISOString(),
  };
}

function amountRefusal(currency: string, value: string): PayPalErrorReply | undefined {
  const field = "/purchase_units/@reference_id=='default'/amount/value";
  if (currency !== 'USD') {
    return paypalError({
      status: 422,
      name: 'UNPROCESSABLE_ENTITY',
      issue: 'CURRENCY_NOT_SUPPORTED',
      description: 'Currency code is unsupported. Only USD is accepted by this stand-in.',
      field: "/purchase_units/@reference_id=='default'/amount/currency_code",
    });
  }
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(value)) {
    return paypalError({
      status: 422,
      name: 'UNPROCESSABLE_ENTITY',
      issue: 'DECIMAL_PRECISION',
      description: 'If the currency supports decimals, only two decimal place precision is supported.',
      field,
    });
  }
  if (Number(value) <= 0) {
    return paypalError({
      status: 422,
      name: 'UNPROCESSABLE_ENTITY',
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
      description: 'Must be greater than zero.',
      field,
    });
  }
  return undefined;
}

/** The order as `GET /v2/checkout/orders/{id}` (and create/capture with Prefer: return=representation) show it. */
export function orderObject(order: StandInOrder, origin: string): Json {
  const self = `${origin}/v2/checkout/orders/${order.id}`;
  const buyerLink =
    order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED'
      ? [
          {
            href: `${origin}/checkoutnow?token=${order.id}`,
            rel: order.legacyContext ? 'approve' : 'payer-action',
            method: 'GET',
          },
        ]
      : [];
  const captureLink =
    order.status === 'APPROVED' ? [{ href: `${self}/capture`, rel: 'capture', method: 'POST' }] : [];
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    payment_source: { paypal: {} },
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: order.amount,
        ...(order.customId ? { custom_id: order.customId } : {}),
        ...(order.description ? { description: order.description } : {}),
        ...(order.capture ? { payments: { captures: [captureObject(order, origin)] } } : {}),
      },
    ],
    ...(order.payerId ? { payer: { payer_id: order.payerId } } : {}),
    create_time: order.createTime,
    links: [{ href: self, rel: 'self', method: 'GET' }, ...buyerLink, ...captureLink],
  };
}

/** A capture as `GET /v2/payments/captures/{id}` and the PAYMENT.CAPTURE.* events show it. */
export function captureObject(order: StandInOrder, origin: string): Json {
  const capture = order.capture;
  if (!capture) throw new Error(`Order ${order.id} has no capture`);
  const self = `${origin}/v2/payments/captures/${capture.id}`;
  return {
    id: capture.id,
    status: capture.status,
    amount: order.amount,
    final_capture: true,
    ...(order.customId ? { custom_id: order.customId } : {}),
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: capture.createTime,
    update_time: capture.createTime,
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/refund`, rel: 'refund', method: 'POST' },
      { href: `${origin}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  };
}
