import { z } from 'zod';
import { rules } from '../validation.ts';
import { resource, single } from './common.ts';

// ---------------------------------------------------------------------------------------------------
// Issue 32: personal API keys and outgoing webhooks.
// ---------------------------------------------------------------------------------------------------

/** read: every GET; write: every other method; tasks: starting tasks, which spend credits. */
export const API_KEY_SCOPES = ['read', 'write', 'tasks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_NAME_MAX = 100;
/** Keys a user may hold at once (revoked ones do not count). */
export const API_KEYS_MAX = 25;
/** What an API key's token starts with, so a leaked one is recognisable (secret scanners). */
export const API_KEY_TOKEN_PREFIX = 'lwk_';

/**
 * The event types an endpoint can subscribe to. `alert`: a project's alert rule chose the endpoint as
 * a channel (choosing it there subscribes it).
 */
export const WEBHOOK_EVENTS = [
  'link.changed',
  'task.finished',
  'report.created',
  'payment.paid',
  'alert',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOKS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
/** How long a delivery is retried (exponential back-off) before it is given up. */
export const WEBHOOK_RETRY_DAYS = 3;
/** An endpoint failing this long without a single success is disabled, and its owner told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

// Requests -------------------------------------------------------------------------------------------

/** `POST user/api-keys` */
export const ZCreateApiKeyRequest = z.object({
  name: rules.requiredString().max(API_KEY_NAME_MAX, { error: 'validation.max' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'validation.invalid' }), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((scopes) => [...new Set(scopes)]),
  /** An ISO date or timestamp in the future; none: the key never expires. */
  expiresAt: rules.date().nullish(),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

/** `POST user/webhooks` */
export const ZCreateWebhookRequest = z.object({
  url: rules
    .requiredString()
    .max(WEBHOOK_URL_MAX, { error: 'validation.max' })
    .refine(isHttpUrl, { error: 'validation.httpUrl' }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'validation.invalid' }), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((events) => [...new Set(events)]),
});
export type TCreateWebhookRequest = z.infer<typeof ZCreateWebhookRequest>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

// Answers --------------------------------------------------------------------------------------------

export const ZApiKeyAttributes = z.object({
  name: z.string(),
  /** The account the key works in: its maker's own (their user id) or a team's (the owner's id). */
  accountId: z.number().int(),
  /** The token's first characters, to tell keys apart; the token itself is shown once. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TApiKeyAttributes = z.infer<typeof ZApiKeyAttributes>;
export const ZApiKeyResource = resource('api-keys', ZApiKeyAttributes);
export type TApiKeyResource = z.infer<typeof ZApiKeyResource>;
export const ZApiKeyListResponse = z.object({ data: z.array(ZApiKeyResource) });
/** The answer to a creation: the key and, this once, its `token`. */
export const ZCreatedApiKeyResponse = single(
  resource('api-keys', ZApiKeyAttributes.extend({ token: z.string() })),
);
export type TCreatedApiKeyResponse = z.infer<typeof ZCreatedApiKeyResponse>;

export const ZWebhookAttributes = z.object({
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** Set when the endpoint was disabled after failing for days. */
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookAttributes = z.infer<typeof ZWebhookAttributes>;
export const ZWebhookResource = resource('webhooks', ZWebhookAttributes);
export type TWebhookResource = z.infer<typeof ZWebhookResource>;
export const ZWebhookListResponse = z.object({ data: z.array(ZWebhookResource) });
export const ZWebhookResponse = single(ZWebhookResource);
/** The answer to a creation: the endpoint and, this once, its signing `secret`. */
export const ZCreatedWebhookResponse = single(
  resource('webhooks', ZWebhookAttributes.extend({ secret: z.string() })),
);
export type TCreatedWebhookResponse = z.infer<typeof ZCreatedWebhookResponse>;

export const ZWebhookDeliveryAttributes = z.object({
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDeliveryAttributes = z.infer<typeof ZWebhookDeliveryAttributes>;
export const ZWebhookDeliveryResource = resource('webhook-deliveries', ZWebhookDeliveryAttributes);
export type TWebhookDeliveryResource = z.infer<typeof ZWebhookDeliveryResource>;
export const ZWebhookDeliveryResponse = single(ZWebhookDeliveryResource);
/** The delivery log of one endpoint, newest first (the last 100). */
export const ZWebhookDeliveryListResponse = z.object({ data: z.array(ZWebhookDeliveryResource) });
