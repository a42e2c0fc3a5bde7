import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Where a user's alerts go besides e-mail: one Slack incoming webhook and one Telegram chat per user.
 * A Telegram chat is connected by a one-time start code (stored hashed) that the bot reads back.
 */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** slack | telegram */
    kind: text('kind').notNull(),
    /** pending (Telegram: waiting for /start) | active | paused (kept failing) */
    status: text('status').notNull().default('active'),
    slackUrl: text('slack_url'),
    telegramChatId: text('telegram_chat_id'),
    telegramChatTitle: text('telegram_chat_title'),
    connectCodeHash: text('connect_code_hash'),
    connectExpiresAt: at('connect_expires_at'),
    /** Deliveries that failed in a row; the channel is paused when it reaches the limit. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    pausedAt: at('paused_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_channels_user_kind_unique').on(t.userId, t.kind),
    uniqueIndex('alert_channels_code_unique')
      .on(t.connectCodeHash)
      .where(sql`${t.connectCodeHash} IS NOT NULL`),
  ],
);

/** A project's alert rule: which changes, to which channels, at once or in the daily digest. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    /** immediate | digest */
    mode: text('mode').notNull().default('immediate'),
    balanceThreshold: integer('balance_threshold'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alert_rules_project_unique').on(t.projectId)],
);

/** When a user's daily digest goes out: an hour in their time zone (IANA name). */
export const alertSettings = pgTable('alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  digestHour: smallint('digest_hour').notNull().default(9),
  /** The local date (YYYY-MM-DD) of the last digest sent. */
  lastDigestOn: text('last_digest_on'),
});

/**
 * One grouped message per task, project and channel (or one digest of several), delivered by the
 * worker: pending → sent, or failed after its attempts; held ones wait for the digest.
 */
export const alertMessages = pgTable(
  'alert_messages',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id'),
    actionId: integer('action_id'),
    /** email | slack | telegram */
    channel: text('channel').notNull(),
    /** immediate | digest */
    mode: text('mode').notNull(),
    /** pending | held | sent | failed | digested */
    status: text('status').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('alert_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('alert_messages_user_idx').on(t.userId, t.status),
    uniqueIndex('alert_messages_task_unique')
      .on(t.actionId, t.projectId, t.channel)
      .where(sql`${t.actionId} IS NOT NULL`),
  ],
);
