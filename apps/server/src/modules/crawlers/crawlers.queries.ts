import {
  CRAWLER_STATUS,
  type CrawlerFilters,
  type CrawlerSelection,
  type CrawlerSortField,
  type CrawlerSourceId,
} from '@linkwatch/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rawRowCount, rawRows } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { crawlerImports } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

/**
 * Every statement of crawler data. Each one is scoped by owner in its own text: an item counts only
 * when its project belongs to the user (`owned`), so another user's project reads as empty.
 */
export interface CrawlerItemRow {
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
  /** Campaigns of the project holding the referring page as a link (compared by normalised URL). */
  campaign_ids: number[];
}

export interface CampaignRow {
  id: number;
  name: string;
  tier: number;
}

type Sort = { field: CrawlerSortField; desc: boolean };

const owned = (userId: number) =>
  sql`exists (select 1 from projects p where p.id = i.project_id and p.user_id = ${userId}::int)`;

/** The filters of the list, as a WHERE over items `i` and their referring pages `l`. */
function filterWhere(userId: number, f: CrawlerFilters): SQL {
  const parts: SQL[] = [sql`i.project_id = ${f.project}::int`, owned(userId)];
  if (f.source !== undefined) parts.push(sql`i.source = ${f.source}::int`);
  if (f.status !== undefined) parts.push(sql`i.status = ${f.status}::int`);
  if (f.dateFrom) parts.push(sql`i.first_seen_at >= ${f.dateFrom}::timestamptz`);
  if (f.dateTo) parts.push(sql`i.first_seen_at < ${f.dateTo}::timestamptz`);
  if (f.query) parts.push(sql`l.url ilike ${`%${escapeLike(f.query)}%`}`);
  return sql.join(parts, sql` and `);
}

/** Ticked ids (within the project), or the filters. */
export function selectionWhere(userId: number, selection: CrawlerSelection): SQL {
  if ('ids' in selection)
    return sql`i.project_id = ${selection.project}::int and ${owned(userId)}
      and i.id = any(${`{${selection.ids.join(',')}}`}::int[])`;
  return filterWhere(userId, selection.filters);
}

const ORDER: Record<CrawlerSortField, string> = {
  firstSeenAt: 'i.first_seen_at',
  lastSeenAt: 'i.last_seen_at',
  link: 'l.url',
  status: 'i.status',
};

const orderBy = (sort: Sort) =>
  sql.raw(`${ORDER[sort.field]} ${sort.desc ? 'desc' : 'asc'}, i.id ${sort.desc ? 'desc' : 'asc'}`);

const itemColumns = sql`
  i.id, l.url as link, i.source, i.status, i.target_url, i.anchor, i.nofollow, i.seen_on::text as seen_on,
  i.first_seen_at, i.last_seen_at, i.removed_at,
  array(
    select distinct k.campaign_id from links k join campaigns c on c.id = k.campaign_id
    where c.project_id = i.project_id and k.url = l.url_key order by 1
  ) as campaign_ids`;

