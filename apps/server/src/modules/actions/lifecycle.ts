import { BalanceTransactionType, TaskStatus } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import { applyLedgerEntry } from '../balance/ledger.ts';
import {
  countItems,
  hasPendingItems,
  type ItemCounts,
  lockAction,
  markActionFinished,
} from './actions.queries.ts';
import type { ActionRow } from './types.ts';

function countersOf(counts: ItemCounts) {
  return {
    currentCount: counts.success + counts.errors + counts.failed + counts.cancelled,
    successCount: counts.success,
    errorCount: counts.errors,
    totalErrorCount: counts.errors + counts.failed,
  };
}

/**
 * Ends a task once no item is pending, exactly once even when several workers finish its last items
 * together (the row lock and the status check). Items that failed through our fault, and cancelled
 * ones, are refunded.
 */
export async function finishIfComplete(db: Queryable, actionId: number): Promise<ActionRow | null> {
  return db.transaction(async (tx) => {
    const action = await lockAction(tx, { id: actionId });
    if (!action || action.statusId === TaskStatus.Done || action.statusId === TaskStatus.Fail) return null;
    if (await hasPendingItems(tx, actionId)) return null;
    // The exact counts, once, at the end: they also correct anything the increments missed.
    const counts = await countItems(tx, actionId);

    const refund = (counts.failed + counts.cancelled) * action.price;
    if (refund > 0) {
      await applyLedgerEntry(tx, {
        userId: action.userId,
        value: refund,
        typeId: BalanceTransactionType.Refund,
        description: `task:${action.actionId}:refund`,
        actionId: action.id,
      });
    }
    const nothingDone = counts.success + counts.errors === 0 && counts.failed > 0;
    return markActionFinished(tx, {
      id: actionId,
      counters: countersOf(counts),
      statusId: nothingDone ? TaskStatus.Fail : TaskStatus.Done,
      refund,
      startedAt: action.startedAt ?? new Date(),
    });
  });
}
