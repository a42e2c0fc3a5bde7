import type { Checker, Renderer } from '@linkwatch/checker';
import type { AccountPermissionKey, SkipReason } from '@linkwatch/shared';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { actions } from '../../db/schema/index.ts';
import type { ProviderKind, Providers } from '../../providers/index.ts';

/**
 * What an action kind is made of, and what the worker hands it. The catalogue (catalog.ts) lists the
 * kinds; each kind's handler imports only this file, so no handler depends on the list that holds it.
 */
export type ActionRow = typeof actions.$inferSelect;

/** An action item's state: pending until a worker writes it done or failed, or the task is cancelled. */
export const ITEM_STATUS = { Pending: 0, Done: 1, Failed: 2, Cancelled: 3 } as const;

export interface ClaimedItem {
  id: number;
  linkId: number | null;
  attempts: number;
  /** What the previous try of this item left (a retry's reason), null on the first try. */
  lastError: string | null;
}

/** A processed item whose result is to be written; `error` marks a donor-side problem (still charged). */
export interface DoneOutcome<R = unknown> {
  itemId: number;
  kind: 'done';
  linkId: number | null;
  error: string | null;
  result: R;
}

/** What a handler decided for one item. */
export type ItemOutcome<R = unknown> =
  | DoneOutcome<R>
  | { itemId: number; kind: 'retry'; error: string; retryAfterMs?: number }
  | { itemId: number; kind: 'failed'; error: string };

/** A reason to leave a selected link out before charging, as a condition on its `links` row. */
export interface LeaveOutRule {
  reason: SkipReason;
  where: SQL;
}

export interface WorkerContext {
  db: Db;
  checker: Checker;
  /** The browser pool, where one is configured: evidence screenshots (issue 31). */
  renderer?: Renderer;
  /** Photograph a link's first check too (EVIDENCE_SCREENSHOTS=all): a page per new link, slower. */
  evidenceShotsAtFirstCheck?: boolean;
  providers: Providers;
  log: FastifyBaseLogger;
}

// biome-ignore lint/suspicious/noExplicitAny: the catalogue holds handlers of every result and filters type
export interface ActionHandler<R = any, F = any> {
  code: number;
  /** Items claimed at once by one worker, for big tasks (small ones are cut finer, see the worker). */
  batchSize: number;
  /** How long a claim lasts before another worker may take the items over (WORKER_LEASE_SECONDS overrides it). */
  leaseSeconds: number;
  /** Tries per item before it is given up as failed (and refunded). */
  maxAttempts: number;
  /** The task's stored `filters`: parsed when the task starts, and again when a worker reads them. */
  filters: z.ZodType<F>;
  /** The outside service kind the action works through: it cannot start while none is configured. */
  provider?: ProviderKind;
  /** A task over a project's crawler data instead of a campaign's links (actions 10 and 17). */
  project?: ProjectScope<F>;
  /**
   * Selected links the task would charge for but cannot work on, in order: they get no item, cost
   * nothing, and the price preview lists them by reason (the indexing request's skip-and-explain).
   */
  leaveOut?(providers: Providers): LeaveOutRule[];
  /**
   * A paid task on links: it also leaves out tier 2 links that feed a dead tier 1 page (issue 31),
   * unless started with `includeDeadFeeds`.
   */
  leavesOutDeadFeeds?: boolean;
  /**
   * What a team member needs beyond `tasks.start` to start it (issue 27): the list moves and removal
   * change links as `links/move` and the others do, so they need `links.manage` as those calls do.
   */
  permission?: AccountPermissionKey;
  /** Days the task spreads its items over (a drip feed); one when absent. */
  dripDays?(filters: F): number;
  /** A check against the database before anything is charged (the move's target campaign is the user's). */
  beforeStart?(db: Db, params: { userId: number; filters: F }): Promise<void>;
  process(
    ctx: WorkerContext,
    task: { action: ActionRow; filters: F },
    items: ClaimedItem[],
  ): Promise<ItemOutcome<R>[]>;
  /**
   * Writes the results of a batch, in the transaction that marks its items done, and only for the items
   * this worker still holds the lease of: each result lands once, even after a takeover.
   */
  applyBatch(tx: Tx, task: { action: ActionRow; filters: F }, done: DoneOutcome<R>[]): Promise<void>;
  /** Called once when the action ends: drops per-task caches, writes what depends on the whole task. */
  finish?(ctx: WorkerContext, action: ActionRow): Promise<void> | void;
}

/** What a project-level task's hooks are given: the database and the configured services. */
export interface ScopeContext {
  db: Db;
  providers: Providers;
}

/** What the price preview adds for a task that spends an outside service's own units (Ahrefs). */
export interface ProviderUnits {
  provider: string;
  /** Live backlinks the service counts, rows and requests the pull would take, and its units. */
  backlinks: number;
  rows: number;
  requests: number;
  units: number;
  /** Units left on the key, null when unlimited or not said. */
  unitsLeft: number | null;
  /** More backlinks than one pull takes: the task would be refused. */
  tooMany: boolean;
}

/**
 * A task whose items are not a campaign's links: it reads its own start query (`filter[project]`, …),
 * makes its own items in the start's transaction and counts them for the price preview. The task
 * belongs to the project (no campaign); the same action runs once at a time per project.
 */
export interface ProjectScope<F> {
  /** Reads the start and price-preview query into the task's filters (see the shared schemas). */
  query: z.ZodType<F>;
  projectId(filters: F): number;
  /** Before anything is charged: the outside service agrees to the work (a refusal charges nothing). */
  beforeStart?(ctx: ScopeContext, params: { userId: number; filters: F }): Promise<void>;
  /** Inserts the task's items (owner-scoped) and says how many. */
  insertItems(tx: Tx, params: { actionId: number; userId: number; filters: F }): Promise<number>;
  /** What the price preview shows: the items the task would make, and an outside service's units. */
  preview(
    ctx: ScopeContext,
    params: { userId: number; filters: F },
  ): Promise<{ count: number; providerUnits: ProviderUnits | null }>;
  /** The message key when the task would have nothing to work on. */
  nothingKey: string;
}

/** What the worker tells the app as a task moves: progress events, and the end (mail, notification). */
export interface WorkerHooks {
  onProgress?(action: ActionRow): void;
  onFinished?(action: ActionRow): Promise<void> | void;
}
