import { boolean, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { actions } from './actions.ts';
import { at, createdAt, id } from './columns.ts';
import { campaigns, links } from './projects.ts';
import { users } from './users.ts';

/** A link whose state changed during a check; its changes are report_changes rows. */
export const reportLinks = pgTable(
  'report_links',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionId: integer('action_id').references(() => actions.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => links.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    projectId: integer('project_id'),
    url: text('url').notNull(),
    seenAt: at('seen_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_links_user_idx').on(t.userId, t.projectId, t.id),
    index('report_links_action_idx').on(t.actionId),
  ],
);

export const reportChanges = pgTable(
  'report_changes',
  {
    id: id(),
    reportLinkId: integer('report_link_id')
      .notNull()
      .references(() => reportLinks.id, { onDelete: 'cascade' }),
    /** What changed: lost, found, anchor, rel, kind, responseCode, redirect, indexingCapability, title. */
    changesType: text('changes_type').notNull(),
    old: text('old'),
    new: text('new'),
    oldTitle: text('old_title'),
    newTitle: text('new_title'),
    title: text('title'),
    count: integer('count').notNull().default(1),
    status: smallint('status').notNull().default(1),
  },
  (t) => [index('report_changes_link_idx').on(t.reportLinkId)],
);

/** Report recipients (spec: mailings). */
export const mailings = pgTable(
  'mailings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    actions: boolean('actions').notNull().default(true),
    report: boolean('report').notNull().default(true),
    wiki: boolean('wiki').notNull().default(true),
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('mailings_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    props: jsonb('props').notNull().default([]),
    type: text('type').notNull().default('info'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);
