import { BalanceTransactionType, TaskStatus } from '@linkwatch/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { actionItems, actions } from '../../db/schema/index.ts';
import { applyLedgerEntry } from '../balance/ledger.ts';
import { type ActionRow, ITEM_STATUS } from './types.ts';

export interface ItemCounts {
  pending: number;
  success: number;
  errors: number;
  failed: number;
  cancelled: number;
}

export async function countItems(db: Queryable, actionId: number): Promise<ItemCounts> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Pending})::int`,
      success: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Done} and ${actionItems.error} is null)::int`,
      errors: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Done} and ${actionItems.error} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Failed})::int`,
      cancelled: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Cancelled})::int`,
    })
    .from(actionItems)
    .where(eq(actionItems.actionId, actionId));
  return row;
}

function countersOf(counts: ItemCounts) {
  return {
    currentCount: counts.success + counts.errors + counts.failed + counts.cancelled,
    successCount: counts.success,
    errorCount: counts.errors,
    totalErrorCount: counts.errors + counts.failed,
  };
}

export interface BatchDelta {
  success: number;
  errors: number;
  failed: number;
}

/**
 * Progress after a batch, by increments of what this worker actually wrote (counting every item of a
 * large task after each batch would cost more than the checks); a waiting task becomes a running one.
 */
export async function addProgress(
  db: Db,
  actionId: number,
  delta: BatchDelta,
): Promise<ActionRow | undefined> {
  const processed = delta.success + delta.errors + delta.failed;
  const [action] = await db
    .update(actions)
    .set({
      currentCount: sql`${actions.currentCount} + ${processed}`,
      successCount: sql`${actions.successCount} + ${delta.success}`,
      errorCount: sql`${actions.errorCount} + ${delta.errors}`,
      totalErrorCount: sql`${actions.totalErrorCount} + ${delta.errors + delta.failed}`,
      statusId: sql`case when ${actions.statusId} = ${TaskStatus.Waiting} then ${TaskStatus.Process} else ${actions.statusId} end`,
      startedAt: sql`coalesce(${actions.startedAt}, now())`,
    })
    .where(and(eq(actions.id, actionId), inArray(actions.statusId, [TaskStatus.Waiting, TaskStatus.Process])))
    .returning();
  return action;
}

async function hasPendingItems(db: Queryable, actionId: number) {
  const [row] = await db
    .select({ id: actionItems.id })
    .from(actionItems)
    .where(and(eq(actionItems.actionId, actionId), eq(actionItems.status, ITEM_STATUS.Pending)))
    .limit(1);
  return row !== undefined;
}

/**
 * Ends a task once no item is pending, exactly once even when several workers finish its last items
 * together (the row lock and the status check). Items that failed through our fault, and cancelled
 * ones, are refunded.
 */
export async function finishIfComplete(db: Db, actionId: number): Promise<ActionRow | null> {
  return db.transaction(async (tx) => {
    const [action] = await tx.select().from(actions).where(eq(actions.id, actionId)).for('update');
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
    const [finished] = await tx
      .update(actions)
      .set({
        ...countersOf(counts),
        statusId: nothingDone ? TaskStatus.Fail : TaskStatus.Done,
        // Added to: an indexing request's re-check may have refunded pages of a drip feed still running.
        refunded: sql`${actions.refunded} + ${refund}`,
        finishedAt: new Date(),
        startedAt: action.startedAt ?? new Date(),
      })
      .where(eq(actions.id, actionId))
      .returning();
    return finished;
  });
}
