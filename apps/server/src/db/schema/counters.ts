import { bigint, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * What the figures around the links page count, kept by statement-level triggers on `links` and
 * `backlinks` (migrations 0012–0016) inside the statement that changes the rows, so no code path can
 * leave them behind. A row is a delta sum for one scope (the link's owner, project, campaign, tier
 * and tab), one `kind` of figure (`links`, `indexing`, `code`, `bl_type`, `bl_anchor`, `bl_links`, …)
 * and one `key` (the value counted, as text). Each PostgreSQL backend adds into its own `shard`, so
 * workers writing check results of one campaign do not queue on one row; readers sum the shards.
 * `link_counters_computed()` counts them from the rows; `link_counters_rebuild()` replaces them with
 * that (after a load that skipped triggers). Two unlogged helper tables, `link_counter_gone` and
 * `link_counter_orphans`, carry a deleted link's scope to its cascaded backlinks' trigger.
 */
export const linkCounters = pgTable(
  'link_counters',
  {
    campaignId: integer('campaign_id').notNull(),
    listType: smallint('list_type').notNull(),
    tier: smallint('tier').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    shard: smallint('shard').notNull(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'link_counters_pkey',
      columns: [t.campaignId, t.listType, t.tier, t.kind, t.key, t.shard, t.userId, t.projectId],
    }),
    index('link_counters_project_idx').on(t.projectId, t.listType),
    index('link_counters_user_idx').on(t.userId, t.listType),
  ],
);
