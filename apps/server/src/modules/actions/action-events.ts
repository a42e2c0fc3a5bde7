import { type Locale, TaskStatus } from '@linkwatch/shared';
import { formatNumber, translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { notify, publishActionCount } from '../notifications/notifications.service.ts';
import { queueTaskEvents } from '../webhooks/task-events.ts';
import { countNewReports, findUserLocale } from './actions.queries.ts';
import { taskCache } from './task-cache.ts';
import type { ActionRow, WorkerHooks } from './types.ts';

/** spec point 9: progress bars are throttled to one update per 200 ms. */
export const PROGRESS_THROTTLE_MS = 200;

export function newReportCount(ctx: Pick<AppContext, 'db'>, userId: number) {
  return countNewReports(ctx.db, { userId });
}

export type FinishedListener = (action: ActionRow) => Promise<void>;

/** What the user sees of a task's life: throttled progress, a notice when it ends, live counters. */
export function actionEventHooks(ctx: AppContext, extraOnFinished: FinishedListener[] = []): WorkerHooks {
  // A task cancelled at once by the API ends without onFinished here: bounded like the handlers' caches.
  const lastSent = taskCache<{ at: number }>();
  return {
    onProgress(action) {
      const now = Date.now();
      const sent = lastSent.get(action.id, () => ({ at: 0 }));
      if (now - sent.at < PROGRESS_THROTTLE_MS) return;
      sent.at = now;
      void ctx.events.publish({ userId: action.userId, event: 'ActionProgress', data: progressOf(action) });
    },
    async onFinished(action) {
      lastSent.delete(action.id);
      await ctx.events.publish({ userId: action.userId, event: 'ActionProgress', data: progressOf(action) });
      const locale = ((await findUserLocale(ctx.db, { userId: action.userId })) ?? 'en') as Locale;
      const actionName = translate(locale, `tasks.actions.${action.actionId}`);
      const failed = action.statusId === TaskStatus.Fail;
      await notify(ctx, {
        userId: action.userId,
        type: failed ? 'error' : 'success',
        message: translate(locale, failed ? 'tasks.notifications.failed' : 'tasks.notifications.finished', {
          action: actionName,
          count: action.totalCount,
          success: formatNumber(locale, action.currentCount),
          total: formatNumber(locale, action.totalCount),
        }),
        props: [{ actionName, actionId: action.id }],
      });
      await publishActionCount(ctx, action.userId);
      if (action.hasNewReport) {
        await ctx.events.publish({
          userId: action.userId,
          event: 'NewReportCount',
          data: { count: await newReportCount(ctx, action.userId) },
        });
      }
      await queueTaskEvents(ctx, action);
      for (const listener of extraOnFinished) await listener(action);
    },
  };
}

function progressOf(action: ActionRow) {
  return {
    id: action.id,
    statusId: action.statusId,
    totalCount: action.totalCount,
    currentCount: action.currentCount,
    successCount: action.successCount,
    errorCount: action.errorCount,
  };
}
