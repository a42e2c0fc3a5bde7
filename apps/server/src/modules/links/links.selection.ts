import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { FieldError } from '../../errors.ts';
import { countSelection, type LinkSelection, selectionWhere } from './links.queries.ts';

/** The tasks select links as the links table does (actions/selection.ts). */
export { countSelection, type LinkSelection, selectionWhere } from './links.queries.ts';

export const noSelectedLinks = () =>
  new FieldError({ links: 'errors.noSelectedLinks' }, 'errors.noSelectedLinks');

/** Makes sure a selection holds at least one of the user's links. */
export async function resolveSelection(
  db: Queryable,
  params: { userId: number; selection: LinkSelection },
): Promise<{ selection: LinkSelection; where: SQL; total: number }> {
  const { selection } = params;
  const where = selectionWhere({ userId: params.userId, selection });
  const total = await countSelection(db, where);
  if (total === 0) throw noSelectedLinks();
  return { selection, where, total };
}
