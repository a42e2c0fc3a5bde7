/**
 * Every statement of the links module. The rest are in:
 * - links.export.queries.ts: the export's chunks (the rows, and the CSV the database writes);
 * - upload.queries.ts: an upload's steps, its lease, and the task it records.
 */
import {
  IndexState,
  LinkCheckStatus,
  type LinkFilters,
  LinkRole,
  type LinkRoleId,
  type LinkSelection,
  type LinkSortField,
  type LinkStatus,
  Quality,
  type QualityId,
  Tier,
} from '@linkwatch/shared';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { belongsToAccount } from '../../db/account-people.ts';
import { type Queryable, rawRows } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import {
  backlinkCheckHistories,
  backlinks,
  indexHistories,
  linkCounters,
  links,
  users,
} from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export type { LinkFilters, LinkSelection };

export type Link = typeof links.$inferSelect;
export type NewLink = typeof links.$inferInsert;
export type Backlink = typeof backlinks.$inferSelect;
export type CheckHistory = typeof backlinkCheckHistories.$inferSelect;
export type IndexHistory = typeof indexHistories.$inferSelect;

// The filters of the links page as a WHERE (spec 4).

/** 2xx; "bad" is any other answer, or a failure to get one (spec response-code groups). */
const goodCode = sql`${links.responseCode} between 200 and 299`;
const badCode = sql`((${links.responseCode} is not null and ${links.responseCode} not between 200 and 299) or ${links.responseCodeGroup} is not null)`;

function responseCodeGroupWhere(group: NonNullable<LinkFilters['responseCodeGroup']>): SQL {
  if (group === 'good') return goodCode;
  if (group === 'bad') return badCode;
  return eq(links.responseCodeGroup, Number(group));
}

function linkStatusWhere(status: LinkStatus): SQL {
  if (status === 'unchecked') return sql`${links.checkStatus} is null`;
  const id = {
    found: LinkCheckStatus.Found,
    missing: LinkCheckStatus.Missing,
    unread: LinkCheckStatus.Unread,
  };
  return eq(links.checkStatus, id[status]);
}

/**
 * `"table"."column"`, always. drizzle leaves columns unqualified in single-table queries, where a
 * correlated subquery's `"id"` would silently mean the inner table's id.
 */
