import { ActionCode } from '@linkwatch/shared';
import { z } from 'zod';
import { readyIndexNowKey } from '../../index-now/index-now.service.ts';
import { ZTaskFilters } from '../task-filters.ts';
import type { ActionHandler, ActionRow, ClaimedItem, ItemOutcome, WorkerContext } from '../types.ts';
import { applySentPages, indexingLeaveOutRules, listPages, type SentResult } from './add-to-index.queries.ts';
import { combineOwnSite, type SendVerdict, sendToDonorServices, sendToOwnSiteServices } from './send.ts';

/** A service that failed without saying when to come back is asked again this long after. */
const RETRY_AFTER_MS = 60_000;

/** The drip feed: the days the pages are spread over (the spec advises at least 2). */
export const ZIndexingFilters = ZTaskFilters.extend({
  days: z.coerce.number().int().min(1).max(14).default(1),
});
type IndexingFilters = z.infer<typeof ZIndexingFilters>;

/**
 * Action 3, add to index: sends donor pages to the indexer services and pages of the user's own
 * sites to IndexNow and Google's Indexing API. Pages that cannot be indexed are left out before
 * charging (indexingLeaveOutRules); a page a service took is re-checked N days later and refunded when it is
 * still not indexed (recheck.ts).
 */
export const addToIndexHandler: ActionHandler<SentResult, IndexingFilters> = {
  code: ActionCode.AddToIndex,
  provider: 'indexing',
  // One request to a service carries a whole batch (SpeedyIndex and Rapid URL Indexer take thousands).
  batchSize: 500,
  leaseSeconds: 300,
  // Google's daily quota carries pages to the next day once per try: a month of days at most.
  maxAttempts: 30,
  filters: ZIndexingFilters,
  leaveOut: (providers) => indexingLeaveOutRules(providers),
  leavesOutDeadFeeds: true,
  dripDays: (filters) => filters.days,

  async process(ctx: WorkerContext, { action }: { action: ActionRow }, items: ClaimedItem[]) {
    const pages = await pagesOf(ctx, action, items);
    const { adapters, refundAfterMs } = ctx.providers.indexing;
    const title = `Linkwatch task ${action.id}`;
    const donor = [...pages.values()].filter((p) => !p.ownSite);
    const own = [...pages.values()].filter((p) => p.ownSite);
    const tookOf = new Map(items.map((item) => [item.linkId, servicesThatTookIt(item.lastError)]));
    const ownByUrl = new Map(own.map((p) => [p.url, p]));
    const projectOfHost = new Map(own.map((p) => [new URL(p.url).hostname, p.projectId]));
    const [donorVerdicts, ownVerdicts] = await Promise.all([
      sendToDonorServices(
        adapters.filter((a) => a.kind === 'donor'),
        donor.map((p) => p.url),
        title,
      ),
      sendToOwnSiteServices(
        adapters.filter((a) => a.kind === 'own-site'),
        own.map((p) => ({ url: p.url, host: new URL(p.url).hostname })),
        {
          keyFor: (host) => readyIndexNowKey(ctx, { projectId: projectOfHost.get(host) ?? 0, host }),
          alreadyTookIt: (url) => tookOf.get(ownByUrl.get(url)?.linkId ?? null) ?? [],
        },
      ),
    ]);
    const recheckAt = new Date(Date.now() + refundAfterMs);
    return items.map((item): ItemOutcome<SentResult> => {
      const page = item.linkId === null ? undefined : pages.get(item.linkId);
      if (!page) return { itemId: item.id, kind: 'failed', error: 'link no longer exists' };
      const verdict = page.ownSite
        ? combineOwnSite(ownVerdicts.get(page.url) ?? [])
        : (donorVerdicts.get(page.url) ?? noAnswer);
      if (verdict.kind === 'accepted') {
        return {
          itemId: item.id,
          kind: 'done',
          linkId: item.linkId,
          error: null,
          result: { provider: verdict.provider, recheckAt },
        };
      }
      if (verdict.transient && item.attempts < addToIndexHandler.maxAttempts) {
        const took = page.ownSite ? acceptedBy(ownVerdicts.get(page.url) ?? []) : [];
        return {
          itemId: item.id,
          kind: 'retry',
          error: withServicesThatTookIt(took, verdict.message),
          retryAfterMs: verdict.retryAfterMs ?? RETRY_AFTER_MS,
        };
      }
      return { itemId: item.id, kind: 'failed', error: verdict.message };
    });
  },

  applyBatch: (tx, { action }, done) => applySentPages(tx, action, done),
};

const noAnswer: SendVerdict = { kind: 'failed', transient: true, message: 'no indexing service answered' };

interface Page {
  linkId: number;
  url: string;
  projectId: number;
  ownSite: boolean;
}

/** The batch's pages, by link id: only the task owner's, so a deleted link is simply absent. */
async function pagesOf(ctx: WorkerContext, action: ActionRow, items: ClaimedItem[]) {
  const ids = items.map((i) => i.linkId).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map<number, Page>();
  const rows = await listPages(ctx.db, { userId: action.userId, ids });
  return new Map(rows.map((row) => [row.linkId, row]));
}

const acceptedBy = (verdicts: SendVerdict[]) =>
  verdicts.flatMap((v) => (v.kind === 'accepted' ? [v.provider] : []));

/**
 * A retried own-site page remembers, in its item's error, the services that already took it
 * ("took:indexnow · google: today's quota is used up"), so the next day only the others are asked.
 */
const TOOK = /^took:([a-z+]+) · /;

function withServicesThatTookIt(services: string[], message: string): string {
  return services.length > 0 ? `took:${services.join('+')} · ${message}` : message;
}

function servicesThatTookIt(lastError: string | null): string[] {
  return lastError?.match(TOOK)?.[1].split('+') ?? [];
}
