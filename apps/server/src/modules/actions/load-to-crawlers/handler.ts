import {
  ActionCode,
  type TLoadToCrawlersFilters,
  ZLoadToCrawlersFilters,
  ZLoadToCrawlersQuery,
} from '@linkwatch/shared';
import { AppError } from '../../../errors.ts';
import { BacklinkPullError } from '../../../providers/crawlers/index.ts';
import { findProject } from '../../projects/projects.queries.ts';
import type { ActionHandler, ItemOutcome, ScopeContext } from '../types.ts';
import { insertPullItem } from './load-to-crawlers.queries.ts';
import { type PullResult, providerUnits, pullIntoCrawlers, pullTarget, refusal } from './pull.ts';

/** A pull that Ahrefs throttled or that failed on its side is tried again this much later. */
const RETRY_AFTER_MS = 60_000;

const sourceOf = (ctx: ScopeContext) => ctx.providers.crawlers.adapters[0];

/**
 * Action 10, load to crawlers: pulls the project's main domain's backlinks from the configured backlink
 * data service (Ahrefs API v3) into the crawler data as source 1, with the same New / Active / RIP
 * rules as a file import. One item per task (the pull), charged the action's price once (prices.ts,
 * LoadToCrawlers: credits per pull, whatever the number of rows, since the service's own units are
 * the user's to pay on their key); a pull that fails for good is refunded. Before it starts, the
 * price preview shows the service's units estimate; a target with more backlinks than one pull takes
 * (AHREFS_MAX_ROWS) is refused then, and nothing is charged. Without a key the action is not offered:
 * the crawlers page's file import is the way.
 */
export const loadToCrawlersHandler: ActionHandler<PullResult, TLoadToCrawlersFilters> = {
  code: ActionCode.LoadToCrawlers,
  provider: 'crawlers',
  batchSize: 1,
  // A pull of 100,000 rows at Ahrefs' 60 requests a minute takes minutes; the lease is renewed meanwhile.
  leaseSeconds: 300,
  maxAttempts: 3,
  filters: ZLoadToCrawlersFilters,

  project: {
    query: ZLoadToCrawlersQuery,
    projectId: (filters) => filters.project,
    nothingKey: 'crawlerTasks.errors.nothingSelected',

    async beforeStart(ctx, { userId, filters }) {
      const source = sourceOf(ctx);
      const project = await findProject(ctx.db, { userId, id: filters.project });
      if (!source || !project) return;
      const estimate = await source.estimate(pullTarget(project.mainDomain)).catch((error: unknown) => {
        throw refusal(source, error);
      });
      if (estimate.tooMany) {
        throw new AppError('invalid', 'crawlerTasks.errors.tooMany', {
          backlinks: estimate.backlinks.toLocaleString('en-US'),
          max: source.maxRows.toLocaleString('en-US'),
        });
      }
    },

    async insertItems(tx, { actionId }) {
      return insertPullItem(tx, { actionId });
    },

    async preview(ctx, { userId, filters }) {
      const source = sourceOf(ctx);
      const project = await findProject(ctx.db, { userId, id: filters.project });
      if (!source || !project) return { count: 1, providerUnits: null };
      const estimate = await source.estimate(pullTarget(project.mainDomain)).catch((error: unknown) => {
        throw refusal(source, error);
      });
      return { count: 1, providerUnits: providerUnits(source, estimate) };
    },
  },

  async process(ctx, { action, filters }, items) {
    const source = ctx.providers.crawlers.adapters[0];
    const project = await findProject(ctx.db, { userId: action.userId, id: filters.project });
    const outcomes: ItemOutcome<PullResult>[] = [];
    for (const item of items) {
      if (!source) {
        outcomes.push({ itemId: item.id, kind: 'failed', error: 'no backlink data service is configured' });
        continue;
      }
      if (!project) {
        outcomes.push({ itemId: item.id, kind: 'failed', error: 'the project no longer exists' });
        continue;
      }
      try {
        const result = await pullIntoCrawlers(ctx.db, {
          source,
          projectId: project.id,
          userId: action.userId,
          mainDomain: project.mainDomain,
        });
        ctx.log.info({ actionId: action.id, ...result }, 'crawler pull imported');
        outcomes.push({ itemId: item.id, kind: 'done', linkId: null, error: null, result });
      } catch (error) {
        if (!(error instanceof BacklinkPullError)) {
          const message = error instanceof Error ? error.message : String(error);
          outcomes.push({ itemId: item.id, kind: 'failed', error: message });
          continue;
        }
        if (error.transient && item.attempts < loadToCrawlersHandler.maxAttempts) {
          outcomes.push({
            itemId: item.id,
            kind: 'retry',
            error: error.message,
            retryAfterMs: error.retryAfterMs || RETRY_AFTER_MS,
          });
        } else {
          outcomes.push({ itemId: item.id, kind: 'failed', error: `${error.reason}: ${error.message}` });
        }
      }
    }
    return outcomes;
  },

  // The import is its own transaction (it may be long); the item's result is the import's record.
  async applyBatch() {},
};
