import { LinkListType } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import { type BulkParams, type LinkSelection, setListType } from './links.queries.ts';

/**
 * The bulk operations of the links table. Routes call them through the links service; the task worker
 * (actions 6, 9, 13, 14, 16, 7) calls the same functions with the selection it stored. Each answers how
 * many links it changed.
 */
export { type BulkParams, deleteLinks, type MoveTarget, moveLinks } from './links.queries.ts';

/** Filters of a recover call look in the tab being recovered from, whatever `filter[type]` said. */
function inTab(selection: LinkSelection, type: number): LinkSelection {
  return 'ids' in selection ? selection : { filters: { ...selection.filters, type } };
}

function moveToTab(db: Queryable, params: BulkParams & { from?: number; to: number }) {
  const selection = params.from ? inTab(params.selection, params.from) : params.selection;
  return setListType(db, { ...params, selection });
}

/** Action 6. */
export const addLinksToHistory = (db: Queryable, params: BulkParams) =>
  moveToTab(db, { ...params, to: LinkListType.History });
/** Action 9. */
export const recoverLinksFromHistory = (db: Queryable, params: BulkParams) =>
  moveToTab(db, { ...params, from: LinkListType.History, to: LinkListType.Active });
/** Action 13. */
export const addLinksToDisallow = (db: Queryable, params: BulkParams) =>
  moveToTab(db, { ...params, to: LinkListType.Disallow });
/** Action 14. */
export const recoverLinksFromDisallow = (db: Queryable, params: BulkParams) =>
  moveToTab(db, { ...params, from: LinkListType.Disallow, to: LinkListType.Active });
