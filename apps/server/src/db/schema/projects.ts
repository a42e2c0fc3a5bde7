import type { RenderMode } from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A group of the user's projects (spec point 2, category modals): the sidebar and the dashboard list
 * projects under their category. Deleting one leaves its projects uncategorised.
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One category of a name per user, whatever its case: "Shops" and "shops" would read as one group.
  (t) => [uniqueIndex('categories_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

/** A site. `domains` holds every domain of the project: the main one first, then its 301/302 redirects. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mainDomain: text('main_domain').notNull(),
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    isFavorite: boolean('is_favorite').notNull().default(false),
    /** Its category; null when uncategorised (or when the category was deleted). */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The project's IndexNow key (8–128 of a-z, A-Z, 0-9, '-'), made when first needed. */
    indexNowKey: text('index_now_key'),
    /** When the key file was last found on the site: IndexNow submissions wait for it. */
    indexNowVerifiedAt: at('index_now_verified_at'),
    /** When a backlink check loads donor pages again in the browser: 'missing' | 'always' | 'never'. */
    renderMode: text('render_mode').$type<RenderMode>().notNull().default('missing'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_user_idx').on(t.userId, t.isFavorite, t.id),
    index('projects_category_idx').on(t.categoryId),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tier: smallint('tier').notNull().default(1),
    history: boolean('history').notNull().default(false),
    disallow: boolean('disallow').notNull().default(false),
    isSystem: boolean('is_system').notNull().default(false),
    /**
     * The campaign settings' weekdays (ISO: 1 Monday to 7 Sunday) and time (`HH:MM`, UTC) of its
     * scheduled checks: a run the period in days brings to an unticked day waits for the next ticked one.
     */
    weekdays: smallint('weekdays').array().notNull().default(sql`'{1,2,3,4,5,6,7}'::smallint[]`),
    time: text('time').notNull().default('00:00'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_user_idx').on(t.userId, t.projectId, t.tier)],
);

/**
 * A referring (donor) page the user watches. `url` is normalised (scheme and host lower-cased, default
 * port and fragment dropped) and unique per campaign. `listType` is the tab: 1 history, 2 active, 3 disallow.
 * project_id and tier are copied from the campaign so list filters need no join.
 * Only `campaign_id` is a foreign key: the link goes with its campaign, and the campaign with its
 * project and user, so user_id and project_id (always the campaign's) need no trigger of their own;
 * an upload inserts up to 100,000 links, and each foreign key costs a trigger call per row.
 */
export const links = pgTable(
  'links',
  {
    id: id(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    tier: smallint('tier').notNull().default(1),
    url: text('url').notNull(),
    listType: smallint('list_type').notNull().default(2),
    title: text('title'),
    comment: text('comment'),
    indexing: smallint('indexing').notNull().default(0),
    indexingCapabilityId: smallint('indexing_capability_id'),
    metaRobots: text('meta_robots'),
    xRobotsTag: text('x_robots_tag'),
    canonical: text('canonical'),
    responseCode: integer('response_code'),
    responseCodeGroup: smallint('response_code_group'),
    redirect: text('redirect'),
    countBacklinks: integer('count_backlinks'),
    countBacklinksT2: integer('count_backlinks_t2'),
    pa: integer('pa'),
    semRushULinks: integer('sem_rush_u_links'),
    /** Checks in a row on which a page that answered 200 did not have the backlink; lost is reported at 2. */
    missedChecks: smallint('missed_checks').notNull().default(0),
    /** LinkCheckStatus of the last backlink check (found, missing, not read); null before the first. */
    checkStatus: smallint('check_status'),
    dateAddIndex: at('date_add_index'),
    dateCheckData: at('date_check_data'),
    dateCheckIndexing: at('date_check_indexing'),
    /**
     * A tier 2 link whose tier 1 page is no longer worth strengthening (issue 31): why (DeadFeedReason:
     * missing, error, blocked, noindex, not_indexed) and since when; null while it feeds a live page.
     */
    deadFeedReason: text('dead_feed_reason'),
    deadFeedSince: at('dead_feed_since'),
    /**
     * The upload that added the link (link_uploads), while it runs: an upload commits in short steps so
     * other users' calls get the database between them, and a failed one deletes what it added.
     */
    uploadId: integer('upload_id'),
    /** Who added the link (issue 27): the person whose upload it came in; null when not known. */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who last moved it between campaigns or lists, and when; null while it never moved. */
    movedBy: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
    movedAt: at('moved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('links_campaign_url_unique').on(t.campaignId, t.url),
    index('links_campaign_list_idx').on(t.campaignId, t.listType, t.id),
    index('links_user_list_idx').on(t.userId, t.listType, t.id),
    index('links_project_list_idx').on(t.projectId, t.listType, t.tier),
    index('links_dead_feed_idx').on(t.projectId).where(sql`dead_feed_reason is not null`),
    // The links table's sorts within a campaign tab, NULL (never measured) lowest: served by an index
    // scan that stops after one page instead of sorting a million rows.
    index('links_campaign_code_idx').on(
      t.campaignId,
      t.listType,
      t.responseCode.desc().nullsLast(),
      t.id.desc(),
    ),
    index('links_campaign_checked_idx').on(
      t.campaignId,
      t.listType,
      t.dateCheckData.desc().nullsLast(),
      t.id.desc(),
    ),
    index('links_campaign_backlinks_idx').on(
      t.campaignId,
      t.listType,
      t.countBacklinks.desc().nullsLast(),
      t.id.desc(),
    ),
    index('links_campaign_indexing_idx').on(t.campaignId, t.listType, t.indexing, t.id),
    index('links_campaign_check_status_idx').on(t.campaignId, t.listType, t.checkStatus, t.id),
    // The search across campaigns (ILIKE '%text%' on url or title) reads these trigram indexes instead
    // of every link the user has; pg_trgm is created by the migration (and loaded into PGlite).
    index('links_url_trgm_idx').using('gin', sql`${t.url} gin_trgm_ops`),
    index('links_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/**
 * An upload of links under way. It adds the file's links in short transactions (each step renews
 * `aliveUntil`) and removes this row in its last one; a row left behind by a process that died
 * mid-upload names links to delete (see sweepAbandonedUploads), so an upload lands whole or not at all.
 */
export const linkUploads = pgTable('link_uploads', {
  id: id(),
  userId: integer('user_id').notNull(),
  campaignId: integer('campaign_id').notNull(),
  aliveUntil: at('alive_until').notNull(),
  /** The person who uploaded (issue 27): the owner or a member; null before owners were recorded. */
  actorId: integer('actor_id'),
});

/** A link to the project found on a donor page at the last check. */
export const backlinks = pgTable(
  'backlinks',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** The acceptor URL the backlink points to. */
    href: text('href').notNull(),
    anchor: text('anchor').notNull().default(''),
    attribute: text('attribute').notNull().default('dofollow'),
    typeId: smallint('type_id').notNull().default(2),
    textBefore: text('text_before'),
    textAfter: text('text_after'),
    /** Found only in the page as rendered by the browser ("found after JavaScript"). */
    rendered: boolean('rendered').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('backlinks_link_idx').on(t.linkId),
    index('backlinks_user_anchor_idx').on(t.userId, t.anchor),
  ],
);

/** One row per check of a link: what the page answered and how many backlinks it had. */
export const backlinkCheckHistories = pgTable(
  'backlink_check_histories',
  {
    id: id(),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    actionId: integer('action_id'),
    statusId: smallint('status_id').notNull(),
    responseCode: integer('response_code'),
    responseCodeGroup: smallint('response_code_group'),
    indexingCapabilityId: smallint('indexing_capability_id'),
    countBacklinks: integer('count_backlinks'),
    crawlerId: smallint('crawler_id'),
    date: at('date').notNull().defaultNow(),
    removedAt: at('removed_at'),
  },
  (t) => [index('backlink_check_histories_link_idx').on(t.linkId, t.date)],
);

export const indexHistories = pgTable(
  'index_histories',
  {
    id: id(),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    /** The index check provider that answered (null for entries written before providers existed). */
    provider: text('provider'),
    createdAt: createdAt(),
  },
  (t) => [index('index_histories_link_idx').on(t.linkId, t.createdAt)],
);
