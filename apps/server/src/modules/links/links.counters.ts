import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { linkCounters } from '../../db/schema/index.ts';
import type { LinkFilters } from './links.filters.ts';

/**
 * Reading link_counters (kept by triggers, see db/schema/counters.ts): the figures around the links
 * page for a scope the counters are kept by, without reading the links.
 */

export type Counts = Map<number | string, number>;

/** The filters the counters are kept by; any other filter set means a scan. */
// `exclude` only turns other filters around (spec 4 Filter 2), so on its own it selects nothing.
const COUNTED_FILTERS = new Set(['campaign', 'project', 'tier', 'type', 'exclude']);

/**
 * The link_counters rows of the request's scope (owner, campaign, project, tier, tab), or undefined
 * when a filter the counters are not kept by is set: then the figures come from a scan of the rows.
 */
export function counterScope(params: {
  userId: number;
  filters: Partial<LinkFilters> & Pick<LinkFilters, 'type'>;
  ignoreType?: boolean;
}): SQL | undefined {
  const f = params.filters;
  const other = Object.entries(f).some(([name, value]) => value !== undefined && !COUNTED_FILTERS.has(name));
  if (other) return undefined;
  return and(
    eq(linkCounters.userId, params.userId),
    f.campaign !== undefined ? eq(linkCounters.campaignId, f.campaign) : undefined,
    f.project !== undefined ? eq(linkCounters.projectId, f.project) : undefined,
    f.tier !== undefined ? eq(linkCounters.tier, f.tier) : undefined,
    params.ignoreType ? undefined : eq(linkCounters.listType, f.type),
  ) as SQL;
}

/** Kinds whose keys are text (backlink attributes, the UTC days links were added on); the rest are numbers. */
const TEXT_KINDS = new Set(['bl_attr', 'added']);

/** Per kind asked for, the counted keys with their totals over every shard (zero totals left out). */
export async function counterGroups(db: Queryable, scope: SQL, kinds: string[]) {
  const rows = await db
    .select({
      kind: linkCounters.kind,
      key: linkCounters.key,
      value: sql<number>`sum(${linkCounters.n})::int`,
    })
    .from(linkCounters)
    .where(and(scope, inArray(linkCounters.kind, kinds)))
    .groupBy(linkCounters.kind, linkCounters.key)
    .having(sql`sum(${linkCounters.n}) <> 0`)
    .orderBy(linkCounters.kind, linkCounters.key);
  const groups = new Map<string, Counts>(kinds.map((kind) => [kind, new Map()]));
  for (const row of rows) {
    groups.get(row.kind)!.set(TEXT_KINDS.has(row.kind) ? row.key : Number(row.key), row.value);
  }
  return groups;
}
