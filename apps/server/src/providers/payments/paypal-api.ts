import { z } from 'zod';
import { observedFetch } from '../health.ts';

/**
 * PayPal's REST API as the PayPal adapter uses it: an OAuth2 client-credentials token
 * (`POST /v1/oauth2/token`, Basic client_id:secret, kept until a minute before it expires) and JSON
 * calls with `Authorization: Bearer`. A token PayPal no longer takes (401 `invalid_token`) is fetched
 * again once. An outage (a network error or a 5xx) is retried twice; creating and capturing carry a
 * `PayPal-Request-Id`, so PayPal answers a retried call as the first and nothing happens twice.
 */
export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com; tests: the stand-in. */
  baseUrl: string;
  timeoutMs?: number;
}

/** PayPal's error body: `name`, `message`, `debug_id` and `details[].issue` (OAuth: `error`). */
export class PayPalApiError extends Error {
  readonly status: number;
  /** e.g. UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, RATE_LIMIT_REACHED, invalid_client. */
  readonly errorName: string;
  /** The first detail's issue, e.g. ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED. */
  readonly issue: string | undefined;
  readonly debugId: string | undefined;

  constructor(params: {
    status: number;
    errorName: string;
    message: string;
    issue?: string;
    debugId?: string;
  }) {
    super(
      `PayPal ${params.status} ${params.errorName}${params.issue ? ` ${params.issue}` : ''}: ${params.message}`,
    );
    this.name = 'PayPalApiError';
    this.status = params.status;
    this.errorName = params.errorName;
    this.issue = params.issue;
    this.debugId = params.debugId;
  }
}

const ZToken = z.object({ access_token: z.string(), expires_in: z.number() }).loose();

const ZErrorBody = z
  .object({
    name: z.string().optional(),
    message: z.string().optional(),
    debug_id: z.string().optional(),
    details: z
      .array(z.object({ issue: z.string().optional(), description: z.string().optional() }).loose())
      .optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .loose();

export interface PayPalCall {
  method: 'GET' | 'POST';
  path: string;
  /** A JSON object, or a JSON text sent as it is (the webhook event must reach PayPal unchanged). */
  body?: unknown;
  /** PayPal-Request-Id: the same id answers the same result however often it is sent. */
  requestId?: string;
}

const RETRIES = 2;
const TOKEN_MARGIN_MS = 60_000;

export function paypalApi(credentials: PayPalCredentials) {
  const origin = credentials.baseUrl.replace(/\/+$/, '');
  const timeoutMs = credentials.timeoutMs ?? 30_000;
  let token: { value: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const answer = await send(`${origin}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (answer.status !== 200) throw apiError(answer);
    const parsed = ZToken.parse(answer.json);
    token = { value: parsed.access_token, until: Date.now() + parsed.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  async function send(url: string, init: RequestInit): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await readAnswer(
          await observedFetch('paypal', url, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
        );
        if (answer.status < 500 || attempt >= RETRIES) return answer;
      } catch (error) {
        if (attempt >= RETRIES) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }

  async function authorised(call: PayPalCall, bearer: string): Promise<Answer> {
    const body =
      call.body === undefined
        ? undefined
        : typeof call.body === 'string'
          ? call.body
          : JSON.stringify(call.body);
    return send(`${origin}${call.path}`, {
      method: call.method,
      headers: {
        Authorization: `Bearer ${bearer}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(call.requestId ? { 'PayPal-Request-Id': call.requestId } : {}),
      },
      body,
    });
  }

  return {
    /** The call's JSON answer on a 2xx; a PayPalApiError otherwise. */
    async call(call: PayPalCall): Promise<unknown> {
      let answer = await authorised(call, await accessToken());
      if (answer.status === 401) {
        token = undefined;
        answer = await authorised(call, await accessToken());
      }
      if (answer.status < 200 || answer.status > 299) throw apiError(answer);
      return answer.json;
    },
  };
}

interface Answer {
  status: number;
  json: unknown;
  text: string;
}

async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

function apiError(answer: Answer): PayPalApiError {
  const body = ZErrorBody.safeParse(answer.json).data;
  return new PayPalApiError({
    status: answer.status,
    errorName: body?.name ?? body?.error ?? `HTTP ${answer.status}`,
    message: body?.message ?? body?.error_description ?? answer.text.slice(0, 200),
    issue: body?.details?.[0]?.issue,
    debugId: body?.debug_id,
  });
}

/** The order and capture as PayPal's answers and events show them (only the fields we read). */
export const ZLink = z.object({ href: z.string(), rel: z.string() }).loose();
export const ZMoney = z.object({ currency_code: z.string(), value: z.string() }).loose();
const ZRelatedOrder = z
  .object({ related_ids: z.object({ order_id: z.string().optional() }).loose().optional() })
  .loose();
export const ZCapture = z
  .object({
    id: z.string(),
    status: z.string(),
    amount: ZMoney.optional(),
    supplementary_data: ZRelatedOrder.optional(),
  })
  .loose();
export const ZOrder = z
  .object({
    id: z.string(),
    status: z.string(),
    links: z.array(ZLink).optional(),
    purchase_units: z
      .array(
        z
          .object({
            payments: z
              .object({ captures: z.array(ZCapture).optional() })
              .loose()
              .optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();
export type Order = z.infer<typeof ZOrder>;
/** 1250 → "12.50": PayPal takes USD as a decimal string with two places. */
export function centsToValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "12.50" → 1250, read as text so no float rounding creeps in; anything else → 0 (nothing paid). */
export function valueToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return 0;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
