import {
  ActionCode,
  type TRemoveFromCrawlersFilters,
  ZRemoveFromCrawlersFilters,
  ZRemoveFromCrawlersQuery,
} from '@linkwatch/shared';
import type { ActionHandler, ItemOutcome } from '../types.ts';
import {
  countSelectedRecords,
  insertRecordItems,
  recordsOfItems,
  removeRecords,
} from './remove-from-crawlers.queries.ts';

/**
 * Action 17, remove from crawlers: removes the selected crawler records of a project (ticked ids, or
 * what the crawlers list filters select) as a task with one item per record, free (prices.ts), with
 * the progress of any task. Records of another user's project are never selected nor removed.
 */
export const removeFromCrawlersHandler: ActionHandler<null, TRemoveFromCrawlersFilters> = {
  code: ActionCode.RemoveFromCrawlers,
  batchSize: 500,
  leaseSeconds: 60,
  maxAttempts: 3,
  filters: ZRemoveFromCrawlersFilters,

  project: {
    query: ZRemoveFromCrawlersQuery,
    projectId: (filters) => filters.project,
    nothingKey: 'crawlerTasks.errors.nothingSelected',
    insertItems: (tx, params) => insertRecordItems(tx, params),
    async preview(ctx, params) {
      return { count: await countSelectedRecords(ctx.db, params), providerUnits: null };
    },
  },

  async process(ctx, _task, items): Promise<ItemOutcome<null>[]> {
    const records = await recordsOfItems(
      ctx.db,
      items.map((item) => item.id),
    );
    return items.map((item) =>
      records.has(item.id)
        ? { itemId: item.id, kind: 'done', linkId: null, error: null, result: null }
        : { itemId: item.id, kind: 'failed', error: 'the record no longer exists' },
    );
  },

  async applyBatch(tx, { action, filters }, done) {
    const records = await recordsOfItems(
      tx,
      done.map((d) => d.itemId),
    );
    await removeRecords(tx, {
      userId: action.userId,
      project: filters.project,
      recordIds: [...records.values()],
    });
  },
};