export const qualified = (column: PgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const hasBacklinkWhere = (column: PgColumn, value: string) =>
  sql`exists (select 1 from ${backlinks} where ${qualified(backlinks.linkId)} = ${qualified(links.id)} and ${qualified(column)} = ${value})`;

const hasBacklinkLike = (column: PgColumn, pattern: string) =>
  sql`exists (select 1 from ${backlinks} where ${qualified(backlinks.linkId)} = ${qualified(links.id)} and ${qualified(column)} ilike ${pattern})`;

/** spec 4 link roles: the text searched in the donor page's URL, a backlink's anchor or its acceptor. */
function roleWhere(role: LinkRoleId | undefined, pattern: string): SQL {
  if (role === LinkRole.Donor) return ilike(links.url, pattern);
  if (role === LinkRole.Anchor) return hasBacklinkLike(backlinks.anchor, pattern);
  if (role === LinkRole.Acceptor) return hasBacklinkLike(backlinks.href, pattern);
  return or(ilike(links.url, pattern), ilike(links.title, pattern)) as SQL;
}

/** spec 4 Quality of the answer: good 2xx, medium 3xx, bad 4xx/5xx or no answer (a failure group). */
function qualityWhere(quality: QualityId): SQL {
  if (quality === Quality.Good) return goodCode;
  if (quality === Quality.Medium) return sql`${links.responseCode} between 300 and 399`;
  return sql`(${links.responseCode} >= 400 or ${links.responseCodeGroup} is not null)`;
}

type Filters = Partial<LinkFilters> & Pick<LinkFilters, 'type'>;

/**
 * A filter of one of spec 4's kinds, kept (include) or turned around (exclude): a link whose value is
 * not known (never checked, no title) is not the value named, so it stays when that value is left out.
 * Each filter of a kind is turned around on its own: excluding 404 and the bad group leaves out both.
 */
function kindWhere(f: Filters, kind: NonNullable<LinkFilters['exclude']>[number], where: SQL | undefined) {
  if (!where || !f.exclude?.includes(kind)) return where;
  return sql`(${where}) is not true`;
}

/** The filters as a WHERE over `links`, always scoped to the owner. */
export function linkFiltersWhere(params: {
  userId: number;
  /** As the query schemas parse them; a caller of its own (the bench) names only what it filters by. */
  filters: Partial<LinkFilters> & Pick<LinkFilters, 'type'>;
  ignoreType?: boolean;
}): SQL {
  const f = params.filters;
  const pattern = f.query ? `%${escapeLike(f.query)}%` : undefined;
  const title = f.title ? `%${escapeLike(f.title)}%` : undefined;
  const kind = (name: Parameters<typeof kindWhere>[1], where: SQL | undefined) => kindWhere(f, name, where);
  return and(
    eq(links.userId, params.userId),
    f.campaign !== undefined ? eq(links.campaignId, f.campaign) : undefined,
    f.project !== undefined ? eq(links.projectId, f.project) : undefined,
    f.tier !== undefined ? eq(links.tier, f.tier) : undefined,
    f.addedBy !== undefined ? eq(links.addedBy, f.addedBy) : undefined,
    params.ignoreType ? undefined : eq(links.listType, f.type),
    pattern ? roleWhere(f.role, pattern) : undefined,
    kind('title', title ? ilike(links.title, title) : undefined),
    // The response-code kind covers every form of it: the exact code, its group and its quality.
    kind('responseCode', f.quality ? qualityWhere(f.quality) : undefined),
    kind('responseCode', f.responseCode !== undefined ? eq(links.responseCode, f.responseCode) : undefined),
    kind('responseCode', f.responseCodeGroup ? responseCodeGroupWhere(f.responseCodeGroup) : undefined),
    kind('indexing', f.indexing !== undefined ? eq(links.indexing, f.indexing) : undefined),
    kind(
      'indexingCapability',
      f.indexingCapability !== undefined ? eq(links.indexingCapabilityId, f.indexingCapability) : undefined,
    ),
    f.attribute ? hasBacklinkWhere(backlinks.attribute, f.attribute) : undefined,
    kind('anchor', f.anchor !== undefined ? hasBacklinkWhere(backlinks.anchor, f.anchor) : undefined),
    f.linkStatus ? linkStatusWhere(f.linkStatus) : undefined,
    f.deadFeed === 'any' ? isNotNull(links.deadFeedReason) : undefined,
    f.deadFeed && f.deadFeed !== 'any' ? eq(links.deadFeedReason, f.deadFeed) : undefined,
    f.createdFrom ? gte(links.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lt(links.createdAt, new Date(f.createdTo)) : undefined,
    f.checkedFrom ? gte(links.dateCheckData, new Date(f.checkedFrom)) : undefined,
    f.checkedTo ? lt(links.dateCheckData, new Date(f.checkedTo)) : undefined,
  ) as SQL;
}

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

// The links table, and one link with what its panel shows.

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

/**
 * Who added each link of a page, by one join: named only while they belong to the account (its owner or
 * a member), as `GET links/{id}` names them (issue 27).
 */
const addedByName = alias(users, 'added_by_user');
const addedByJoin = and(
  eq(addedByName.id, links.addedBy),
  belongsToAccount(links.userId, addedByName.id),
) as SQL;

export async function listLinks(
  db: Queryable,
  params: { userId: number; filters: LinkFilters; sort: LinkSort; page: PageQuery },
) {
  const where = linkFiltersWhere(params);
  const scope = counterScope({ userId: params.userId, filters: params.filters });
  const [rows, total] = await Promise.all([
    paginate(
      db
        .select({
          ...getTableColumns(links),
          addedByName: addedByName.name,
          addedById: addedByName.id,
        })
        .from(links)
        .leftJoin(addedByName, addedByJoin)
        .where(where)
        .orderBy(...linkOrderBy(params.sort))
        .$dynamic(),
      params.page,
    ),
    scope
      ? countLinks(db, where, scope).then((exact) => ({ total: exact, estimated: false }))
      : countLinksForPage(db, where),
  ]);
  const rendered = await linksFoundAfterJavaScript(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((row) => ({ ...row, rendered: rendered.has(row.id) })), ...total };
}

/**
 * Issue 31: which of a page's links were found only in the page as the browser rendered it ("found
 * after JavaScript"): they have backlinks from the last check and every one is a rendered-only one.
 * Read for the page's ids alone (the backlinks' link index), not for every row the filter matches.
 */
async function linksFoundAfterJavaScript(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ linkId: backlinks.linkId })
    .from(backlinks)
    .where(inArray(backlinks.linkId, ids))
    .groupBy(backlinks.linkId)
    .having(sql`bool_and(${backlinks.rendered})`);
  return new Set(rows.map((r) => r.linkId));
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

/**
 * The names of the given people who belong to the account (its owner and its members), by id: a
 * person of another account, or one who has left, is not named (issue 27).
 */
export async function accountPeopleNames(
  db: Queryable,
  params: { accountId: number; ids: number[] },
): Promise<Map<number, string>> {
  if (params.ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, params.ids), belongsToAccount(params.accountId, users.id)));
  return new Map(rows.map((r) => [r.id, r.name]));
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

