import {
  BCP47,
  type ChangeWords,
  changeReading,
  type Locale,
  type ReportChangeType,
  TaskStatus,
} from '@linkwatch/shared';
import { formatNumber, translate, translateCount } from '@linkwatch/shared/i18n';
import type { MailMessage } from '../../mail/mailer.ts';
import type { ActionRow } from '../actions/types.ts';
import type { ChangeLine, ReportSummary } from './task-mail.queries.ts';

export interface TaskMailParams {
  locale: Locale;
  to: string;
  action: ActionRow;
  campaign: string;
  project: string;
  /** Present when this recipient gets the summary of changes. */
  report: ReportSummary | null;
  /** Whether the task part (counts and cost) is included. */
  withTask: boolean;
  links: { report: string; unsubscribe: string; unsubscribeAll: string; oneClick: string };
}

/** The words of one mail, before they become text and HTML. */
interface MailContent {
  subject: string;
  paragraphs: string[];
  changes: { heading: string; lines: string[]; more: string | null } | null;
  openReport: string;
  footer: string;
  unsubscribe: string;
  unsubscribeAll: string;
}

/** The mail a report recipient gets when a check task ends, in the account owner's language. */
export function taskMail(params: TaskMailParams): MailMessage {
  const content = taskMailContent(params);
  return {
    to: params.to,
    subject: content.subject,
    text: renderText(content, params.links),
    html: renderHtml(content, params),
    headers: {
      'List-Unsubscribe': `<${params.links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function taskMailContent(params: TaskMailParams): MailContent {
  const t = (key: string, p: Record<string, string | number> = {}) => translate(params.locale, key, p);
  const counted = (key: string, count: number) => translateCount(params.locale, key, count);
  const number = (value: number) => formatNumber(params.locale, value);
  const { action, report } = params;
  const failed = action.statusId === TaskStatus.Fail;
  const names = {
    action: t(`tasks.actions.${action.actionId}`),
    campaign: params.campaign,
    project: params.project,
  };

  const paragraphs = [t(failed ? 'reports.mail.failed' : 'reports.mail.finished', names)];
  if (params.withTask) {
    const processed = t('reports.mail.processed', {
      count: action.totalCount,
      current: number(action.currentCount),
      total: number(action.totalCount),
    });
    const checked = counted('reports.mail.checked', action.successCount);
    const errors = counted('reports.mail.errors', action.totalErrorCount);
    const cost = counted('reports.mail.cost', action.cost);
    paragraphs.push(
      [processed, checked, errors].join(' '),
      action.refunded > 0 ? `${cost} ${counted('reports.mail.refunded', action.refunded)}` : cost,
    );
  }
  if (report)
    paragraphs.push(
      [
        counted('reports.mail.lost', report.lost),
        counted('reports.mail.found', report.found),
        counted('reports.mail.otherChanges', report.other),
      ].join(' '),
    );

  const unlisted = report ? report.total - report.lines.length : 0;
  return {
    subject: report
      ? t('reports.mail.reportSubject', { campaign: params.campaign, lost: report.lost, found: report.found })
      : t(failed ? 'reports.mail.taskFailedSubject' : 'reports.mail.taskSubject', names),
    paragraphs,
    changes: report
      ? {
          heading: t('reports.mail.reportHeading'),
          lines: report.lines.map((line) => changeLine(params.locale, line)),
          more: unlisted > 0 ? counted('reports.mail.more', unlisted) : null,
        }
      : null,
    openReport: t('reports.mail.openReport'),
    footer: t('reports.mail.footer', { email: params.to }),
    unsubscribe: t(report ? 'reports.mail.unsubscribeReport' : 'reports.mail.unsubscribeActions'),
    unsubscribeAll: t('reports.mail.unsubscribeAll'),
  };
}

/** A change as the report page says it (words, not the stored codes). */
function changeLine(locale: Locale, line: ChangeLine): string {
  const label = translate(locale, `reports.changesTypes.${line.changesType}`);
  const words: ChangeWords = {
    t: (key, values) => translate(locale, key, values),
    number: (value) => formatNumber(locale, value),
  };
  const reading = changeReading(words, { ...line, changesType: line.changesType as ReportChangeType });
  const values =
    'sentence' in reading
      ? ` (${reading.sentence})`
      : reading.old !== null || reading.new !== null
        ? ` (${reading.old ?? '—'} → ${reading.new ?? '—'})`
        : '';
  return `${label}: ${line.url}${values}`;
}

function renderText(c: MailContent, links: TaskMailParams['links']): string {
  const changes = c.changes
    ? [c.changes.heading, ...c.changes.lines.map((l) => `- ${l}`), c.changes.more, '']
    : [];
  return [
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...changes,
    `${c.openReport}: ${links.report}`,
    '',
    c.footer,
    `${c.unsubscribe}: ${links.unsubscribe}`,
    `${c.unsubscribeAll}: ${links.unsubscribeAll}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
const link = (href: string, label: string, style = '') =>
  `<a href="${escapeHtml(href)}"${style ? ` style="${style}"` : ''}>${escapeHtml(label)}</a>`;
const BUTTON =
  'display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none';

function renderHtml(c: MailContent, params: TaskMailParams): string {
  const { links } = params;
  const changes = c.changes
    ? `<h3>${escapeHtml(c.changes.heading)}</h3><ul>${c.changes.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` +
      (c.changes.more ? `<p>${escapeHtml(c.changes.more)}</p>` : '')
    : '';
  return `<!doctype html><html lang="${BCP47[params.locale].slice(0, 2)}"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:640px;margin:auto;padding:24px">
${c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${changes}
<p>${link(links.report, c.openReport, BUTTON)}</p>
<p style="color:#64748b;font-size:13px">${escapeHtml(c.footer)}<br>${link(links.unsubscribe, c.unsubscribe)} · ${link(links.unsubscribeAll, c.unsubscribeAll)}</p>
</body></html>`;
}
