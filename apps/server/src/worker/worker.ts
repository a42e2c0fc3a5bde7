import { randomUUID } from 'node:crypto';
import { TaskStatus } from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { inIds } from '../db/bulk.ts';
import type { Tx } from '../db/client.ts';
import { actionItems, actions } from '../db/schema/index.ts';
import { ITEM_STATUS } from '../modules/actions/actions.service.ts';
import {
  type ActionHandler,
  type ActionRow,
  actionCatalog,
  type ClaimedItem,
  type DoneOutcome,
  type ItemOutcome,
  type WorkerContext,
} from '../modules/actions/catalog.ts';
import { addProgress, type BatchDelta, finishIfComplete } from '../modules/actions/lifecycle.ts';

export interface WorkerHooks {
  onProgress?(action: ActionRow): void;
  onFinished?(action: ActionRow): Promise<void> | void;
}

export interface WorkerOptions {
  id?: string;
  /** Batches worked on at once by this process. */
  slots?: number;
  pollMs?: number;
  /** Lease of every claim, overriding the handlers' own (WORKER_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** How often a batch's lease is renewed while it is worked on; a third of the lease by default. */
  renewEveryMs?: number;
  hooks?: WorkerHooks;
}

/**
 * The task worker: claims items in batches with a lease (SKIP LOCKED, so workers in other processes
 * never take the same items), runs the action's handler, and writes each result once. A worker that
 * dies loses its lease; when it runs out, another worker claims the items again.
 */