// The links a bulk call or a task acts on.

/** Ticked ids act whatever their tab is; filters act on their tab (active unless `filter[type]` says else). */
export function selectionWhere(params: { userId: number; selection: LinkSelection }): SQL {
  const { selection, userId } = params;
  if ('ids' in selection) return and(eq(links.userId, userId), inArray(links.id, selection.ids)) as SQL;
  return linkFiltersWhere({ userId, filters: selection.filters });
}

export async function countSelection(db: Queryable, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(links).where(where);
  return row.total;
}

// The figures of the links page read from the rows, when the counters are not kept by the filters.

export const toCounts = (rows: { key: number | string | null; value: number }[]): Counts =>
  new Map(rows.filter((r) => r.key !== null).map((r) => [r.key as number | string, r.value]));

const LINK_GROUP_KEYS = {
  indexing: sql`${links.indexing}`,
  capability: sql`${links.indexingCapabilityId}`,
  code: sql`${links.responseCode}`,
  codeGroup: sql`${links.responseCodeGroup}`,
};

/** Links under `where` counted by one of their columns. */
export async function groupLinks(db: Queryable, params: { where: SQL; by: keyof typeof LINK_GROUP_KEYS }) {
  const column = LINK_GROUP_KEYS[params.by];
  return toCounts(
    await db
      .select({ key: sql<number | null>`${column}`, value: count() })
      .from(links)
      .where(params.where)
      .groupBy(sql`1`),
  );
}

const BACKLINK_GROUP_KEYS = { type: backlinks.typeId, attribute: backlinks.attribute };

/** Backlinks of the links under `where` counted by their type or attribute. */
export async function groupBacklinks(
  db: Queryable,
  params: { where: SQL; by: keyof typeof BACKLINK_GROUP_KEYS },
) {
  const column = BACKLINK_GROUP_KEYS[params.by];
  return toCounts(
    await db
      .select({ key: sql<number | string>`${column}`, value: count() })
      .from(backlinks)
      .innerJoin(links, eq(links.id, backlinks.linkId))
      .where(params.where)
      .groupBy(sql`1`),
  );
}

/** Links under `where` per response code and code group, with the good/bad/unchecked and status totals. */
export function scannedCodeCounts(db: Queryable, where: SQL) {
  return Promise.all([
    groupLinks(db, { where, by: 'code' }),
    groupLinks(db, { where, by: 'codeGroup' }),
    db
      .select({
        good: sql<number>`count(*) filter (where ${goodCode})::int`,
        bad: sql<number>`count(*) filter (where ${badCode})::int`,
        unchecked: sql<number>`count(*) filter (where ${links.responseCode} is null and ${links.responseCodeGroup} is null)::int`,
        found: sql<number>`count(*) filter (where ${links.checkStatus} = ${LinkCheckStatus.Found})::int`,
        missing: sql<number>`count(*) filter (where ${links.checkStatus} = ${LinkCheckStatus.Missing})::int`,
        unread: sql<number>`count(*) filter (where ${links.checkStatus} = ${LinkCheckStatus.Unread})::int`,
      })
      .from(links)
      .where(where),
  ]);
}

