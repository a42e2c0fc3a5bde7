import { ActionCode } from '@linkwatch/shared';
import { refreshDeadFeedsOfTask } from '../dead-feeds.ts';
import { itemUrls } from '../item-links.ts';
import { type TaskFilters, ZTaskFilters } from '../task-filters.ts';
import type { ActionHandler, ActionRow, ClaimedItem, ItemOutcome, WorkerContext } from '../types.ts';
import { applyIndexStates, type IndexResult } from './apply.ts';
import { decideIndexState, NOT_INDEXED_ONCE } from './verdict.ts';

/** A rate-limited or timed-out query is asked again this long after, unless the provider said when. */
const RETRY_AFTER_MS = 30_000;

/**
 * Action 1, check indexing: asks the configured SERP providers whether each donor page is in Google's
 * index. A page nobody could answer for is given up (refunded) and keeps its state; see verdict.ts.
 */
export const checkIndexingHandler: ActionHandler<IndexResult, TaskFilters> = {
  code: ActionCode.CheckIndexing,
  provider: 'indexCheck',
  // The providers' rate limits bound a task, not the batch: big enough to keep their limiters busy.
  batchSize: 100,
  leaseSeconds: 120,
  // A first "not indexed" takes one try to confirm; transient failures get the rest.
  maxAttempts: 5,
  filters: ZTaskFilters,
  leavesOutDeadFeeds: true,

  async process(ctx: WorkerContext, { action }: { action: ActionRow }, items: ClaimedItem[]) {
    const urlOf = await itemUrls(ctx, action, items);
    const { adapters, confirmAfterMs } = ctx.providers.indexCheck;
    return Promise.all(
      items.map(async (item): Promise<ItemOutcome<IndexResult>> => {
        const url = item.linkId === null ? undefined : urlOf.get(item.linkId);
        if (!url) return { itemId: item.id, kind: 'failed', error: 'link no longer exists' };
        const verdict = await decideIndexState(adapters, url, {
          notIndexedBefore: item.lastError === NOT_INDEXED_ONCE,
        });
        const triesLeft = item.attempts < checkIndexingHandler.maxAttempts;
        switch (verdict.kind) {
          case 'state':
            return { itemId: item.id, kind: 'done', linkId: item.linkId, error: null, result: verdict };
          case 'confirm-later':
            return triesLeft
              ? { itemId: item.id, kind: 'retry', error: NOT_INDEXED_ONCE, retryAfterMs: confirmAfterMs }
              : { itemId: item.id, kind: 'failed', error: 'not indexed by one query, not confirmed' };
          case 'no-answer':
            return verdict.transient && triesLeft
              ? {
                  itemId: item.id,
                  kind: 'retry',
                  error: verdict.message,
                  retryAfterMs: verdict.retryAfterMs ?? RETRY_AFTER_MS,
                }
              : { itemId: item.id, kind: 'failed', error: verdict.message };
        }
      }),
    );
  },

  applyBatch: (tx, { action }, done) => applyIndexStates(tx, action, done),

  // A tier 1 page found not indexed stops being worth strengthening (and one found indexed recovers).
  finish: (ctx, action) => refreshDeadFeedsOfTask(ctx.db, action),
};