export async function listCrawlerItems(
  db: Queryable,
  params: { userId: number; filters: CrawlerFilters; page: PageQuery; sort: Sort },
) {
  const where = filterWhere(params.userId, params.filters);
  const { page } = params;
  const rows = await rawRows<CrawlerItemRow>(
    db,
    sql`select ${itemColumns}
      from crawler_items i join crawler_links l on l.id = i.crawler_link_id
      where ${where} order by ${orderBy(params.sort)}
      limit ${page.size}::int offset ${(page.number - 1) * page.size}::int`,
  );
  const [count] = await rawRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from crawler_items i join crawler_links l on l.id = i.crawler_link_id
      where ${where}`,
  );
  return { rows, total: count.total };
}

/**
 * The rows of a selection in `sort` order, `size` at a time (an export of any length): the ids in
 * order first (one array, a few MB for half a million), then the rows by id, so no page re-sorts the
 * selection the way OFFSET paging would.
 */
export async function* crawlerItemsOf(
  db: Queryable,
  params: { userId: number; selection: CrawlerSelection; sort: Sort; size?: number },
): AsyncGenerator<CrawlerItemRow> {
  const where = selectionWhere(params.userId, params.selection);
  const [{ ids }] = await rawRows<{ ids: number[] }>(
    db,
    sql`select coalesce(array_agg(i.id order by ${orderBy(params.sort)}), '{}') as ids
      from crawler_items i join crawler_links l on l.id = i.crawler_link_id where ${where}`,
  );
  const size = params.size ?? 5000;
  for (let start = 0; start < ids.length; start += size) {
    const chunk = ids.slice(start, start + size);
    const rows = await rawRows<CrawlerItemRow>(
      db,
      sql`select ${itemColumns}
        from crawler_items i join crawler_links l on l.id = i.crawler_link_id
        where i.id = any(${`{${chunk.join(',')}}`}::int[])`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of chunk) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

export async function countSelected(db: Queryable, params: { userId: number; selection: CrawlerSelection }) {
  const [row] = await rawRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from crawler_items i join crawler_links l on l.id = i.crawler_link_id
      where ${selectionWhere(params.userId, params.selection)}`,
  );
  return row.total;
}

/** The link detail's crawler records: what every source says about the page a link is. */
export async function crawlerItemsOfLink(db: Queryable, params: { userId: number; linkId: number }) {
  return rawRows<CrawlerItemRow>(
    db,
    sql`select ${itemColumns}
      from links k0
      join crawler_links l on l.project_id = k0.project_id and l.url_key = k0.url
      join crawler_items i on i.crawler_link_id = l.id
      where k0.id = ${params.linkId}::int and k0.user_id = ${params.userId}::int and ${owned(params.userId)}
      order by i.source, i.id`,
  );
}

export async function campaignsByIds(db: Queryable, params: { userId: number; ids: number[] }) {
  if (params.ids.length === 0) return [];
  return rawRows<CampaignRow>(
    db,
    sql`select id, name, tier from campaigns
      where user_id = ${params.userId}::int and id = any(${`{${params.ids.join(',')}}`}::int[]) order by id`,
  );
}

export async function campaignsOfProject(db: Queryable, params: { userId: number; projectId: number }) {
  return rawRows<CampaignRow>(
    db,
    sql`select id, name, tier from campaigns
      where user_id = ${params.userId}::int and project_id = ${params.projectId}::int order by id`,
  );
}

export async function countByStatus(
  db: Queryable,
  params: { userId: number; project: number; source?: number },
) {
  const [row] = await rawRows<{ active: number; new: number; rip: number }>(
    db,
    sql`select
      count(*) filter (where i.status = ${CRAWLER_STATUS.Active}::int)::int as active,
      count(*) filter (where i.status = ${CRAWLER_STATUS.New}::int)::int as new,
      count(*) filter (where i.status = ${CRAWLER_STATUS.Rip}::int)::int as rip
      from crawler_items i
      where i.project_id = ${params.project}::int and ${owned(params.userId)}
      ${params.source !== undefined ? sql`and i.source = ${params.source}::int` : sql``}`,
  );
  return row;
}

/**
 * New and lost records per day (UTC): new by `first_seen_at` (a page back after RIP is not new), lost
 * by the RIP events of the history.
 */
