import { ActionCode } from '@linkwatch/shared';
import type { DomainFigures } from '../../../providers/authority/index.ts';
import { itemUrls } from '../item-links.ts';
import { taskCache } from '../task-cache.ts';
import { type TaskFilters, ZTaskFilters } from '../task-filters.ts';
import type { ActionHandler, ActionRow, ClaimedItem, ItemOutcome, WorkerContext } from '../types.ts';
import { applyAuthority } from './check-authority.queries.ts';
import { type AuthorityResult, domainOf, lookUpAll, type Merged } from './figures.ts';

const RETRY_AFTER_MS = 30_000;

/** A domain is asked about once per task, however many of the task's links it gives. */
const taskDomains = taskCache<Map<string, Merged<DomainFigures>>>();

/**
 * Action 4, check authority ("trust"): asks every configured authority service about each link's
 * page and its donor domain, and keeps what they answered on the link (pa) and the Domain row.
 */
export const checkAuthorityHandler: ActionHandler<AuthorityResult, TaskFilters> = {
  code: ActionCode.CheckTrust,
  provider: 'authority',
  batchSize: 100,
  leaseSeconds: 120,
  maxAttempts: 3,
  filters: ZTaskFilters,
  leavesOutDeadFeeds: true,

  async process(ctx: WorkerContext, { action }: { action: ActionRow }, items: ClaimedItem[]) {
    const urlOf = await itemUrls(ctx, action, items);
    const known = taskDomains.get(action.id, () => new Map<string, Merged<DomainFigures>>());
    const pages = [...new Set(urlOf.values())];
    const domains = [...new Set(pages.map(domainOf))].filter((d): d is string => d !== null && !known.has(d));
    const looked = await lookUpAll(ctx.providers.authority.adapters, { domains, pages });
    for (const [domain, merged] of looked.domains) if (merged.kind === 'figures') known.set(domain, merged);

    return items.map((item): ItemOutcome<AuthorityResult> => {
      const url = item.linkId === null ? undefined : urlOf.get(item.linkId);
      const domain = url && domainOf(url);
      if (!url || !domain) return { itemId: item.id, kind: 'failed', error: 'link no longer exists' };
      const ofDomain = known.get(domain) ?? looked.domains.get(domain);
      const ofPage = looked.pages.get(url);
      const result: AuthorityResult = {
        domain,
        domainFigures: ofDomain?.kind === 'figures' ? ofDomain : null,
        pageFigures: ofPage?.kind === 'figures' ? ofPage : null,
      };
      if (result.domainFigures || result.pageFigures) {
        return { itemId: item.id, kind: 'done', linkId: item.linkId, error: null, result };
      }
      const failure = [ofDomain, ofPage].find((m) => m?.kind === 'unknown');
      const message = failure?.kind === 'unknown' ? failure.message : 'no authority service answered';
      if (
        failure?.kind === 'unknown' &&
        failure.transient &&
        item.attempts < checkAuthorityHandler.maxAttempts
      ) {
        return {
          itemId: item.id,
          kind: 'retry',
          error: message,
          retryAfterMs: failure.retryAfterMs || RETRY_AFTER_MS,
        };
      }
      return { itemId: item.id, kind: 'failed', error: message };
    });
  },

  applyBatch: (tx, { action }, done) => applyAuthority(tx, action, done),

  finish(_ctx, action) {
    taskDomains.delete(action.id);
  },
};
