import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { actionItems } from '../db/schema/index.ts';
import type { BatchDelta } from '../modules/actions/actions.queries.ts';
import {
  type ActionHandler,
  type ActionRow,
  type DoneOutcome,
  ITEM_STATUS,
  type ItemOutcome,
  type WorkerContext,
} from '../modules/actions/types.ts';
import type { Claims } from './claims.ts';

export interface Batch {
  handler: ActionHandler;
  task: { action: ActionRow; filters: unknown };
  outcomes: ItemOutcome[];
}

/**
 * Writes a batch's outcomes and answers what was actually written (a taken-over item is not).
 * Done items first, in one transaction: if it fails, nothing of the batch was written yet.
 */
async function record(ctx: WorkerContext, claims: Claims, batch: Batch): Promise<BatchDelta> {
  const delta: BatchDelta = { success: 0, errors: 0, failed: 0 };
  const done = batch.outcomes.filter((o): o is DoneOutcome => o.kind === 'done');
  if (done.length > 0) {
    await ctx.db.transaction(async (tx) => {
      const marked = await tx
        .update(actionItems)
        .set({ status: ITEM_STATUS.Done, error: null, processedAt: new Date() })
        .where(claims.heldByMe(done.map((d) => d.itemId)))
        .returning({ id: actionItems.id });
      const mine = new Set(marked.map((m) => Number(m.id)));
      const kept = done.filter((d) => mine.has(d.itemId));
      await recordErrors(tx, kept);
      if (kept.length > 0) await batch.handler.applyBatch(tx, batch.task, kept);
      delta.errors = kept.filter((d) => d.error !== null).length;
      delta.success = kept.length - delta.errors;
    });
  }
  for (const outcome of batch.outcomes) {
    if (outcome.kind === 'retry') {
      await ctx.db
        .update(actionItems)
        .set({ lockedUntil: retryAt(outcome.retryAfterMs), error: outcome.error })
        .where(claims.heldByMe([outcome.itemId]));
    } else if (outcome.kind === 'failed') {
      const failed = await ctx.db
        .update(actionItems)
        .set({ status: ITEM_STATUS.Failed, error: outcome.error, processedAt: new Date() })
        .where(claims.heldByMe([outcome.itemId]))
        .returning({ id: actionItems.id });
      delta.failed += failed.length;
    }
  }
  return delta;
}

/**
 * A batch that cannot be written (one result the database refuses) is written item by item, so
 * one bad result fails alone (and is refunded) instead of taking its batch round forever.
 */
export async function recordBatch(ctx: WorkerContext, claims: Claims, batch: Batch): Promise<BatchDelta> {
  try {
    return await record(ctx, claims, batch);
  } catch (error) {
    ctx.log.error(
      { err: error, actionId: batch.task.action.id },
      'writing a batch failed; writing its items one by one',
    );
  }
  const delta: BatchDelta = { success: 0, errors: 0, failed: 0 };
  for (const outcome of batch.outcomes) {
    let written: BatchDelta;
    try {
      written = await record(ctx, claims, { ...batch, outcomes: [outcome] });
    } catch (error) {
      ctx.log.error({ err: error, itemId: outcome.itemId }, 'writing a result failed; the item is given up');
      written = await record(ctx, claims, {
        ...batch,
        outcomes: [{ itemId: outcome.itemId, kind: 'failed', error: 'the result could not be stored' }],
      });
    }
    delta.success += written.success;
    delta.errors += written.errors;
    delta.failed += written.failed;
  }
  return delta;
}

/** A retry waits when its handler says so (a provider's Retry-After, a confirmation later); else it is claimable at once. */
function retryAt(retryAfterMs: number | undefined) {
  return retryAfterMs ? sql`now() + make_interval(secs => ${retryAfterMs / 1000})` : null;
}

/** Donor-side problems of done items, written in one statement. */
async function recordErrors(tx: Tx, done: DoneOutcome[]) {
  const withError = done.filter((d) => d.error !== null).map((d) => ({ id: d.itemId, error: d.error }));
  if (withError.length === 0) return;
  await tx.execute(sql`
    update ${actionItems} set error = v.error
    from jsonb_to_recordset(${JSON.stringify(withError)}::jsonb) as v(id bigint, error text)
    where ${actionItems.id} = v.id`);
}
