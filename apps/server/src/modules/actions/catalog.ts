import { checkBacklinksHandler } from './check-backlinks/handler.ts';
import { listMoveHandlers } from './list-moves.ts';
import type { ActionHandler } from './types.ts';

/** Every action a user can start (spec point 4): a new kind is one handler file and one entry here. */
export const actionCatalog = new Map<number, ActionHandler>(
  [checkBacklinksHandler, ...listMoveHandlers].map((handler) => [handler.code, handler]),
);

export const STARTABLE_ACTIONS = [...actionCatalog.keys()];
