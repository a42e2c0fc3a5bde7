import { ActionCode, TaskStatus } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import { actions } from '../../db/schema/index.ts';

/**
 * Action 5 (load links): an upload is stored in one request, so it is recorded as a finished, free task
 * in the same transaction, and shows in the tasks list like any other work done on the user's links.
 */
export async function recordLoadLinks(
  db: Queryable,
  params: {
    userId: number;
    projectId: number;
    campaignId: number;
    tier: number;
    total: number;
    added: number;
    invalid: number;
  },
) {
  const now = new Date();
  await db.insert(actions).values({
    userId: params.userId,
    actionId: ActionCode.LoadLinks,
    statusId: TaskStatus.Done,
    projectId: params.projectId,
    campaignId: params.campaignId,
    tier: params.tier,
    totalCount: params.total,
    currentCount: params.total,
    successCount: params.added,
    errorCount: params.invalid,
    totalErrorCount: params.invalid,
    startedAt: now,
    finishedAt: now,
  });
}