const day = (column: SQL | typeof links.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Links under `where` added per UTC day since `first`. */
export function linksAddedPerDay(db: Queryable, params: { where: SQL; first: Date }) {
  return db
    .select({ key: day(links.createdAt), value: count() })
    .from(links)
    .where(sql`${params.where} and ${gte(links.createdAt, params.first)}`)
    .groupBy(sql`1`);
}

/** Links under `where` checked per UTC day since `first`. */
export function linksCheckedPerDay(db: Queryable, params: { where: SQL; first: Date }) {
  return db
    .select({
      key: day(sql`${backlinkCheckHistories.date}`),
      value: countDistinct(backlinkCheckHistories.linkId),
    })
    .from(backlinkCheckHistories)
    .innerJoin(links, eq(links.id, backlinkCheckHistories.linkId))
    .where(sql`${params.where} and ${gte(backlinkCheckHistories.date, params.first)}`)
    .groupBy(sql`1`);
}

/** Links under `where` found indexed per UTC day since `first`. */
export function linksIndexedPerDay(db: Queryable, params: { where: SQL; first: Date }) {
  return db
    .select({ key: day(sql`${indexHistories.createdAt}`), value: countDistinct(indexHistories.linkId) })
    .from(indexHistories)
    .innerJoin(links, eq(links.id, indexHistories.linkId))
    .where(
      sql`${params.where} and ${gte(indexHistories.createdAt, params.first)} and ${eq(indexHistories.value, IndexState.Indexed)}`,
    )
    .groupBy(sql`1`);
}

// Changes to one link.

/** Another link of the campaign with this URL, if any. */
export async function findOtherLinkWithUrl(
  db: Queryable,
  params: { campaignId: number; url: string; exceptId: number },
) {
  const [taken] = await db
    .select({ id: links.id })
    .from(links)
    .where(
      and(eq(links.campaignId, params.campaignId), eq(links.url, params.url), ne(links.id, params.exceptId)),
    );
  return taken;
}

export async function saveLink(db: Queryable, params: { id: number; values: Partial<NewLink> }) {
  const [link] = await db.update(links).set(params.values).where(eq(links.id, params.id)).returning();
  return link;
}

export async function deleteBacklinksOfLink(db: Queryable, linkId: number): Promise<void> {
  await db.delete(backlinks).where(eq(backlinks.linkId, linkId));
}

/** Deletes one of the user's backlinks; answers its link, or undefined when there was none. */
export async function deleteUserBacklink(db: Queryable, params: { userId: number; id: number }) {
  const [deleted] = await db
    .delete(backlinks)
    .where(and(eq(backlinks.id, params.id), eq(backlinks.userId, params.userId)))
    .returning({ linkId: backlinks.linkId });
  return deleted;
}

/** The link's backlink count, counted again. */
export async function recountBacklinks(db: Queryable, linkId: number): Promise<void> {
  await db
    .update(links)
    .set({
      countBacklinks: sql`(select count(*)::int from ${backlinks} where ${backlinks.linkId} = ${linkId})`,
    })
    .where(eq(links.id, linkId));
}

// The bulk operations of the links table (links.bulk.ts says which operation is which action).

export interface BulkParams {
  userId: number;
  selection: LinkSelection;
  /** The person who changes the links (issue 27): a move records them as `moved_by`. */
  actorId: number;
}

/** Runs `statement … returning 1` and counts the rows, without shipping a million ids back. */
async function countChanged(db: Queryable, statement: SQL): Promise<number> {
  const [row] = await rawRows<{ count: number }>(
    db,
    sql`with changed as (${statement} returning 1) select count(*)::int as count from changed`,
  );
  return row.count;
}

/** Moves the selected links to tab `to`: those in tab `from` when given, else those not in `to` yet. */
export async function setListType(db: Queryable, params: BulkParams & { from?: number; to: number }) {
  const where = selectionWhere({ userId: params.userId, selection: params.selection });
  const source = params.from
    ? sql`${links.listType} = ${params.from}`
    : sql`${links.listType} <> ${params.to}`;
  return countChanged(
    db,
    sql`update ${links} set list_type = ${params.to}, moved_by = ${params.actorId}, moved_at = now(), updated_at = now()
        where ${where} and ${source}`,
  );
}

/**
 * The projects of the selected links (issue 31): those whose tier 2 flags may follow a change of them;
 * `tierOne` keeps only the projects where a tier 1 link is selected (what tier 2 links feed).
 */
export async function listProjectsOfSelection(db: Queryable, params: { where: SQL; tierOne?: boolean }) {
  const rows = await db
    .selectDistinct({ projectId: links.projectId })
    .from(links)
    .where(params.tierOne ? and(params.where, eq(links.tier, Tier.One)) : params.where);
  return rows.map((r) => r.projectId);
}

/** Action 7. Backlinks, check and index histories go with the links (foreign keys cascade). */
export async function deleteLinks(db: Queryable, params: BulkParams): Promise<number> {
  const where = selectionWhere(params);
  return countChanged(db, sql`delete from ${links} where ${where}`);
}

export interface MoveTarget {
  id: number;
  projectId: number;
  tier: number;
}

/**
 * Action 16: sends the selected links to another campaign of the same user, taking its project and
 * tier. A URL the target already has is skipped (a campaign holds each URL once), and so is every
 * copy but the first when the selection holds one URL from several campaigns.
 */
export async function moveLinks(
  db: Queryable,
  params: BulkParams & { target: MoveTarget },
): Promise<{ moved: number }> {
  const where = selectionWhere(params);
  const { target } = params;
  const moved = await countChanged(
    db,
    sql`with picked as (
          select distinct on (${links.url}) ${links.id} as id from ${links}
          where ${where} and ${links.campaignId} <> ${target.id}
          order by ${links.url}, ${links.id}
        )
        update ${links} set campaign_id = ${target.id}, project_id = ${target.projectId}, tier = ${target.tier},
          moved_by = ${params.actorId}, moved_at = now(), updated_at = now()
        from picked
        where ${links.id} = picked.id
          and not exists (select 1 from ${links} as dup where dup.campaign_id = ${target.id} and dup.url = ${links.url})`,
  );
  return { moved };
}
