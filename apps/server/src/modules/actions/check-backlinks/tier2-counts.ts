import { normalizeUrl } from '@linkwatch/checker';
import { LinkListType, Tier } from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { jsonRows } from '../../../db/bulk.ts';
import type { Queryable } from '../../../db/client.ts';
import { actionItems, backlinks, links } from '../../../db/schema/index.ts';
import type { ActionRow } from '../types.ts';

/**
 * `countBacklinksT2` of a project's tier 1 pages: how many of its active tier 2 links carry a
 * backlink to each (the href and the page compared as the checker compares them). Written when a
 * check of tier 2 links ends, for every tier 1 page of the project at once.
 */
export async function refreshTier2Counts(db: Queryable, projectId: number) {
  const tierOne = await db
    .select({ id: links.id, url: links.url })
    .from(links)
    .where(and(eq(links.projectId, projectId), eq(links.tier, Tier.One)));
  if (tierOne.length === 0) return;
  const pageOf = new Map(tierOne.map((page) => [normalizeUrl(page.url), page.id]));
  const pointing = await db
    .selectDistinct({ linkId: backlinks.linkId, href: backlinks.href })
    .from(backlinks)
    .innerJoin(links, eq(links.id, backlinks.linkId))
    .where(
      and(eq(links.projectId, projectId), eq(links.tier, Tier.Two), eq(links.listType, LinkListType.Active)),
    );
  const sources = new Map<number, Set<number>>();
  for (const { linkId, href } of pointing) {
    const page = pageOf.get(normalizeUrl(href));
    if (page === undefined) continue;
    sources.set(page, (sources.get(page) ?? new Set()).add(linkId));
  }
  const counts = tierOne.map((page) => ({ id: page.id, count: sources.get(page.id)?.size ?? 0 }));
  await db.execute(sql`
    update ${links} set count_backlinks_t2 = v.count
    from ${jsonRows(counts, { id: 'int', count: 'int' })}
    where ${links.id} = v.id and ${links.countBacklinksT2} is distinct from v.count`);
}

/** The projects whose tier 2 links a check went through: its campaign's, or those of the links picked. */
export async function tierTwoProjectsOf(db: Queryable, action: ActionRow): Promise<number[]> {
  if (action.campaignId !== null)
    return action.tier === Tier.Two && action.projectId !== null ? [action.projectId] : [];
  const rows = await db
    .selectDistinct({ projectId: links.projectId })
    .from(actionItems)
    .innerJoin(links, eq(links.id, actionItems.linkId))
    .where(and(eq(actionItems.actionId, action.id), eq(links.tier, Tier.Two)));
  return rows.map((r) => r.projectId);
}
