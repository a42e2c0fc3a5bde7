import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const pageLogs = pgTable(
  'page_logs',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    page: text('page').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('page_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Public site settings (spec point 3, Settings); one row, id 1. */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  stripePublic: text('stripe_public'),
  linkserviceUrl: text('linkservice_url'),
  partnerLandingUrl: text('partner_landing_url'),
  backlinksUrl: text('backlinks_url'),
  warning: text('warning'),
  referralDomain: text('referral_domain'),
  /** Null: on when the provider is configured; false: turned off by the operator (issue 28). */
  enableCrypto: boolean('enable_crypto'),
  enablePayPal: boolean('enable_paypal'),
  paymentService: text('payment_service'),
  /** Off: no captcha is asked for, even with its keys configured (issue 28, the console's switch). */
  captchaEnabled: boolean('captcha_enabled').notNull().default(true),
  /** The smallest payout, in cents (issue 29); null: REFERRAL_MIN_PAYOUT. */
  referralMinPayoutCents: integer('referral_min_payout_cents'),
  updatedAt: updatedAt(),
});

/**
 * The public domain check's limits (issue 30): checks counted under a key (`address:<sha-256 of the
 * client address>`, or `all` over every address) in a fixed window of a day that starts at the first
 * check; one row a key, so a check is counted and the count read in one statement.
 */
export const publicCheckCounts = pgTable(
  'public_check_counts',
  {
    key: text('key').primaryKey(),
    checks: integer('checks').notNull(),
    windowStartedAt: at('window_started_at').notNull(),
  },
  (t) => [index('public_check_counts_window_idx').on(t.windowStartedAt)],
);

/**
 * What each process saw of the outside providers (issue 28, the console's provider health), copied
 * from its memory every few seconds (providers/health.ts): one row per process and provider.
 */
export const providerHealth = pgTable(
  'provider_health',
  {
    processId: text('process_id').notNull(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    requests: integer('requests').notNull().default(0),
    lastSeenAt: at('last_seen_at'),
    lastErrorAt: at('last_error_at'),
    lastError: text('last_error'),
    lastStatus: integer('last_status'),
    /** 429s by minute since the epoch: `{ "29449440": 3 }`, the last hour's. */
    rateLimited: jsonb('rate_limited').$type<Record<string, number>>().notNull().default({}),
    remaining: doublePrecision('remaining'),
    remainingAt: at('remaining_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.provider] })],
);
