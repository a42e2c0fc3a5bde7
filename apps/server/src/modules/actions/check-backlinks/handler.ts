import { type AcceptorSet, type CheckResult, RobotsCache } from '@linkwatch/checker';
import { ActionCode, Tier } from '@linkwatch/shared';
import type { Queryable } from '../../../db/client.ts';
import { refreshDeadFeedsOfTask } from '../dead-feeds.ts';
import { taskCache } from '../task-cache.ts';
import { type TaskFilters, ZTaskFilters } from '../task-filters.ts';
import type { ActionHandler, ActionRow, ClaimedItem, ItemOutcome, WorkerContext } from '../types.ts';
import { applyCheckResults } from './apply.ts';
import { findProjectDomains, listActiveTierOneUrls, listLinksToCheck } from './check-backlinks.queries.ts';
import {
  type CheckedWithEvidence,
  captureEvidence,
  loadPreviousStates,
  previousStateOf,
} from './evidence.ts';
import { chargeRenders } from './render-charge.ts';
import { refreshTier2Counts, tierTwoProjectsOf } from './tier2-counts.ts';

/** Per-task caches: robots.txt is fetched once per host per task; acceptor sets once per project and tier. */
const taskCaches = taskCache<{ robots: RobotsCache; acceptors: Map<string, Promise<AcceptorSet>> }>();

function cachesFor(actionId: number) {
  return taskCaches.get(actionId, () => ({ robots: new RobotsCache(), acceptors: new Map() }));
}

/**
 * Tier 1 links must point to any of the project's domains (and their subdomains); tier 2 links must
 * point to the donor pages of the project's tier 1 links.
 */
async function loadAcceptors(
  db: Queryable,
  params: { projectId: number; tier: number },
): Promise<AcceptorSet> {
  if (params.tier === Tier.Two) {
    return { kind: 'urls', urls: await listActiveTierOneUrls(db, { projectId: params.projectId }) };
  }
  return { kind: 'domains', domains: await findProjectDomains(db, { projectId: params.projectId }) };
}

function acceptorsFor(ctx: WorkerContext, actionId: number, link: { projectId: number; tier: number }) {
  const { acceptors } = cachesFor(actionId);
  const key = `${link.projectId}:${link.tier}`;
  let set = acceptors.get(key);
  if (!set) {
    set = loadAcceptors(ctx.db, link);
    acceptors.set(key, set);
  }
  return set;
}

/** Fetch failures that may pass on a second try; anything else is the page's own answer. */
const TRANSIENT_ERRORS = new Set(['connection_reset', 'timeout']);

function isTransient(result: CheckResult) {
  return result.error !== null && TRANSIENT_ERRORS.has(result.error.code);
}

/** A page that gave no answer or a non-2xx one counts as an error of the task (still charged: we did the work). */
function problemOf(result: CheckResult): string | null {
  if (result.error) return result.error.code;
  const status = result.redirectChain.at(-1)?.status ?? result.responseCode;
  return status !== null && status >= 200 && status < 300 ? null : `http ${status}`;
}

export const checkBacklinksHandler: ActionHandler<CheckedWithEvidence, TaskFilters> = {
  code: ActionCode.CheckBacklinks,
  // Big enough that a batch's handful of statements cost little per link.
  batchSize: 250,
  leaseSeconds: 60,
  maxAttempts: 3,
  filters: ZTaskFilters,
  leavesOutDeadFeeds: true,

  async process(
    ctx: WorkerContext,
    { action }: { action: ActionRow },
    items: ClaimedItem[],
  ): Promise<ItemOutcome<CheckedWithEvidence>[]> {
    const linkIds = items.map((i) => i.linkId).filter((id): id is number => id !== null);
    const rows = linkIds.length ? await listLinksToCheck(ctx.db, { userId: action.userId, linkIds }) : [];
    const states = await loadPreviousStates(
      ctx,
      rows.map((r) => r.id),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const { robots } = cachesFor(action.id);

    return Promise.all(
      items.map(async (item): Promise<ItemOutcome<CheckedWithEvidence>> => {
        const link = item.linkId === null ? undefined : byId.get(item.linkId);
        // The link was deleted after the task started: nothing to check, nothing to charge for.
        if (!link) return { itemId: item.id, kind: 'failed', error: 'link no longer exists' };
        try {
          const acceptors = await acceptorsFor(ctx, action.id, link);
          const result = await ctx.checker.check(
            { url: link.url, acceptors },
            { robots, render: link.renderMode },
          );
          if (isTransient(result) && item.attempts < checkBacklinksHandler.maxAttempts) {
            return { itemId: item.id, kind: 'retry', error: result.error!.message };
          }
          const state = states.get(link.id);
          const evidence = state
            ? await captureEvidence(ctx, {
                previous: previousStateOf(state.link, state.backlinks),
                stored: state.backlinks,
                result,
                acceptors,
              })
            : undefined;
          return {
            itemId: item.id,
            kind: 'done',
            linkId: link.id,
            error: problemOf(result),
            result: evidence ? { ...result, evidence } : result,
          };
        } catch (error) {
          ctx.log.error({ err: error, linkId: link.id }, 'check failed');
          const kind = item.attempts < checkBacklinksHandler.maxAttempts ? 'retry' : 'failed';
          return { itemId: item.id, kind, error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  },

  async applyBatch(tx, { action }, done) {
    await applyCheckResults(tx, action, done);
    await chargeRenders(tx, action, done);
  },

  async finish(ctx, action) {
    taskCaches.delete(action.id);
    for (const projectId of await tierTwoProjectsOf(ctx.db, action))
      await refreshTier2Counts(ctx.db, projectId);
    await refreshDeadFeedsOfTask(ctx.db, action);
  },
};
