import { type TAdminTaskCancelRequest, type TAdminTaskListQuery, TaskStatus } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { cancelActionRows } from '../actions/actions.service.ts';
import { publishActionCount } from '../notifications/notifications.service.ts';
import { insertAudit } from './admin.queries.ts';
import type { Operator } from './admin.service.ts';
import { failedItems, findTask, listTasks, recentWorkers, taskItemCounts } from './admin-tasks.queries.ts';

/** The console's tasks and workers (issue 28): what runs for whom, and who runs it. */

const RUNNING: number[] = [TaskStatus.Waiting, TaskStatus.Process];

export function findTasks(ctx: AppContext, query: TAdminTaskListQuery) {
  return listTasks(ctx.db, query);
}

export async function taskPage(ctx: AppContext, id: number) {
  const found = await findTask(ctx.db, id);
  if (!found) throw notFound();
  const [items, failed] = await Promise.all([taskItemCounts(ctx.db, id), failedItems(ctx.db, id)]);
  return { ...found, items, failed };
}

/**
 * Cancels a customer's waiting or running task with the refund the customer's own cancel gives
 * (the same service), and records it: the status before and after, the refund, the reason.
 * A task that has ended already is refused (422).
 */
export async function cancelTask(
  ctx: AppContext,
  params: Operator & { taskId: number; input: TAdminTaskCancelRequest },
) {
  const userId = await ctx.db.transaction(async (tx) => {
    const before = await findTask(tx, params.taskId);
    if (!before) throw notFound();
    if (!RUNNING.includes(before.task.statusId)) throw new AppError('invalid', 'admin.errors.taskEnded');
    const { userId } = before.task;
    await cancelActionRows(tx, { userId, id: params.taskId });
    const after = (await findTask(tx, params.taskId))!;
    // In the cancel's transaction: a cancel without its audit row (or the reverse) cannot happen.
    await insertAudit(tx, {
      actorId: params.actorId,
      targetUserId: userId,
      kind: 'task.cancel',
      subject: String(params.taskId),
      before: { statusId: before.task.statusId, refunded: before.task.refunded },
      after: {
        statusId: after.task.statusId,
        refunded: after.task.refunded,
        refund: after.task.refunded - before.task.refunded,
        cancelRequested: after.task.cancelRequested,
      },
      reason: params.input.reason,
    });
    return userId;
  });
  await publishActionCount(ctx, userId);
  return taskPage(ctx, params.taskId);
}

export function workers(ctx: AppContext) {
  return recentWorkers(ctx.db);
}
