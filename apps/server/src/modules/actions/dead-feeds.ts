import type { Queryable } from '../../db/client.ts';
import { refreshDeadFeeds } from '../tiers/dead-feeds.ts';
import { feedsDeadTierOne } from '../tiers/tiers.queries.ts';
import { listProjectsOfTask } from './actions.queries.ts';
import type { ActionRow, LeaveOutRule } from './types.ts';

/**
 * Once a check has changed what is known of a task's pages (tier 1 pages dying or recovering, tier 2
 * pages linking elsewhere), the "feeds a dead tier 1 page" flags of its projects follow (issue 31).
 */
export async function refreshDeadFeedsOfTask(db: Queryable, action: ActionRow) {
  for (const projectId of await listProjectsOfTask(db, action)) await refreshDeadFeeds(db, projectId);
}

/**
 * A paid task leaves out the selected tier 2 links that feed a dead tier 1 page, last (a link left out
 * for another reason is counted there), unless the start asked to include them.
 */
export const deadFeedRule: LeaveOutRule = { reason: 'deadTierOne', where: feedsDeadTierOne };
