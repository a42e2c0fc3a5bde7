import { ActionCode, type Locale, type MailingFlag, REPORT_MAIL_MAX_LINES } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { API_PREFIX } from '../../http/prefix.ts';
import type { FinishedListener } from '../actions/action-events.ts';
import type { ActionRow } from '../actions/types.ts';
import { type Mailing, taskRecipients } from './mailings.queries.ts';
import { ONE_CLICK_PATH } from './mailings.routes.ts';
import { reportSummary, taskMailContext } from './task-mail.queries.ts';
import { taskMail } from './task-mail.template.ts';
import { issueToken } from './unsubscribe-token.ts';

/**
 * When a check task ends, each report recipient gets one mail: the task's counts and cost when
 * `actions` is on, and the summary of changes when `report` is on and the check found any.
 * A mail that cannot be sent is logged; it never fails the task.
 */
export function taskMailListener(ctx: AppContext): FinishedListener {
  return async (action) => {
    if (action.actionId !== ActionCode.CheckBacklinks) return;
    try {
      await mailRecipients(ctx, action);
    } catch (err) {
      ctx.log.error({ err, actionId: action.id }, 'task mails failed');
    }
  };
}

async function mailRecipients(ctx: AppContext, action: ActionRow) {
  const recipients = await taskRecipients(ctx.db, action.userId);
  if (recipients.length === 0) return;
  const names = await taskMailContext(ctx.db, action);
  const summary = await reportSummary(ctx.db, { actionId: action.id, maxLines: REPORT_MAIL_MAX_LINES });
  for (const recipient of recipients) {
    const report = recipient.report && summary.total > 0 ? summary : null;
    if (!recipient.actions && !report) continue;
    const links = await mailLinks(ctx, {
      recipient,
      locale: names.locale,
      action,
      type: report ? 'report' : 'actions',
    });
    const message = taskMail({
      ...names,
      to: recipient.email,
      action,
      report,
      withTask: recipient.actions,
      links,
    });
    try {
      await ctx.mailer.send(message);
    } catch (err) {
      ctx.log.error({ err, actionId: action.id, mailingId: recipient.id }, 'task mail not sent');
    }
  }
}

/** The report page of this task, and unsubscribe links carrying a fresh token for this one mail. */
async function mailLinks(
  ctx: AppContext,
  params: { recipient: Mailing; locale: Locale; action: ActionRow; type: MailingFlag },
) {
  const { appUrl } = ctx.config;
  const token = await issueToken(ctx.db, params.recipient.id);
  const page = `${appUrl}/${params.locale}`;
  const report = new URLSearchParams({
    project: String(params.action.projectId ?? ''),
    action: String(params.action.id),
  });
  const typed = new URLSearchParams({ token, type: params.type });
  return {
    report: `${page}/report?${report}`,
    unsubscribe: `${page}/unsubscribe?${typed}`,
    unsubscribeAll: `${page}/unsubscribe?${new URLSearchParams({ token })}`,
    oneClick: `${appUrl}${API_PREFIX}${ONE_CLICK_PATH}?${typed}`,
  };
}
