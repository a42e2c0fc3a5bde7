import { normalizeUrl } from '@linkwatch/checker';
import type { Queryable } from '../../db/client.ts';
import { listTierOneStates, listTierTwoHrefs, writeDeadFeedFlags } from './tiers.queries.ts';

/**
 * Flags the project's tier 2 links that feed only dead tier 1 pages (issue 31), and clears the flag of
 * those whose pages recovered. A tier 2 link feeds the active tier 1 pages its page links to (its
 * backlinks' hrefs, compared as the checker compares them, as `countBacklinksT2` counts them); it is
 * flagged when it feeds at least one and every one it feeds is dead: one live page still makes it worth
 * paying for. The reason is the first dead page's (by id). Called after a check of either tier ends,
 * so the flags follow the pages' last known state; a link that feeds nothing known is not flagged.
 */
export async function refreshDeadFeeds(db: Queryable, projectId: number) {
  const [pages, hrefs] = await Promise.all([
    listTierOneStates(db, { projectId }),
    listTierTwoHrefs(db, { projectId }),
  ]);
  const pageOf = new Map<string, { id: number; reason: string | null }>();
  for (const page of pages) {
    const key = normalizeUrl(page.url);
    if (key !== null && !pageOf.has(key)) pageOf.set(key, page);
  }
  const fed = new Map<number, Map<number, string | null>>();
  for (const { linkId, href } of hrefs) {
    const key = normalizeUrl(href);
    const page = key === null ? undefined : pageOf.get(key);
    if (!page) continue;
    const pagesOfLink = fed.get(linkId) ?? new Map<number, string | null>();
    fed.set(linkId, pagesOfLink.set(page.id, page.reason));
  }
  const flags: { id: number; reason: string }[] = [];
  for (const [id, pagesOfLink] of fed) {
    const reasons = [...pagesOfLink.entries()].sort(([a], [b]) => a - b).map(([, reason]) => reason);
    if (reasons.every((reason) => reason !== null)) flags.push({ id, reason: reasons[0]! });
  }
  await writeDeadFeedFlags(db, { projectId, flags });
}

/**
 * The flags of several projects, each once: after links were moved, deleted, edited or uploaded
 * (issue 31), so a tier 1 page that left or joined the active tier 1 list changes its tier 2 links'
 * flags at once instead of at the next check.
 */
export async function refreshDeadFeedsOf(db: Queryable, projectIds: Iterable<number>) {
  for (const projectId of new Set(projectIds)) await refreshDeadFeeds(db, projectId);
}
