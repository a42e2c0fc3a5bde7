import { LinkListType } from '@linkwatch/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rawRows } from '../../db/client.ts';
import { links } from '../../db/schema/index.ts';
import { type LinkSelection, selectionWhere } from './links.selection.ts';

/**
 * The bulk operations of the links table. Routes call them directly today; the task worker (actions
 * 6, 9, 13, 14, 16, 7) calls the same functions with the selection it stored. Each answers how many
 * links it changed.
 */
export interface BulkParams {
  userId: number;
  selection: LinkSelection;
}

/** Runs `statement … returning 1` and counts the rows, without shipping a million ids back. */
async function countChanged(db: Queryable, statement: SQL): Promise<number> {
  const [row] = await rawRows<{ count: number }>(
    db,
    sql`with changed as (${statement} returning 1) select count(*)::int as count from changed`,
  );
  return row.count;
}

/** Filters of a recover call look in the tab being recovered from, whatever `filter[type]` said. */
function inTab(selection: LinkSelection, type: number): LinkSelection {
  return 'ids' in selection ? selection : { filters: { ...selection.filters, type } };
}

async function setListType(db: Queryable, params: BulkParams & { from?: number; to: number }) {
  const selection = params.from ? inTab(params.selection, params.from) : params.selection;
  const where = selectionWhere({ userId: params.userId, selection });
  const source = params.from
    ? sql`${links.listType} = ${params.from}`
    : sql`${links.listType} <> ${params.to}`;
  return countChanged(
    db,
    sql`update ${links} set list_type = ${params.to}, updated_at = now() where ${where} and ${source}`,
  );
}

/** Action 6. */
export const addLinksToHistory = (db: Queryable, params: BulkParams) =>
  setListType(db, { ...params, to: LinkListType.History });
/** Action 9. */
export const recoverLinksFromHistory = (db: Queryable, params: BulkParams) =>
  setListType(db, { ...params, from: LinkListType.History, to: LinkListType.Active });
/** Action 13. */
export const addLinksToDisallow = (db: Queryable, params: BulkParams) =>
  setListType(db, { ...params, to: LinkListType.Disallow });
/** Action 14. */
export const recoverLinksFromDisallow = (db: Queryable, params: BulkParams) =>
  setListType(db, { ...params, from: LinkListType.Disallow, to: LinkListType.Active });

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
          updated_at = now()
        from picked
        where ${links.id} = picked.id
          and not exists (select 1 from ${links} as dup where dup.campaign_id = ${target.id} and dup.url = ${links.url})`,
  );
  return { moved };
}
