import type { Checker } from '@linkwatch/checker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { actions } from '../../db/schema/index.ts';
import { checkBacklinksHandler } from './check-backlinks/handler.ts';
import { listMoveHandlers } from './list-moves.ts';

export type ActionRow = typeof actions.$inferSelect;

export interface ClaimedItem {
  id: number;
  linkId: number | null;
  attempts: number;
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
  | { itemId: number; kind: 'retry'; error: string }
  | { itemId: number; kind: 'failed'; error: string };

export interface WorkerContext {
  db: Db;
  checker: Checker;
  log: FastifyBaseLogger;
}

// biome-ignore lint/suspicious/noExplicitAny: the catalogue holds handlers of every result type
export interface ActionHandler<R = any> {
  code: number;
  /** Items claimed at once by one worker, for big tasks (small ones are cut finer, see the worker). */
  batchSize: number;
  /** How long a claim lasts before another worker may take the items over. */
  leaseSeconds: number;
  /** Tries per item before it is given up as failed (and refunded). */
  maxAttempts: number;
  process(ctx: WorkerContext, action: ActionRow, items: ClaimedItem[]): Promise<ItemOutcome<R>[]>;
  /**
   * Writes the results of a batch, in the transaction that marks its items done, and only for the items
   * this worker still holds the lease of: each result lands once, even after a takeover.
   */
  applyBatch(tx: Tx, action: ActionRow, done: DoneOutcome<R>[]): Promise<void>;
  /** Called once when the action ends, to drop per-task caches. */
  finish?(actionId: number): void;
}

/** Every action a user can start without an outside provider (spec point 4). */
export const actionCatalog = new Map<number, ActionHandler>(
  [checkBacklinksHandler, ...listMoveHandlers].map((handler) => [handler.code, handler]),
);

export const STARTABLE_ACTIONS = [...actionCatalog.keys()];
