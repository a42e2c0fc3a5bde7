import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns.ts';
import { crawlerItems } from './crawlers.ts';
import { campaigns, links, projects } from './projects.ts';
import { users } from './users.ts';

/** A paid task (spec: action). Its work is one action_item per link. */
export const actions = pgTable(
  'actions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    actionId: smallint('action_id').notNull(),
    statusId: smallint('status_id').notNull().default(0),
    tier: smallint('tier'),
    totalCount: integer('total_count').notNull().default(0),
    currentCount: integer('current_count').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    totalErrorCount: integer('total_error_count').notNull().default(0),
    price: integer('price').notNull().default(0),
    cost: integer('cost').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    message: text('message'),
    filters: jsonb('filters').notNull().default({}),
    /** Selected links the task left out before charging, counted by reason (an indexing request's). */
    skipped: jsonb('skipped').$type<Record<string, number>>(),
    isAutostart: boolean('is_autostart').notNull().default(false),
    /**
     * The person who started it (issue 27), the owner or a member; null: a schedule, or a task from
     * before the owner was recorded (then the owner's, see taskStarterId).
     */
    actorId: integer('actor_id'),
    scheduleId: integer('schedule_id'),
    hasNewReport: boolean('has_new_report').notNull().default(false),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('actions_user_idx').on(t.userId, t.statusId, t.id),
    index('actions_campaign_idx').on(t.campaignId, t.actionId, t.statusId),
  ],
);

/** One link's share of an action; workers claim these in batches with a lease (locked_until). */
export const actionItems = pgTable(
  'action_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => links.id, { onDelete: 'set null' }),
    /** Action 17 (remove from crawlers): the crawler record an item works on. */
    crawlerItemId: integer('crawler_item_id').references(() => crawlerItems.id, { onDelete: 'set null' }),
    /** 0 pending, 1 done, 2 failed, 3 cancelled. */
    status: smallint('status').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    lockedBy: text('locked_by'),
    error: text('error'),
    processedAt: at('processed_at'),
  },
  (t) => [
    index('action_items_action_idx').on(t.actionId, t.status),
    index('action_items_pending_idx').on(t.id).where(sql`status = 0`),
    // Deleting crawler records sets their action items' reference to null: found by this index.
    index('action_items_crawler_item_idx').on(t.crawlerItemId).where(sql`crawler_item_id is not null`),
  ],
);

/**
 * A page an indexing request (action 3) sent to a service: re-checked `recheckAt` (N days later) and
 * refunded when still not indexed. 0 waiting, 1 confirming a first "not indexed", 2 indexed, 3 refunded.
 */
export const indexRequests = pgTable(
  'index_requests',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionId: integer('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** The service that took the page ("speedyindex", "indexnow+google", …). */
    provider: text('provider').notNull(),
    /** The credits paid for it: what a refund gives back. */
    price: integer('price').notNull(),
    state: smallint('state').notNull().default(0),
    recheckAt: at('recheck_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('index_requests_due_idx').on(t.recheckAt).where(sql`state < 2`)],
);

export const actionPrices = pgTable('action_prices', {
  id: id(),
  actionId: smallint('action_id').notNull().unique(),
  price: integer('price').notNull(),
});

/** Per-user price overrides (the spec's customPrice). */
export const userActionPrices = pgTable(
  'user_action_prices',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionId: smallint('action_id').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [uniqueIndex('user_action_prices_unique').on(t.userId, t.actionId)],
);

export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** 1 auto check indexing, 2 auto check backlinks. */
    actionId: smallint('action_id').notNull(),
    interval: integer('interval').notNull().default(1),
    // The time of day is the campaign's (campaigns.time): one time for all of a campaign's checks.
    startAt: at('start_at').notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    nextRunAt: at('next_run_at'),
    lastRunAt: at('last_run_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('schedules_campaign_action_unique').on(t.campaignId, t.actionId),
    index('schedules_due_idx').on(t.isActive, t.nextRunAt),
  ],
);