export function createWorker(ctx: WorkerContext, options: WorkerOptions = {}) {
  const workerId = options.id ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const slots = options.slots ?? 4;
  const pollMs = options.pollMs ?? 500;
  let running = false;
  const loops: Promise<void>[] = [];

  async function nextClaimableAction(): Promise<ActionRow | undefined> {
    const [row] = await ctx.db
      .select({ action: actions })
      .from(actionItems)
      .innerJoin(actions, eq(actions.id, actionItems.actionId))
      .where(
        and(
          eq(actionItems.status, ITEM_STATUS.Pending),
          sql`(${actionItems.lockedUntil} is null or ${actionItems.lockedUntil} < now())`,
          sql`${actions.statusId} in (${TaskStatus.Waiting}, ${TaskStatus.Process})`,
        ),
      )
      .orderBy(actionItems.id)
      .limit(1);
    return row?.action;
  }

  async function claim(action: ActionRow, batchSize: number, leaseSeconds: number): Promise<ClaimedItem[]> {
    const result = await ctx.db.execute(sql`
      update ${actionItems}
      set locked_until = now() + make_interval(secs => ${leaseSeconds}), locked_by = ${workerId}, attempts = attempts + 1
      where id in (
        select id from ${actionItems}
        where action_id = ${action.id} and status = ${ITEM_STATUS.Pending}
          and (locked_until is null or locked_until < now())
        order by id
        limit ${batchSize}
        for update skip locked)
      returning id, link_id, attempts`);
    const rows = (
      result as unknown as { rows: { id: number | string; link_id: number | null; attempts: number }[] }
    ).rows;
    return rows.map((r) => ({ id: Number(r.id), linkId: r.link_id, attempts: r.attempts }));
  }

  /** Only while this worker still holds the lease: a taken-over item is written by its new owner alone. */
  const heldByMe = (itemIds: number[]) =>
    and(
      inIds(actionItems.id, itemIds),
      eq(actionItems.lockedBy, workerId),
      eq(actionItems.status, ITEM_STATUS.Pending),
    );

  /**
   * Writes a batch's outcomes and answers what was actually written (a taken-over item is not).
   * Done items first, in one transaction: if it fails, nothing of the batch was written yet.
   */
  async function record(
    handler: ActionHandler,
    action: ActionRow,
    outcomes: ItemOutcome[],
  ): Promise<BatchDelta> {
    const delta: BatchDelta = { success: 0, errors: 0, failed: 0 };
    const done = outcomes.filter((o): o is DoneOutcome => o.kind === 'done');
    if (done.length > 0) {
      await ctx.db.transaction(async (tx) => {
        const marked = await tx
          .update(actionItems)
          .set({ status: ITEM_STATUS.Done, error: null, processedAt: new Date() })
          .where(heldByMe(done.map((d) => d.itemId)))
          .returning({ id: actionItems.id });
        const mine = new Set(marked.map((m) => Number(m.id)));
        const kept = done.filter((d) => mine.has(d.itemId));
        await recordErrors(tx, kept);
        if (kept.length > 0) await handler.applyBatch(tx, action, kept);
        delta.errors = kept.filter((d) => d.error !== null).length;
        delta.success = kept.length - delta.errors;
      });
    }
    for (const outcome of outcomes) {
      if (outcome.kind === 'retry') {
        await ctx.db
          .update(actionItems)
          .set({ lockedUntil: null, error: outcome.error })
          .where(heldByMe([outcome.itemId]));
      } else if (outcome.kind === 'failed') {
        const failed = await ctx.db
          .update(actionItems)
          .set({ status: ITEM_STATUS.Failed, error: outcome.error, processedAt: new Date() })
          .where(heldByMe([outcome.itemId]))
          .returning({ id: actionItems.id });
        delta.failed += failed.length;
      }
    }
    return delta;
  }

  /**
   * A live worker keeps its lease however slow the donor sites are; a dead one stops renewing it,
   * so its items are taken over one lease later.
   */
  function renewLeaseWhileWorking(itemIds: number[], leaseSeconds: number): () => void {
    const renew = async () => {
      try {
        await ctx.db
          .update(actionItems)
          .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
          .where(heldByMe(itemIds));
      } catch (error) {
        ctx.log.warn({ err: error }, 'renewing a lease failed');
      }
    };
    const timer = setInterval(renew, options.renewEveryMs ?? (leaseSeconds * 1000) / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * A batch that cannot be written (one result the database refuses) is written item by item, so
   * one bad result fails alone (and is refunded) instead of taking its batch round forever.
   */
  async function recordSafely(
    handler: ActionHandler,
    action: ActionRow,
    outcomes: ItemOutcome[],
  ): Promise<BatchDelta> {
    try {
      return await record(handler, action, outcomes);
    } catch (error) {
      ctx.log.error(
        { err: error, actionId: action.id },
        'writing a batch failed; writing its items one by one',
      );
    }
    const delta: BatchDelta = { success: 0, errors: 0, failed: 0 };
    for (const outcome of outcomes) {
      let written: BatchDelta;
      try {
        written = await record(handler, action, [outcome]);
      } catch (error) {
        ctx.log.error(
          { err: error, itemId: outcome.itemId },
          'writing a result failed; the item is given up',
        );
        written = await record(handler, action, [
          { itemId: outcome.itemId, kind: 'failed', error: 'the result could not be stored' },
        ]);
      }
      delta.success += written.success;
      delta.errors += written.errors;
      delta.failed += written.failed;
    }
    return delta;
  }

  /** Claims and works one batch; answers whether there was anything to do. */
  async function runOnce(): Promise<boolean> {
    const action = await nextClaimableAction();
    if (!action) return false;
    const handler = actionCatalog.get(action.actionId);
    if (!handler) return false;
    const leaseSeconds = options.leaseSeconds ?? handler.leaseSeconds;
    const items = await claim(action, batchSizeFor(handler, action), leaseSeconds);
    if (items.length === 0) return true;
    const stopRenewing = renewLeaseWhileWorking(
      items.map((item) => item.id),
      leaseSeconds,
    );
    let delta: BatchDelta;
    try {
      delta = await recordSafely(handler, action, await handler.process(ctx, action, items));
    } finally {
      stopRenewing();
    }

    const progressed = await addProgress(ctx.db, action.id, delta);
    if (progressed) options.hooks?.onProgress?.(progressed);
    const finished = await finishIfComplete(ctx.db, action.id);
    if (finished) {
      handler.finish?.(action.id);
      await options.hooks?.onFinished?.(finished);
    }
    return true;
  }

  async function loop() {
    while (running) {
      try {
        if (!(await runOnce())) await sleep(pollMs);
      } catch (error) {
        ctx.log.error({ err: error }, 'worker batch failed');
        await sleep(pollMs);
      }
    }
  }

  return {
    id: workerId,
    runOnce,
    /** Works until nothing is claimable (tests and the CLI). */
    async drain() {
      while (await runOnce()) {}
    },
    start() {
      if (running) return;
      running = true;
      for (let i = 0; i < slots; i++) loops.push(loop());
    },
    async stop() {
      running = false;
      await Promise.all(loops.splice(0));
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;

/** Donor-side problems of done items, written in one statement. */
async function recordErrors(tx: Tx, done: DoneOutcome[]) {
  const withError = done.filter((d) => d.error !== null).map((d) => ({ id: d.itemId, error: d.error }));
  if (withError.length === 0) return;
  await tx.execute(sql`
    update ${actionItems} set error = v.error
    from jsonb_to_recordset(${JSON.stringify(withError)}::jsonb) as v(id bigint, error text)
    where ${actionItems.id} = v.id`);
}

// Progress is written per batch: a task is cut into at least this many batches when it can be.
const PROGRESS_STEPS = 20;
const MIN_BATCH = 10;

/** Big tasks take full batches (cheaper per link); small ones smaller, so their progress visibly moves. */
function batchSizeFor(handler: ActionHandler, action: ActionRow): number {
  const forVisibleProgress = Math.ceil(action.totalCount / PROGRESS_STEPS);
  return Math.max(MIN_BATCH, Math.min(handler.batchSize, forVisibleProgress));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
