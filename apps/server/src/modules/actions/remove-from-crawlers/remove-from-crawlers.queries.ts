import type { CrawlerSelection, TRemoveFromCrawlersFilters } from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import { type Queryable, rawRowCount, rawRows } from '../../../db/client.ts';
import { selectionWhere } from '../../crawlers/index.ts';

/**
 * Action 17's statements over crawler items `i` and their referring pages `l`, each scoped to the
 * task owner's project in the statement itself. The selection reads as `DELETE crawlers/delete`'s:
 * ticked ids within the project, else the list filters (source, status, first-seen range, URL text).
 */
const owned = (userId: number) =>
  sql`exists (select 1 from projects p where p.id = i.project_id and p.user_id = ${userId}::int)`;

/** The task's stored filters as the selection `DELETE crawlers/delete` reads. */
function selectionOf(f: TRemoveFromCrawlersFilters): CrawlerSelection {
  const { project, ids, source, status, dateFrom, dateTo, query } = f;
  return ids ? { project, ids } : { filters: { project, source, status, dateFrom, dateTo, query } };
}

const selected = (userId: number, filters: TRemoveFromCrawlersFilters) =>
  sql`from crawler_items i join crawler_links l on l.id = i.crawler_link_id
      where ${selectionWhere(userId, selectionOf(filters))}`;

/** How many records the task would remove (the price preview). */
export async function countSelectedRecords(
  db: Queryable,
  params: { userId: number; filters: TRemoveFromCrawlersFilters },
): Promise<number> {
  const [row] = await rawRows<{ count: number | string }>(
    db,
    sql`select count(*) as count ${selected(params.userId, params.filters)}`,
  );
  return Number(row?.count ?? 0);
}

/** One item per selected record. */
export function insertRecordItems(
  db: Queryable,
  params: { actionId: number; userId: number; filters: TRemoveFromCrawlersFilters },
): Promise<number> {
  return rawRowCount(
    db,
    sql`insert into action_items (action_id, crawler_item_id)
        select ${params.actionId}::int, i.id ${selected(params.userId, params.filters)} order by i.id`,
  );
}

/** The records a batch's items still point at (a record removed meanwhile points at none). */
export async function recordsOfItems(db: Queryable, itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await rawRows<{ id: number | string; crawler_item_id: number | string | null }>(
    db,
    sql`select id, crawler_item_id from action_items where id = any(${`{${itemIds.join(',')}}`}::int[])`,
  );
  const records = new Map<number, number>();
  for (const row of rows)
    if (row.crawler_item_id !== null) records.set(Number(row.id), Number(row.crawler_item_id));
  return records;
}

/**
 * Removes the records (their history goes with them), only of the owner's project, and then the
 * referring pages of that project no source lists any more. Answers how many records went.
 */
export async function removeRecords(
  db: Queryable,
  params: { userId: number; project: number; recordIds: number[] },
): Promise<number> {
  if (params.recordIds.length === 0) return 0;
  const removed = await rawRowCount(
    db,
    sql`delete from crawler_items i
        where i.id = any(${`{${params.recordIds.join(',')}}`}::int[])
          and i.project_id = ${params.project}::int and ${owned(params.userId)}`,
  );
  await db.execute(sql`delete from crawler_links l where l.project_id = ${params.project}::int
    and not exists (select 1 from crawler_items i where i.crawler_link_id = l.id)`);
  return removed;
}
