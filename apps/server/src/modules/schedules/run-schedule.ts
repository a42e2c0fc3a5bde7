import { ActionCode, isLocale, ScheduleAction } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { startAction } from '../actions/actions.service.ts';
import { selectionFromQuery } from '../actions/selection.ts';
import { notify, publishActionCount } from '../notifications/notifications.service.ts';
import { runContext, type Schedule } from './schedules.queries.ts';

export type RunResult = 'started' | 'noCredits' | 'alreadyRunning' | 'noLinks' | 'noProvider' | 'gone';

/** The task each schedule action starts (spec point 9). */
const TASK_OF: Record<number, number> = {
  [ScheduleAction.AutoCheckIndexing]: ActionCode.CheckIndexing,
  [ScheduleAction.AutoCheckBacklinks]: ActionCode.CheckBacklinks,
};

/**
 * Starts a claimed schedule's task, charged like a manual start. A short balance becomes a notice to
 * the user instead of a task; a task still running, or a campaign without links, is skipped quietly
 * (the next run tries again).
 */
export async function runSchedule(ctx: AppContext, schedule: Schedule): Promise<RunResult> {
  const action = TASK_OF[schedule.actionId];
  const context = await runContext(ctx.db, schedule);
  if (!context || action === undefined) return 'gone';
  try {
    await startAction(ctx, {
      userId: schedule.userId,
      action,
      selection: selectionFromQuery(schedule.userId, { campaign: String(schedule.campaignId) }),
      filters: { campaign: schedule.campaignId },
      isAutostart: true,
      scheduleId: schedule.id,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.message === 'tasks.errors.insufficientBalance') {
      const locale = isLocale(context.locale) ? context.locale : 'en';
      await notify(ctx, {
        userId: schedule.userId,
        type: 'warning',
        message: translate(locale, 'tasks.notifications.scheduleNoCredits', {
          action: translate(locale, `tasks.actions.${action}`),
          campaign: context.campaignName,
        }),
      });
      return 'noCredits';
    }
    if (error.message === 'tasks.errors.alreadyRun') return 'alreadyRunning';
    if (error.message === 'tasks.errors.alreadyStarted') return 'alreadyRunning';
    if (error.message === 'tasks.errors.noLinks') return 'noLinks';
    if (error.message.startsWith('tasks.errors.noProvider.')) {
      ctx.log.info({ scheduleId: schedule.id }, 'scheduled task skipped: its provider is not configured');
      return 'noProvider';
    }
    throw error;
  }
  await publishActionCount(ctx, schedule.userId);
  return 'started';
}
