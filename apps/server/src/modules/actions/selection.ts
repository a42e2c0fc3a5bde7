import { ZActionCostQuery } from '@linkwatch/shared';
import type { SQL } from 'drizzle-orm';
import { RequestValidationError } from '../../http/errors.ts';
import { type LinkSelection, selectionWhere } from '../links/links.selection.ts';

export interface Selection {
  /** The campaign the task is about, when it was started for one (`campaign={id}`). */
  campaignId?: number;
  links: LinkSelection;
  where: SQL;
  /** A paid task also works on (and charges for) tier 2 links that feed a dead tier 1 page (issue 31). */
  includeDeadFeeds?: boolean;
}

/**
 * Which links a task works on (see ZActionSelectionQuery): the links table's own selection rules,
 * scoped to the owner.
 */
export function selectionOf(
  userId: number,
  query: { campaignId?: number; selection: LinkSelection; includeDeadFeeds?: boolean },
): Selection {
  const { campaignId, selection: links, includeDeadFeeds } = query;
  return { campaignId, links, where: selectionWhere({ userId, selection: links }), includeDeadFeeds };
}

/** A selection built outside a request (a schedule's `campaign={id}`), read by the same shared schema. */
export function selectionFromQuery(userId: number, query: Record<string, string>): Selection {
  const parsed = ZActionCostQuery.safeParse(query);
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues.slice(0, 1));
  return selectionOf(userId, parsed.data);
}
