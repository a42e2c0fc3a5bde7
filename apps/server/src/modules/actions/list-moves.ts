import { ActionCode } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import { FieldError } from '../../errors.ts';
import {
  addLinksToDisallow,
  addLinksToHistory,
  type BulkParams,
  deleteLinks,
  moveLinks,
  recoverLinksFromDisallow,
  recoverLinksFromHistory,
} from '../links/links.bulk.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { refreshDeadFeedsOf } from '../tiers/dead-feeds.ts';
import { refreshDeadFeedsOfTask } from './dead-feeds.ts';
import { type MoveFilters, type TaskFilters, ZMoveFilters, ZTaskFilters } from './task-filters.ts';
import type { ActionHandler, ClaimedItem, ItemOutcome } from './types.ts';

/** The list operations that run as tasks: the links table's bulk operations, applied batch by batch. */
type Change<F> = (db: Queryable, params: BulkParams, filters: F, userId: number) => Promise<unknown>;

/** A link already in the target campaign stays where it is: the same URL appears once per campaign. */
const moveToTarget: Change<MoveFilters> = async (db, params, filters, userId) => {
  const target = await findCampaign(db, { userId, id: filters.targetCampaign });
  if (target) await moveLinks(db, { ...params, target: target.campaign });
};

function listMoveHandler<F extends TaskFilters>(
  code: number,
  change: Change<F>,
  options: Pick<ActionHandler<null, F>, 'filters' | 'beforeStart'>,
): ActionHandler<null, F> {
  return {
    code,
    batchSize: 500,
    leaseSeconds: 60,
    maxAttempts: 3,
    permission: 'links.manage',
    ...options,
    async process(_ctx, _task, items: ClaimedItem[]): Promise<ItemOutcome<null>[]> {
      return items.map((item) => ({
        itemId: item.id,
        kind: 'done',
        linkId: item.linkId,
        error: null,
        result: null,
      }));
    },
    async applyBatch(tx, { action, filters }, done) {
      const ids = done.map((d) => d.linkId).filter((id): id is number => id !== null);
      // The task's starter moves the links: a member, or the owner when none is recorded.
      const actorId = action.actorId ?? action.userId;
      if (ids.length > 0)
        await change(tx, { userId: action.userId, actorId, selection: { ids } }, filters, action.userId);
    },
    // Tier 1 pages moved, recovered or deleted change what tier 2 links feed (issue 31): once, at the end.
    async finish(ctx, action) {
      await refreshDeadFeedsOfTask(ctx.db, action);
      const target = (action.filters as { targetCampaign?: unknown }).targetCampaign;
      if (typeof target !== 'number') return;
      const found = await findCampaign(ctx.db, { userId: action.userId, id: target });
      if (found) await refreshDeadFeedsOf(ctx.db, [found.campaign.projectId]);
    },
  };
}

const bulk =
  (operation: (db: Queryable, params: BulkParams) => Promise<unknown>): Change<TaskFilters> =>
  (db, params) =>
    operation(db, params);
const plain = { filters: ZTaskFilters };

export const listMoveHandlers: ActionHandler[] = [
  listMoveHandler(ActionCode.AddToHistory, bulk(addLinksToHistory), plain),
  listMoveHandler(ActionCode.RecoverFromHistory, bulk(recoverLinksFromHistory), plain),
  listMoveHandler(ActionCode.AddToDisallow, bulk(addLinksToDisallow), plain),
  listMoveHandler(ActionCode.RecoverFromDisallow, bulk(recoverLinksFromDisallow), plain),
  listMoveHandler(ActionCode.Remove, bulk(deleteLinks), plain),
  listMoveHandler(ActionCode.Move, moveToTarget, {
    filters: ZMoveFilters,
    async beforeStart(db, { userId, filters }) {
      const target = await findCampaign(db, { userId, id: filters.targetCampaign });
      if (!target) throw new FieldError({ campaign: 'validation.required' });
    },
  }),
];
