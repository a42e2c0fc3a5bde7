import { normalizeUrl } from '@linkwatch/checker';
import { Tier } from '@linkwatch/shared';
import type { Queryable } from '../../../db/client.ts';
import type { ActionRow } from '../types.ts';
import {
  listTierOnePages,
  listTierTwoBacklinks,
  listTierTwoProjectsOfItems,
  writeTier2Counts,
} from './check-backlinks.queries.ts';

/**
 * `countBacklinksT2` of a project's tier 1 pages: how many of its active tier 2 links carry a
 * backlink to each (the href and the page compared as the checker compares them). Written when a
 * check of tier 2 links ends, for every tier 1 page of the project at once.
 */
export async function refreshTier2Counts(db: Queryable, projectId: number) {
  const tierOne = await listTierOnePages(db, { projectId });
  if (tierOne.length === 0) return;
  const pageOf = new Map(tierOne.map((page) => [normalizeUrl(page.url), page.id]));
  const pointing = await listTierTwoBacklinks(db, { projectId });
  const sources = new Map<number, Set<number>>();
  for (const { linkId, href } of pointing) {
    const page = pageOf.get(normalizeUrl(href));
    if (page === undefined) continue;
    sources.set(page, (sources.get(page) ?? new Set()).add(linkId));
  }
  const counts = tierOne.map((page) => ({ id: page.id, count: sources.get(page.id)?.size ?? 0 }));
  await writeTier2Counts(db, counts);
}

/** The projects whose tier 2 links a check went through: its campaign's, or those of the links picked. */
export async function tierTwoProjectsOf(db: Queryable, action: ActionRow): Promise<number[]> {
  if (action.campaignId !== null)
    return action.tier === Tier.Two && action.projectId !== null ? [action.projectId] : [];
  return listTierTwoProjectsOfItems(db, { actionId: action.id });
}
