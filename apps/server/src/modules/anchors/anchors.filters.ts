import { type AnchorFilters, LinkListType } from '@linkwatch/shared';
import { and, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.ts';
import { backlinks, links } from '../../db/schema/index.ts';

/** The user's active links of the project, campaign and tier asked for. */
export function anchorLinkScope(params: {
  userId: number;
  filters: AnchorFilters;
  ignoreTier?: boolean;
}): SQL {
  const f = params.filters;
  return and(
    eq(links.userId, params.userId),
    eq(links.listType, LinkListType.Active),
    f.project !== undefined ? eq(links.projectId, f.project) : undefined,
    f.campaign !== undefined ? eq(links.campaignId, f.campaign) : undefined,
    f.tier !== undefined && !params.ignoreTier ? eq(links.tier, f.tier) : undefined,
  ) as SQL;
}

/** A WHERE over `backlinks` joined to `links`, scoped to the owner on both tables. */
export function anchorWhere(params: { userId: number; filters: AnchorFilters; ignoreTier?: boolean }): SQL {
  const f = params.filters;
  return and(
    eq(backlinks.userId, params.userId),
    anchorLinkScope(params),
    f.query ? ilike(backlinks.anchor, `%${escapeLike(f.query)}%`) : undefined,
    f.anchor !== undefined ? eq(backlinks.anchor, f.anchor) : undefined,
    f.anchorId !== undefined ? sql`md5(${backlinks.anchor}) = ${f.anchorId}` : undefined,
  ) as SQL;
}
