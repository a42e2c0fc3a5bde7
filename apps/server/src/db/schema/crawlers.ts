import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Crawler data (issue 13): what backlink databases (source 1), search consoles (2) and temporary lists
 * (3) say about the pages linking to a project. A referring page is one `crawler_links` row per
 * project; what each source says of it is one `crawler_items` row, followed over imports.
 */
export const crawlerLinks = pgTable(
  'crawler_links',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The referring page as the first file gave it. */
    url: text('url').notNull(),
    /** normalizeUrl(url): how a page is matched across imports and with the project's links. */
    urlKey: text('url_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crawler_links_project_url_unique').on(t.projectId, t.urlKey)],
);

/** One import (a file, or an Ahrefs pull) of one source into one project. */
export const crawlerImports = pgTable(
  'crawler_imports',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: smallint('source').notNull(),
    fileName: text('file_name').notNull(),
    /** The kind of file recognised (CRAWLER_FILE_FORMATS), or `ahrefsApi`. */
    format: text('format').notNull(),
    rows: integer('rows').notNull().default(0),
    added: integer('added').notNull().default(0),
    active: integer('active').notNull().default(0),
    rip: integer('rip').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('crawler_imports_project_idx').on(t.projectId, t.source, t.id)],
);

/**
 * What one source says about one referring page: status 1 New, 2 Active, 3 RIP. `project_id` repeats
 * the link's so the per-project, per-source statements (counts, the RIP sweep) use one index.
 *
 * Only `crawler_link_id` is a foreign key (rows go with their page, pages with their project): an
 * import writes up to 500,000 items and as many events, and each foreign key costs a trigger call per
 * row (measured: a third of an import's time). `project_id` is the page's, and `last_import_id` is
 * the import's, written together in one statement by the import alone.
 */
export const crawlerItems = pgTable(
  'crawler_items',
  {
    id: id(),
    projectId: integer('project_id').notNull(),
    crawlerLinkId: integer('crawler_link_id')
      .notNull()
      .references(() => crawlerLinks.id, { onDelete: 'cascade' }),
    source: smallint('source').notNull(),
    status: smallint('status').notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    removedAt: at('removed_at'),
    targetUrl: text('target_url'),
    anchor: text('anchor'),
    nofollow: boolean('nofollow'),
    /** The date the file gave for the row (its last seen / last crawled, or the spec's second column). */
    seenOn: date('seen_on', { mode: 'string' }),
    lastImportId: integer('last_import_id'),
  },
  (t) => [
    uniqueIndex('crawler_items_link_source_unique').on(t.crawlerLinkId, t.source),
    index('crawler_items_project_idx').on(t.projectId, t.source, t.status),
    index('crawler_items_project_first_seen_idx').on(t.projectId, t.firstSeenAt.desc(), t.id.desc()),
  ],
);

/**
 * Each change of an item's status (New, RIP, Active again after RIP), so a page seen again after RIP
 * keeps its past, and the chart counts new and lost per day from here.
 */
export const crawlerItemEvents = pgTable(
  'crawler_item_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => crawlerItems.id, { onDelete: 'cascade' }),
    // Not foreign keys, for the import's speed (see crawler_items): they go with their item.
    projectId: integer('project_id').notNull(),
    source: smallint('source').notNull(),
    importId: integer('import_id'),
    status: smallint('status').notNull(),
    at: at('at').notNull().default(sql`now()`),
  },
  (t) => [
    index('crawler_item_events_item_idx').on(t.itemId, t.id),
    index('crawler_item_events_project_idx').on(t.projectId, t.at),
  ],
);
