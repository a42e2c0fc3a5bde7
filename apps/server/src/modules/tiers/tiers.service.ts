import { WASTED_TIER_TWO_DAYS } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { ownsProject, wastedTierTwo } from './tiers.queries.ts';

/** What the project's tier 2 links that feed dead tier 1 pages cost over the last month (issue 31). */
export async function wastedTierTwoOf(ctx: AppContext, params: { userId: number; projectId: number }) {
  if (!(await ownsProject(ctx.db, params))) throw notFound();
  const wasted = await wastedTierTwo(ctx.db, { ...params, days: WASTED_TIER_TWO_DAYS });
  return {
    links: wasted.links,
    days: WASTED_TIER_TWO_DAYS,
    checkCost: wasted.checkCost,
    indexCost: wasted.indexCost,
    cost: wasted.checkCost + wasted.indexCost,
    costWhileFlagged: wasted.costWhileFlagged,
  };
}
