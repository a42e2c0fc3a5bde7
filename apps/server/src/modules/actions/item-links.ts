import { listLinkUrls } from './actions.queries.ts';
import type { ActionRow, ClaimedItem, WorkerContext } from './types.ts';

/** The URLs of a batch's links, by link id: only the task owner's, so a deleted link is simply absent. */
export async function itemUrls(ctx: WorkerContext, action: ActionRow, items: ClaimedItem[]) {
  const ids = items.map((i) => i.linkId).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map<number, string>();
  const rows = await listLinkUrls(ctx.db, { userId: action.userId, ids });
  return new Map(rows.map((r) => [r.id, r.url]));
}
