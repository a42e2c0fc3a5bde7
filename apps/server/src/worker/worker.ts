import { randomUUID } from 'node:crypto';
import { TaskStatus } from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { actionItems, actions } from '../db/schema/index.ts';
import { ITEM_STATUS } from '../modules/actions/actions.service.ts';
import {
  type ActionRow,
  actionCatalog,
  type ClaimedItem,
  type ItemOutcome,
  type WorkerContext,
} from '../modules/actions/catalog.ts';
import { finishIfComplete, updateProgress } from '../modules/actions/lifecycle.ts';

export interface WorkerHooks {
  onProgress?(action: ActionRow): void;
  onFinished?(action: ActionRow): Promise<void> | void;
}

export interface WorkerOptions {
  id?: string;
  /** Batches worked on at once by this process. */
  slots?: number;
  pollMs?: number;
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
  const heldByMe = (itemId: number) =>
    and(
      eq(actionItems.id, itemId),
      eq(actionItems.lockedBy, workerId),
      eq(actionItems.status, ITEM_STATUS.Pending),
    );

  async function record(outcome: ItemOutcome) {
    if (outcome.kind === 'retry') {
      await ctx.db
        .update(actionItems)
        .set({ lockedUntil: null, error: outcome.error })
        .where(heldByMe(outcome.itemId));
      return;
    }
    if (outcome.kind === 'failed') {
      await ctx.db
        .update(actionItems)
        .set({ status: ITEM_STATUS.Failed, error: outcome.error, processedAt: new Date() })
        .where(heldByMe(outcome.itemId));
      return;
    }
    await ctx.db.transaction(async (tx) => {
      const marked = await tx
        .update(actionItems)
        .set({ status: ITEM_STATUS.Done, error: outcome.error, processedAt: new Date() })
        .where(heldByMe(outcome.itemId))
        .returning({ id: actionItems.id });
      if (marked.length === 1) await outcome.apply(tx);
    });
  }

  /** Claims and works one batch; answers whether there was anything to do. */
  async function runOnce(): Promise<boolean> {
    const action = await nextClaimableAction();
    if (!action) return false;
    const handler = actionCatalog.get(action.actionId);
    if (!handler) return false;
    const items = await claim(action, handler.batchSize, handler.leaseSeconds);
    if (items.length === 0) return true;
    const outcomes = await handler.process(ctx, action, items);
    for (const outcome of outcomes) await record(outcome);

    const progressed = await updateProgress(ctx.db, action.id);
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
