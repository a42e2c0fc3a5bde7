import { ActionCode, isLocale, ScheduleAction } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { startAction } from '../actions/actions.service.ts';
import { selectionFromQuery } from '../actions/selection.ts';
import { notify, publishActionCount } from '../notifications/notifications.service.ts';
import { runContext, type Schedule } from './schedules.queries.ts';

export type RunResult = 'started' | 'noCredits' | 'alreadyRunning' | 'noLinks' | 'unsupported' | 'gone';

/**
 * Starts a claimed schedule's task, charged like a manual start. A short balance becomes a notice to
 * the user instead of a task; a task still running, or a campaign without links, is skipped quietly
 * (the next run tries again).
 */
export async function runSchedule(ctx: AppContext, schedule: Schedule): Promise<RunResult> {
  if (schedule.actionId !== ScheduleAction.AutoCheckBacklinks) {
    // Auto check indexing needs a search-engine provider, which the product does not have yet.
    ctx.log.info({ scheduleId: schedule.id }, 'scheduled indexing check skipped: no search provider');
    return 'unsupported';
  }
  const context = await runContext(ctx.db, schedule);
  if (!context) return 'gone';
  try {
    await startAction(ctx, {
      userId: schedule.userId,
      action: ActionCode.CheckBacklinks,
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
          action: translate(locale, `tasks.actions.${ActionCode.CheckBacklinks}`),
          campaign: context.campaignName,
        }),
      });
      return 'noCredits';
    }
    if (error.message === 'tasks.errors.alreadyStarted') return 'alreadyRunning';
    if (error.message === 'tasks.errors.noLinks') return 'noLinks';
    throw error;
  }
  await publishActionCount(ctx, schedule.userId);
  return 'started';
}
