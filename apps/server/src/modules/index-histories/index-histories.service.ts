import type { AppContext } from '../../context.ts';
import type { PageQuery } from '../../http/present.ts';
import { type IndexHistoryFilters, listIndexHistories } from './index-histories.queries.ts';

/** The index history page of a campaign or project: the user's entries, with their link's URL. */
export function indexHistoryPage(
  ctx: AppContext,
  params: { userId: number; filters: IndexHistoryFilters; page: PageQuery },
) {
  return listIndexHistories(ctx.db, params);
}
