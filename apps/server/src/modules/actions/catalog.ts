import { isConfigured, type ProviderKind, type Providers } from '../../providers/index.ts';
import { addToIndexHandler } from './add-to-index/handler.ts';
import { checkAuthorityHandler } from './check-authority/handler.ts';
import { checkBacklinksHandler } from './check-backlinks/handler.ts';
import { checkIndexingHandler } from './check-indexing/handler.ts';
import { listMoveHandlers } from './list-moves.ts';
import { loadToCrawlersHandler } from './load-to-crawlers/handler.ts';
import { removeFromCrawlersHandler } from './remove-from-crawlers/handler.ts';
import type { ActionHandler } from './types.ts';

/** Every action a user can start (spec point 4): a new kind is one handler file and one entry here. */
export const actionCatalog = new Map<number, ActionHandler>(
  [
    checkBacklinksHandler,
    checkIndexingHandler,
    addToIndexHandler,
    checkAuthorityHandler,
    ...listMoveHandlers,
    loadToCrawlersHandler,
    removeFromCrawlersHandler,
  ].map((handler) => [handler.code, handler]),
);

export const STARTABLE_ACTIONS = [...actionCatalog.keys()];

/** Whether the action runs on the offline demo's stand-in service rather than a real one. */
export function runsOnDemoService(providers: Providers, action: number): boolean {
  const kind = actionCatalog.get(action)?.provider;
  return kind !== undefined && providers[kind].demo === true;
}

/** The outside service kind an action needs and that is not configured, or null when it can run. */
export function missingProvider(providers: Providers, action: number): ProviderKind | null {
  const kind = actionCatalog.get(action)?.provider;
  return kind && !isConfigured(providers, kind) ? kind : null;
}