export async function chartDays(
  db: Queryable,
  params: { userId: number; project: number; source?: number; from: string; to: string },
) {
  const source = (column: string) =>
    params.source !== undefined ? sql`and ${sql.raw(column)} = ${params.source}::int` : sql``;
  // Days are UTC days whatever the session's time zone.
  const since = sql`(${params.from}::date)::timestamp at time zone 'UTC'`;
  const until = sql`(${params.to}::date + 1)::timestamp at time zone 'UTC'`;
  return rawRows<{ date: string; new: number; lost: number }>(
    db,
    sql`with days as (
        select d::date as day from generate_series(${params.from}::date, ${params.to}::date, interval '1 day') d
      ),
      owned_project as (
        select p.id from projects p where p.id = ${params.project}::int and p.user_id = ${params.userId}::int
      ),
      added as (
        select (i.first_seen_at at time zone 'UTC')::date as day, count(*)::int as n
        from crawler_items i join owned_project op on op.id = i.project_id
        where i.first_seen_at >= ${since} and i.first_seen_at < ${until}
          ${source('i.source')}
        group by 1
      ),
      lost as (
        select (e.at at time zone 'UTC')::date as day, count(*)::int as n
        from crawler_item_events e join owned_project op on op.id = e.project_id
        where e.status = ${CRAWLER_STATUS.Rip}::int
          and e.at >= ${since} and e.at < ${until} ${source('e.source')}
        group by 1
      )
      select days.day::text as date, coalesce(added.n, 0) as new, coalesce(lost.n, 0) as lost
      from days left join added using (day) left join lost using (day)
      order by days.day`,
  );
}

export async function deleteSelected(db: Queryable, params: { userId: number; selection: CrawlerSelection }) {
  const where = selectionWhere(params.userId, params.selection);
  return rawRowCount(
    db,
    sql`delete from crawler_items where id in (
      select i.id from crawler_items i join crawler_links l on l.id = i.crawler_link_id where ${where})`,
  );
}

/** Referring pages no source lists any more are removed with their last item. */
export async function deleteOrphanLinks(db: Queryable, params: { project: number }) {
  await db.execute(sql`delete from crawler_links l where l.project_id = ${params.project}::int
    and not exists (select 1 from crawler_items i where i.crawler_link_id = l.id)`);
}

/** The normalised referring pages of a selection (for adding them to a campaign). */
export async function selectedPages(db: Queryable, params: { userId: number; selection: CrawlerSelection }) {
  const rows = await rawRows<{ url_key: string }>(
    db,
    sql`select distinct l.url_key from crawler_items i join crawler_links l on l.id = i.crawler_link_id
      where ${selectionWhere(params.userId, params.selection)}`,
  );
  return rows.map((r) => r.url_key);
}

/** Of these normalised URLs, those already a link of any campaign of the project. */
export async function trackedPages(db: Queryable, params: { project: number; urls: string[] }) {
  if (params.urls.length === 0) return new Set<string>();
  const rows = await rawRows<{ url: string }>(
    db,
    sql`select distinct k.url from links k join campaigns c on c.id = k.campaign_id
      where c.project_id = ${params.project}::int and k.url = any(${sql.param(params.urls)}::text[])`,
  );
  return new Set(rows.map((r) => r.url));
}

// The import of a source's rows (crawlers.import.ts), all in its transaction. These are scoped by the
// project alone: the import checks the project is the user's before it starts.

/** The status codes as SQL literals (constants, so no parameter whose type PostgreSQL must guess). */
const STATUS = {
  new: sql.raw(String(CRAWLER_STATUS.New)),
  active: sql.raw(String(CRAWLER_STATUS.Active)),
  rip: sql.raw(String(CRAWLER_STATUS.Rip)),
};

export interface BatchRow {
  url: string;
  url_key: string;
  target_url: string | null;
  anchor: string | null;
  nofollow: boolean | null;
  seen_on: string | null;
}

/** One import's run: what every statement of it is scoped by. */
export interface ImportRun {
  importId: number;
  projectId: number;
  source: number;
  now: string;
}

/**
 * One batch: its new referring pages, then one item per page for this source. A page with no item of
 * the source becomes New; an item seen again becomes Active (an RIP one loses its removedAt); an item
 * this import already wrote keeps its status (a page repeated in the file). An item's first sight is
 * its `first_seen_at`; its later changes are events: here the RIP items seen again, found before the
 * upsert (every part of a statement reads the same snapshot). Pages and RIP items are found by one
 * index probe each (a lateral `limit 1`, which the planner does not flatten into a join): a hash over
 * the project's rows would read all of them in every batch.
 */
