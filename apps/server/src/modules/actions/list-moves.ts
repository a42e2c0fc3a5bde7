import { ActionCode } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import {
  addLinksToDisallow,
  addLinksToHistory,
  type BulkParams,
  deleteLinks,
  moveLinks,
  recoverLinksFromDisallow,
  recoverLinksFromHistory,
} from '../links/links.bulk.ts';
import type { ActionHandler, ActionRow, ClaimedItem, ItemOutcome } from './catalog.ts';

/** The list operations that run as tasks: the links table's bulk operations, applied batch by batch. */
type Change = (db: Queryable, params: BulkParams, action: ActionRow) => Promise<unknown>;

/** A link already in the target campaign stays where it is: the same URL appears once per campaign. */
const moveToTarget: Change = async (db, params, action) => {
  const targetId = Number((action.filters as { targetCampaign?: number }).targetCampaign);
  const [target] = await db
    .select({ id: campaigns.id, projectId: campaigns.projectId, tier: campaigns.tier })
    .from(campaigns)
    .where(and(eq(campaigns.id, targetId), eq(campaigns.userId, action.userId)));
  if (target) await moveLinks(db, { ...params, target });
};

function listMoveHandler(code: number, change: Change): ActionHandler<null> {
  return {
    code,
    batchSize: 500,
    leaseSeconds: 60,
    maxAttempts: 3,
    async process(_ctx, _action, items: ClaimedItem[]): Promise<ItemOutcome<null>[]> {
      return items.map((item) => ({
        itemId: item.id,
        kind: 'done',
        linkId: item.linkId,
        error: null,
        result: null,
      }));
    },
    async applyBatch(tx, action, done) {
      const ids = done.map((d) => d.linkId).filter((id): id is number => id !== null);
      if (ids.length > 0) await change(tx, { userId: action.userId, selection: { ids } }, action);
    },
  };
}

export const listMoveHandlers: ActionHandler[] = [
  listMoveHandler(ActionCode.AddToHistory, addLinksToHistory),
  listMoveHandler(ActionCode.RecoverFromHistory, recoverLinksFromHistory),
  listMoveHandler(ActionCode.AddToDisallow, addLinksToDisallow),
  listMoveHandler(ActionCode.RecoverFromDisallow, recoverLinksFromDisallow),
  listMoveHandler(ActionCode.Remove, deleteLinks),
  listMoveHandler(ActionCode.Move, moveToTarget),
];
