import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * Personal API keys (issue 32): a Bearer token on the same /api/ as the app, with scopes. Only the
 * token's SHA-256 is stored; `prefix` (its first characters) is what the list shows. The rate limit is
 * a fixed one-minute window counted in the row, so every API process shares it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account the key works in: its maker's own (null) or a team's they are a member of. */
    accountId: integer('account_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** read, write, tasks */
    scopes: text('scopes').array().notNull(),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    windowStartedAt: at('window_started_at'),
    windowCount: integer('window_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.tokenHash), index('api_keys_user_idx').on(t.userId)],
);

/**
 * A user's outgoing webhook endpoint. The signing secret must be read back to sign, so it is kept
 * encrypted (AES-256-GCM under the server's WEBHOOK_SECRET_KEY), never hashed. `failingSince` is the
 * first failed attempt since the last success; an endpoint failing for days is disabled.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    failingSince: at('failing_since'),
    disabledAt: at('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * One event to one endpoint: queued in the transaction that made the event, sent by the worker's
 * clock with exponential back-off until it is delivered or `giveUpAt` (3 days) passes. The body is
 * kept as sent, so a retry signs the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    /** pending, delivered, failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    giveUpAt: at('give_up_at').notNull(),
    leaseUntil: at('lease_until'),
    lastAttemptAt: at('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
