import { z } from 'zod';
import { WEBHOOKS_MAX } from './integrations.ts';

// ---------------------------------------------------------------------------------------------------
// Alerts (issue 32): per-project rules, the channels they go to, and the daily digest's hour.
// ---------------------------------------------------------------------------------------------------

/** What a rule can listen for; each one a line of a task's grouped message. */
export const ALERT_EVENTS = [
  'linkLost',
  'linkBack',
  'relChanged',
  'noindex',
  'pageGone',
  'notIndexed',
  'tierOneDead',
  'taskFinished',
  'taskFailed',
  'balanceLow',
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

export const ALERT_CHANNELS = ['email', 'slack', 'telegram'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_MODES = ['immediate', 'digest'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/** pending: a Telegram start link not used yet; paused: it kept failing and waits for the user. */
export const ALERT_CHANNEL_STATUSES = ['pending', 'active', 'paused'] as const;
export type AlertChannelStatus = (typeof ALERT_CHANNEL_STATUSES)[number];

/** Failed deliveries in a row that pause a channel. */
export const ALERT_CHANNEL_PAUSE_AFTER = 5;
/** How long a Telegram start link can be used. */
export const TELEGRAM_CONNECT_MINUTES = 30;

export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const unique = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .transform((list) => [...new Set(list)]);

/** `PUT projects/{id}/alerts`: the project's rule as a whole. */
export const ZAlertRuleRequest = z.object({
  events: unique(ALERT_EVENTS),
  channels: unique(ALERT_CHANNELS),
  /** The account's own webhook endpoints (`user/webhooks`) the alerts also go to, as `alert` events. */
  webhookIds: z
    .array(z.number().int().positive())
    .max(WEBHOOKS_MAX)
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]),
  mode: z.enum(ALERT_MODES),
  /** Credits; the balanceLow event fires when a task leaves the balance below it. */
  balanceThreshold: z.number().int().min(0).max(100_000_000).nullable().optional(),
});
export type TAlertRuleRequest = z.input<typeof ZAlertRuleRequest>;

export const ZAlertRuleResource = z.object({
  id: z.number(),
  type: z.literal('alertRules'),
  attributes: z.object({
    projectId: z.number(),
    events: z.array(z.enum(ALERT_EVENTS)),
    channels: z.array(z.enum(ALERT_CHANNELS)),
    webhookIds: z.array(z.number()),
    mode: z.enum(ALERT_MODES),
    balanceThreshold: z.number().nullable(),
  }),
});
export type TAlertRuleResource = z.infer<typeof ZAlertRuleResource>;
export const ZAlertRuleResponse = z.object({ data: ZAlertRuleResource });

/** `PUT alerts/settings`: when the daily digest goes out. */
export const ZAlertSettingsRequest = z.object({
  timeZone: z.string().min(1).max(64).refine(isValidTimeZone, { message: 'validation.invalid' }),
  digestHour: z.number().int().min(0).max(23),
});
export type TAlertSettingsRequest = z.infer<typeof ZAlertSettingsRequest>;

/** `PUT alerts/channels/slack`: a Slack incoming webhook. */
export const ZSlackChannelRequest = z.object({
  url: z.url({ protocol: /^https?$/ }).max(500),
});
export type TSlackChannelRequest = z.infer<typeof ZSlackChannelRequest>;

export const ZAlertChannelResource = z.object({
  id: z.number(),
  type: z.literal('alertChannels'),
  attributes: z.object({
    kind: z.enum(['slack', 'telegram']),
    status: z.enum(ALERT_CHANNEL_STATUSES),
    /** Slack: the webhook's host and the end of its path, never the whole secret URL. */
    target: z.string().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type TAlertChannelResource = z.infer<typeof ZAlertChannelResource>;
export const ZAlertChannelResponse = z.object({ data: ZAlertChannelResource });

/** A webhook endpoint of the account a rule can send to; its address shown shortened, as Slack's. */
export const ZAlertWebhookTarget = z.object({
  id: z.number(),
  target: z.string(),
  disabled: z.boolean(),
});
export type TAlertWebhookTarget = z.infer<typeof ZAlertWebhookTarget>;

/**
 * `GET alerts`: the user's channels, their webhook endpoints, digest settings, and whether Telegram is
 * offered at all.
 */
export const ZAlertOverviewResponse = z.object({
  data: z.object({
    channels: z.array(ZAlertChannelResource),
    webhooks: z.array(ZAlertWebhookTarget),
    settings: z.object({ timeZone: z.string(), digestHour: z.number() }),
    telegram: z.object({ available: z.boolean() }),
  }),
});
export type TAlertOverview = z.infer<typeof ZAlertOverviewResponse>['data'];

/** `POST alerts/channels/telegram`: the one-time start link that connects a chat. */
export const ZTelegramConnectResponse = z.object({
  data: z.object({ startUrl: z.string(), expiresAt: z.string(), channel: ZAlertChannelResource }),
});
export type TTelegramConnect = z.infer<typeof ZTelegramConnectResponse>['data'];
