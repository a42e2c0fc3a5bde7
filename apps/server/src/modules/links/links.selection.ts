import type { LinkSelection } from '@linkwatch/shared';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { links } from '../../db/schema/index.ts';
import { FieldError } from '../../errors.ts';
import { linkFiltersWhere } from './links.filters.ts';

export type { LinkSelection };

export const noSelectedLinks = () =>
  new FieldError({ links: 'errors.noSelectedLinks' }, 'errors.noSelectedLinks');

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

/** Makes sure a selection holds at least one of the user's links. */
export async function resolveSelection(db: Queryable, params: { userId: number; selection: LinkSelection }) {
  const { selection } = params;
  const where = selectionWhere({ userId: params.userId, selection });
  const total = await countSelection(db, where);
  if (total === 0) throw noSelectedLinks();
  return { selection, where, total };
}
