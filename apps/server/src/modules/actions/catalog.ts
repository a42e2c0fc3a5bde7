import type { Checker } from '@linkwatch/checker';
import { ActionCode } from '@linkwatch/shared';
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

/**
 * What a handler decided for one item. `done` items are written by `apply` in the same transaction that
 * marks the item done, and only while this worker still holds the item's lease: each result lands once.
 */
export type ItemOutcome =
  | { itemId: number; kind: 'done'; error: string | null; apply: (tx: Tx) => Promise<void> }
  | { itemId: number; kind: 'retry'; error: string }
  | { itemId: number; kind: 'failed'; error: string };

export interface WorkerContext {
  db: Db;
  checker: Checker;
  log: FastifyBaseLogger;
}

export interface ActionHandler {
  code: number;
  /** Items claimed at once by one worker. */
  batchSize: number;
  /** How long a claim lasts before another worker may take the items over. */
  leaseSeconds: number;
  /** Tries per item before it is given up as failed (and refunded). */
  maxAttempts: number;
  process(ctx: WorkerContext, action: ActionRow, items: ClaimedItem[]): Promise<ItemOutcome[]>;
  /** Called once when the action ends, to drop per-task caches. */
  finish?(actionId: number): void;
}

/** Every action a user can start without an outside provider (spec point 4). */
export const actionCatalog = new Map<number, ActionHandler>(
  [checkBacklinksHandler, ...listMoveHandlers].map((handler) => [handler.code, handler]),
);

export const STARTABLE_ACTIONS = [...actionCatalog.keys()];

export function isListMove(code: number) {
  return code !== ActionCode.CheckBacklinks;
}
