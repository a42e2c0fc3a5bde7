import { z } from 'zod';
import { resource, single } from './common.ts';

/** The window `GET projects/{id}/wasted-tier-two` counts spending over, in days ("last month"). */
export const WASTED_TIER_TWO_DAYS = 30;

/**
 * `GET projects/{id}/wasted-tier-two` (issue 31): the project's tier 2 links that feed a dead tier 1
 * page, and the credits charged for them over the last `days` (items a task worked on and kept
 * charged, at the task's price): checks (backlinks, indexing, trust) and indexing requests, with the
 * part spent while a link was already flagged. The resource's id is the project's.
 */
export const ZWastedTierTwoResponse = single(
  resource(
    'wastedTierTwo',
    z.object({
      links: z.number(),
      days: z.number(),
      checkCost: z.number(),
      indexCost: z.number(),
      /** `checkCost + indexCost`. */
      cost: z.number(),
      costWhileFlagged: z.number(),
    }),
  ),
);
export type TWastedTierTwo = z.infer<typeof ZWastedTierTwoResponse>['data']['attributes'];