export async function writeImportBatch(tx: Queryable, run: ImportRun, batch: BatchRow[]): Promise<void> {
  const { importId, projectId, source, now } = run;
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as v(url text, url_key text, target_url text, anchor text, nofollow boolean, seen_on date)
    ),
    added_links as (
      insert into crawler_links (project_id, url, url_key)
      select ${projectId}::int, url, url_key from v
      on conflict (project_id, url_key) do nothing
      returning id, url_key
    ),
    l as materialized (
      select id, url_key from added_links
      union all
      select x.id, x.url_key from v cross join lateral (
        select cl.id, cl.url_key from crawler_links cl
        where cl.project_id = ${projectId}::int and cl.url_key = v.url_key limit 1
      ) x
    ),
    revived as (
      select x.id from l cross join lateral (
        select i.id from crawler_items i
        where i.crawler_link_id = l.id and i.source = ${source}::int and i.status = ${STATUS.rip}
          and i.last_import_id is distinct from ${importId}::int limit 1
      ) x
    ),
    up as (
      insert into crawler_items as i (project_id, crawler_link_id, source, status, first_seen_at,
        last_seen_at, target_url, anchor, nofollow, seen_on, last_import_id)
      select ${projectId}::int, l.id, ${source}::int, ${STATUS.new}, ${now}::timestamptz, ${now}::timestamptz,
        v.target_url, v.anchor, v.nofollow, v.seen_on, ${importId}::int
      from v join l on l.url_key = v.url_key
      on conflict (crawler_link_id, source) do update set
        status = case when i.last_import_id = ${importId}::int then i.status else ${STATUS.active} end,
        removed_at = null,
        last_seen_at = excluded.last_seen_at,
        target_url = coalesce(excluded.target_url, i.target_url),
        anchor = coalesce(excluded.anchor, i.anchor),
        nofollow = coalesce(excluded.nofollow, i.nofollow),
        seen_on = coalesce(excluded.seen_on, i.seen_on),
        last_import_id = excluded.last_import_id
      returning i.id
    )
    insert into crawler_item_events (item_id, project_id, source, import_id, status, at)
    select id, ${projectId}::int, ${source}::int, ${importId}::int, ${STATUS.active}, ${now}::timestamptz
    from revived`);
}

/** Items of the source this import did not mention, and not RIP yet, are RIP now. */
export async function sweepGoneItems(tx: Queryable, run: ImportRun): Promise<number> {
  const { importId, projectId, source, now } = run;
  const [row] = await rawRows<{ count: number }>(
    tx,
    sql`
    with gone as (
      update crawler_items set status = ${STATUS.rip}, removed_at = ${now}::timestamptz
      where project_id = ${projectId}::int and source = ${source}::int and status <> ${STATUS.rip}
        and last_import_id is distinct from ${importId}::int
      returning id
    ),
    logged as (
      insert into crawler_item_events (item_id, project_id, source, import_id, status, at)
      select id, ${projectId}::int, ${source}::int, ${importId}::int, ${STATUS.rip}, ${now}::timestamptz from gone
      returning 1
    )
    select count(*)::int as count from logged`,
  );
  return row.count;
}

export async function countSeenItems(tx: Queryable, run: ImportRun) {
  const [row] = await rawRows<{ new: number; active: number }>(
    tx,
    sql`
    select count(*) filter (where status = ${STATUS.new})::int as new,
           count(*) filter (where status = ${STATUS.active})::int as active
    from crawler_items
    where project_id = ${run.projectId}::int and source = ${run.source}::int and last_import_id = ${run.importId}::int`,
  );
  return row;
}

export async function insertCrawlerImport(
  tx: Queryable,
  values: { projectId: number; userId: number; source: CrawlerSourceId; fileName: string; format: string },
) {
  const [created] = await tx.insert(crawlerImports).values(values).returning({ id: crawlerImports.id });
  return created;
}

export async function finishCrawlerImport(
  tx: Queryable,
  params: { importId: number; rows: number; added: number; active: number; rip: number },
) {
  await tx
    .update(crawlerImports)
    .set({ rows: params.rows, added: params.added, active: params.active, rip: params.rip })
    .where(sql`${crawlerImports.id} = ${params.importId}::int`);
}
