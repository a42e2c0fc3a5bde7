import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { addProgress, type BatchDelta } from '../modules/actions/actions.queries.ts';
import { actionCatalog } from '../modules/actions/catalog.ts';
import { finishIfComplete } from '../modules/actions/lifecycle.ts';
import type {
  ActionHandler,
  ActionRow,
  ClaimedItem,
  WorkerContext,
  WorkerHooks,
} from '../modules/actions/types.ts';
import { type ClaimScope, createClaims } from './claims.ts';
import { recordBatch } from './record.ts';

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
  // The machine's name too: an operator reading who did what (docs/deploy.md) sees where it ran.
  const workerId = options.id ?? `worker-${process.pid}-${hostname()}-${randomUUID().slice(0, 8)}`;
  const slots = options.slots ?? 4;
  const pollMs = options.pollMs ?? 500;
  const claims = createClaims({
    db: ctx.db,
    workerId,
    onRenewFailed: (error) => ctx.log.warn({ err: error }, 'renewing a lease failed'),
  });
  let running = false;
  const loops: Promise<void>[] = [];
  let stopping: Promise<void> | null = null;

  /** Works a claimed batch, its lease renewed meanwhile, and writes what came of it. */
  async function work(handler: ActionHandler, action: ActionRow, items: ClaimedItem[]): Promise<BatchDelta> {
    const parsed = handler.filters.safeParse(action.filters);
    if (!parsed.success) {
      const error = 'the task filters are unreadable';
      const outcomes = items.map((item) => ({ itemId: item.id, kind: 'failed' as const, error }));
      return recordBatch(ctx, claims, { handler, task: { action, filters: null }, outcomes });
    }
    const task = { action, filters: parsed.data };
    const leaseSeconds = leaseOf(handler);
    const stopRenewing = claims.keepWhileWorking({
      itemIds: items.map((item) => item.id),
      leaseSeconds,
      everyMs: options.renewEveryMs ?? (leaseSeconds * 1000) / 3,
    });
    try {
      return await recordBatch(ctx, claims, {
        handler,
        task,
        outcomes: await handler.process(ctx, task, items),
      });
    } finally {
      stopRenewing();
    }
  }

  const leaseOf = (handler: ActionHandler) => options.leaseSeconds ?? handler.leaseSeconds;

  /** Claims and works one batch (with `takeover`, of a dead worker's items); answers whether there was anything to do. */
  async function runOnce(scope: ClaimScope = {}): Promise<boolean> {
    const action = await claims.nextClaimableAction(scope);
    if (!action) return false;
    const handler = actionCatalog.get(action.actionId);
    if (!handler) return false;
    const items = await claims.claim({
      action,
      batchSize: batchSizeFor(handler, action),
      leaseSeconds: leaseOf(handler),
      ...scope,
    });
    if (items.length === 0) return true;
    const delta = await work(handler, action, items);

    const progressed = await addProgress(ctx.db, action.id, delta);
    if (progressed) options.hooks?.onProgress?.(progressed);
    const finished = await finishIfComplete(ctx.db, action.id);
    if (finished) {
      await handler.finish?.(ctx, finished);
      await options.hooks?.onFinished?.(finished);
    }
    return true;
  }

  async function loop(scope: ClaimScope = {}) {
    while (running) {
      try {
        if (!(await runOnce(scope))) await sleep(pollMs);
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
      stopping = null;
      for (let i = 0; i < slots; i++) loops.push(loop());
      // One more loop takes over a dead worker's items as soon as their lease runs out, busy slots or
      // not: otherwise they waited for a slot's batch in hand to end (1.3 to 1.6 leases after the death).
      loops.push(loop({ takeover: true }));
    },
    /**
     * Stops claiming and waits for the batches in hand. With `graceMs`, waits that long at most, then
     * gives the unfinished batches back, so a deploy does not hold their tasks up by a lease.
     */
    async stop(params: { graceMs?: number } = {}) {
      running = false;
      stopping ??= Promise.all(loops.splice(0)).then(() => undefined);
      if (params.graceMs === undefined) return stopping;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), params.graceMs);
      });
      const late = await Promise.race([stopping.then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) await claims.releaseAll();
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;

// Progress is written per batch: a task is cut into at least this many batches when it can be.
const PROGRESS_STEPS = 20;
// Near a task's end batches shrink to this share of what is left, so that no worker is left with
// big batches to finish alone while the others have nothing more to claim; but not below TAIL_FLOOR,
// so a worker's batches in hand still fill the checker's 64 pages on the wire to the end.
const TAIL_SHARE = 1 / 32;
const TAIL_FLOOR = 32;
const MIN_BATCH = 10;

/**
 * Big tasks take full batches (cheaper per link); small ones smaller, so their progress visibly moves;
 * and every task's last ones smaller still, so all the workers finish it together.
 */
export function batchSizeFor(
  handler: Pick<ActionHandler, 'batchSize'>,
  action: Pick<ActionRow, 'totalCount' | 'currentCount'>,
): number {
  const forVisibleProgress = Math.ceil(action.totalCount / PROGRESS_STEPS);
  const left = Math.max(0, action.totalCount - action.currentCount);
  const forAnEvenEnd = Math.max(TAIL_FLOOR, Math.ceil(left * TAIL_SHARE));
  return Math.max(MIN_BATCH, Math.min(handler.batchSize, forVisibleProgress, forAnEvenEnd));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
