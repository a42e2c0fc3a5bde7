import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { links } from '../../db/schema/index.ts';
import { FieldError } from '../../errors.ts';
import { type RawQuery, readIdList } from '../../http/list-query.ts';
import { hasAnyFilter, type LinkFilters, linkFiltersWhere, readLinkFilters } from './links.filters.ts';

/**
 * Which links a bulk call (or a task) works on: ticked ids, or everything the list filters select.
 * JSON-safe, so a task can store it and resolve it again in its worker.
 */
export type LinkSelection = { ids: number[] } | { filters: LinkFilters };

export const noSelectedLinks = () =>
  new FieldError({ links: 'errors.noSelectedLinks' }, 'errors.noSelectedLinks');

/** `links[]=…` wins over filters; neither answers 422 'No selected links' rather than touching every link. */
export function readLinkSelection(query: RawQuery): LinkSelection {
  const ids = readIdList(query, 'links');
  if (ids.length > 0) return { ids: [...new Set(ids)] };
  if (hasAnyFilter(query)) return { filters: readLinkFilters(query) };
  throw noSelectedLinks();
}

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

/** Reads the selection of a request and makes sure it holds at least one of the user's links. */
export async function resolveSelection(db: Queryable, params: { userId: number; query: RawQuery }) {
  const selection = readLinkSelection(params.query);
  const where = selectionWhere({ userId: params.userId, selection });
  const total = await countSelection(db, where);
  if (total === 0) throw noSelectedLinks();
  return { selection, where, total };
}
