import type { LinkSortField } from '@linkwatch/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Queryable, rawRows } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import {
  backlinkCheckHistories,
  backlinks,
  indexHistories,
  linkCounters,
  links,
} from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';
import { counterGroups, counterScope } from './links.counters.ts';
import { type LinkFilters, linkFiltersWhere } from './links.filters.ts';

export type Link = typeof links.$inferSelect;
export type Backlink = typeof backlinks.$inferSelect;
export type CheckHistory = typeof backlinkCheckHistories.$inferSelect;
export type IndexHistory = typeof indexHistories.$inferSelect;

export interface LinkSort {
  field: LinkSortField;
  desc: boolean;
}

// createdAt follows insertion order, as ids do: sorting by id reads the list index instead of sorting.
const sortColumns: Record<LinkSortField, PgColumn> = {
  id: links.id,
  createdAt: links.id,
  url: links.url,
  responseCode: links.responseCode,
  indexing: links.indexing,
  dateCheckData: links.dateCheckData,
  countBacklinks: links.countBacklinks,
};

/**
 * A never-measured value (NULL) sorts as the lowest: first ascending, last descending. The id
 * tiebreak keeps pages stable, and (campaign, tab, column, id) indexes serve these orders directly.
 */
export function linkOrderBy(sort: LinkSort): SQL[] {
  const column = sortColumns[sort.field];
  if (column === links.id) return [sort.desc ? desc(links.id) : asc(links.id)];
  if (!column.notNull) {
    // The id tiebreak spells out NULLS like the index does, or PostgreSQL sorts instead of scanning it.
    return sort.desc
      ? [sql`${column} desc nulls last`, sql`${links.id} desc nulls last`]
      : [sql`${column} asc nulls first`, sql`${links.id} asc nulls first`];
  }
  return [sort.desc ? desc(column) : asc(column), sort.desc ? desc(links.id) : asc(links.id)];
}

export async function listLinks(
  db: Queryable,
  params: { userId: number; filters: LinkFilters; sort: LinkSort; page: PageQuery },
) {
  const where = linkFiltersWhere(params);
  const scope = counterScope({ userId: params.userId, filters: params.filters });
  const [rows, total] = await Promise.all([
    paginate(
      db
        .select()
        .from(links)
        .where(where)
        .orderBy(...linkOrderBy(params.sort))
        .$dynamic(),
      params.page,
    ),
    scope
      ? countLinks(db, where, scope).then((exact) => ({ total: exact, estimated: false }))
      : countLinksForPage(db, where),
  ]);
  return { rows, ...total };
}

/** Exact counts stop here on the list call; `links/count` always counts exactly. */
export const LIST_EXACT_COUNT_LIMIT = 10_000;

/**
 * The list's total under filters the counters are not kept by (a campaign's tab reads it exactly from
 * link_counters, see counterScope). Counting a million rows takes longer than the page itself, so past
 * 10,000 the list gives PostgreSQL's estimate (`estimated: true`), never less than what was seen;
 * `links/count` gives the exact number when it matters.
 */
async function countLinksForPage(db: Queryable, where: SQL): Promise<{ total: number; estimated: boolean }> {
  const [{ seen }] = await db.select({ seen: count() }).from(
    db
      .select({ one: sql`1` })
      .from(links)
      .where(where)
      .limit(LIST_EXACT_COUNT_LIMIT + 1)
      .as('capped'),
  );
  if (seen <= LIST_EXACT_COUNT_LIMIT) return { total: seen, estimated: false };
  const [row] = await rawRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    db,
    sql`explain (format json) select 1 from ${links} where ${where}`,
  );
  const estimate = Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']);
  return { total: Math.max(estimate, seen), estimated: true };
}

/** The exact number of links: from the counters when `scope` is given (see counterScope), else counted. */
export async function countLinks(db: Queryable, where: SQL, scope?: SQL): Promise<number> {
  if (scope) return (await counterGroups(db, scope, ['links'])).get('links')!.get(0) ?? 0;
  const [row] = await db.select({ total: count() }).from(links).where(where);
  return row.total;
}

/** How many links each tab holds under the same filters (the tabs' badges). */
export async function countLinksPerTab(
  db: Queryable,
  params: { userId: number; filters: Partial<LinkFilters> & Pick<LinkFilters, 'type'> },
) {
  const scope = counterScope({ ...params, ignoreType: true });
  if (scope) {
    const rows = await db
      .select({ type: linkCounters.listType, total: sql<number>`sum(${linkCounters.n})::int` })
      .from(linkCounters)
      .where(and(scope, eq(linkCounters.kind, 'links')))
      .groupBy(linkCounters.listType);
    const of = (type: number) => rows.find((r) => r.type === type)?.total ?? 0;
    return { history: of(1), active: of(2), disallow: of(3) };
  }
  const rows = await db
    .select({ type: links.listType, total: count() })
    .from(links)
    .where(linkFiltersWhere({ ...params, ignoreType: true }))
    .groupBy(links.listType);
  const of = (type: number) => rows.find((r) => r.type === type)?.total ?? 0;
  return { history: of(1), active: of(2), disallow: of(3) };
}

export async function findLink(db: Queryable, params: { userId: number; id: number }) {
  const [link] = await db
    .select()
    .from(links)
    .where(and(eq(links.id, params.id), eq(links.userId, params.userId)));
  return link;
}

export function backlinksOfLink(db: Queryable, linkId: number) {
  return db.select().from(backlinks).where(eq(backlinks.linkId, linkId)).orderBy(asc(backlinks.id));
}

export function checkHistoriesOfLink(db: Queryable, linkId: number) {
  return db
    .select()
    .from(backlinkCheckHistories)
    .where(eq(backlinkCheckHistories.linkId, linkId))
    .orderBy(desc(backlinkCheckHistories.date), desc(backlinkCheckHistories.id))
    .limit(100);
}

/** A crawler record of the page a link is (crawler_links are matched by the link's normalised URL). */
export interface LinkCrawler {
  id: number;
  link: string;
  source: number;
  status: number;
  target_url: string | null;
  anchor: string | null;
  nofollow: boolean | null;
  seen_on: string | null;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  removed_at: Date | string | null;
  campaign_ids: number[];
}

/** What every crawler source of the link's project says of its page. */
export function crawlersOfLink(db: Queryable, link: { projectId: number; url: string }) {
  return rawRows<LinkCrawler>(
    db,
    sql`select i.id, l.url as link, i.source, i.status, i.target_url, i.anchor, i.nofollow,
        i.seen_on::text as seen_on, i.first_seen_at, i.last_seen_at, i.removed_at,
        array(
          select distinct k.campaign_id from links k join campaigns c on c.id = k.campaign_id
          where c.project_id = l.project_id and k.url = l.url_key order by 1
        ) as campaign_ids
      from crawler_links l join crawler_items i on i.crawler_link_id = l.id
      where l.project_id = ${link.projectId}::int and l.url_key = ${link.url}
      order by i.source, i.id`,
  );
}

export function indexHistoriesOfLink(db: Queryable, linkId: number) {
  return db
    .select()
    .from(indexHistories)
    .where(eq(indexHistories.linkId, linkId))
    .orderBy(desc(indexHistories.createdAt), desc(indexHistories.id))
    .limit(100);
}
