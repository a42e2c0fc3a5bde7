import { TaskStatus } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { taskChanges } from './webhooks.queries.ts';
import { queueWebhookEvent } from './webhooks.service.ts';

/** Links one `link.changed` event carries; a bigger task's event says how many more there were. */
const CHANGED_LINKS_MAX = 1000;

interface FinishedTask {
  id: number;
  userId: number;
  actionId: number;
  statusId: number;
  projectId: number | null;
  campaignId: number | null;
  totalCount: number;
  successCount: number;
  errorCount: number;
  hasNewReport: boolean;
}

/**
 * A task that reached Done or Fail: `task.finished`; and when its check changed links, one
 * `report.created` (with the report's address in the app) and one `link.changed` grouping every
 * changed link of the task (not one event per link).
 */
export async function queueTaskEvents(ctx: Pick<AppContext, 'db' | 'config'>, task: FinishedTask) {
  if (task.statusId !== TaskStatus.Done && task.statusId !== TaskStatus.Fail) return;
  const taskData = {
    taskId: task.id,
    action: task.actionId,
    status: task.statusId === TaskStatus.Done ? 'done' : 'fail',
    projectId: task.projectId,
    campaignId: task.campaignId,
    total: task.totalCount,
    succeeded: task.successCount,
    failed: task.errorCount,
  };
  await queueWebhookEvent(ctx.db, { userId: task.userId, type: 'task.finished', data: taskData });
  if (!task.hasNewReport) return;
  const { rows, changes, total } = await taskChanges(ctx.db, {
    userId: task.userId,
    actionId: task.id,
    limit: CHANGED_LINKS_MAX,
  });
  if (total === 0) return;
  const query = new URLSearchParams({
    ...(task.projectId ? { project: String(task.projectId) } : {}),
    ...(task.campaignId ? { campaign: String(task.campaignId) } : {}),
  });
  await queueWebhookEvent(ctx.db, {
    userId: task.userId,
    type: 'report.created',
    data: {
      taskId: task.id,
      projectId: task.projectId,
      campaignId: task.campaignId,
      changedLinks: total,
      url: `${ctx.config.appUrl}/report?${query}`,
    },
  });
  await queueWebhookEvent(ctx.db, {
    userId: task.userId,
    type: 'link.changed',
    data: {
      taskId: task.id,
      total,
      truncated: total > rows.length,
      links: rows.map((row) => ({
        linkId: row.linkId,
        url: row.url,
        projectId: row.projectId,
        campaignId: row.campaignId,
        changes: changes
          .filter((c) => c.reportLinkId === row.reportLinkId)
          .map((c) => ({ type: c.type, old: c.old, new: c.new })),
      })),
    },
  });
}
