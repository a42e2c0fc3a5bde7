import { ALERT_EVENTS, type AlertEvent, type Locale } from '@linkwatch/shared';
import { formatNumber, translate } from '@linkwatch/shared/i18n';
import type { AlertPayload, DigestPayload, EventSummary } from './evaluate.ts';

/** A message in the recipient's language: one block per project and task, with links into the app. */
export interface RenderedAlert {
  subject: string;
  blocks: {
    heading: string;
    link: { url: string; label: string };
    lines: { text: string; urls: string[] }[];
  }[];
  settings: { url: string; label: string };
}

const isDigest = (payload: AlertPayload | DigestPayload): payload is DigestPayload => 'entries' in payload;

export function renderAlert(params: {
  payload: AlertPayload | DigestPayload;
  locale: Locale;
  appUrl: string;
}): RenderedAlert {
  const { locale, appUrl } = params;
  const entries = isDigest(params.payload) ? params.payload.entries : [params.payload];
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(locale, `alerts.message.${key}`, values);
  const page = `${appUrl}/${locale}`;
  const blocks = entries.map((entry) => {
    const project = entry.projectName ?? t('noProject');
    const task = entry.actionCode === null ? '' : translate(locale, `tasks.actions.${entry.actionCode}`);
    const report = new URLSearchParams({
      project: String(entry.projectId ?? ''),
      action: String(entry.actionId ?? ''),
    });
    return {
      heading: t('heading', { project, task }),
      link: { url: `${page}/report?${report}`, label: t('openReport') },
      lines: ALERT_EVENTS.filter((event) => entry.events[event]).map((event) =>
        lineOf({ event, summary: entry.events[event] as EventSummary, locale, t }),
      ),
    };
  });
  const first = entries[0];
  const subject = isDigest(params.payload)
    ? t('digestSubject', { count: formatNumber(locale, entries.length) })
    : t('subject', { project: first?.projectName ?? t('noProject') });
  const settingsUrl = first?.projectId ? `${page}/alerts/${first.projectId}` : `${page}/`;
  return { subject, blocks, settings: { url: settingsUrl, label: t('settings') } };
}

function lineOf(params: {
  event: AlertEvent;
  summary: EventSummary;
  locale: Locale;
  t: (key: string, values?: Record<string, string | number>) => string;
}) {
  const { event, summary, locale, t } = params;
  const text = t(`events.${event}`, { value: formatNumber(locale, summary.count) });
  const more = summary.count - summary.samples.length;
  const urls = summary.samples.map((s) => s.url);
  if (more > 0 && urls.length > 0) urls.push(t('more', { value: formatNumber(locale, more) }));
  return { text, urls };
}

// --- each channel's format ----------------------------------------------------------------------------

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Slack mrkdwn: &, < and > are its control characters. */
const escapeSlack = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const isUrl = (s: string) => /^https?:\/\//.test(s);

/** Telegram allows 4,096 characters a message. */
export const TELEGRAM_MAX_CHARS = 4096;

/** Telegram's HTML parse mode (https://core.telegram.org/bots/api#html-style). */
export function toTelegramHtml(alert: RenderedAlert): string {
  const parts = alert.blocks.map((block) =>
    [
      `<b>${escapeHtml(block.heading)}</b>`,
      ...block.lines.flatMap((line) => [
        `• ${escapeHtml(line.text)}`,
        ...line.urls.map((url) => `   ${escapeHtml(url)}`),
      ]),
      `<a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a>`,
    ].join('\n'),
  );
  const footer = `<a href="${escapeHtml(alert.settings.url)}">${escapeHtml(alert.settings.label)}</a>`;
  let text = `${parts.join('\n\n')}\n\n${footer}`;
  // A long digest keeps its first projects whole and its footer.
  while (text.length > TELEGRAM_MAX_CHARS && parts.length > 1) {
    parts.pop();
    text = `${parts.join('\n\n')}\n…\n\n${footer}`;
  }
  return text.length > TELEGRAM_MAX_CHARS ? `${text.slice(0, TELEGRAM_MAX_CHARS - 1)}…` : text;
}

/** Slack's incoming-webhook payload: `text` for notifications, blocks for the message. */
export function toSlack(alert: RenderedAlert): { text: string; blocks: unknown[] } {
  const blocks = alert.blocks.flatMap((block) => [
    { type: 'header', text: { type: 'plain_text', text: block.heading.slice(0, 150) } },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: block.lines
          .map((line) =>
            [
              `• ${escapeSlack(line.text)}`,
              ...line.urls.map((u) => (isUrl(u) ? `    <${u}>` : `    ${escapeSlack(u)}`)),
            ].join('\n'),
          )
          .join('\n')
          .slice(0, 3000),
      },
    },
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `<${block.link.url}|${escapeSlack(block.link.label)}>` }],
    },
  ]);
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `<${alert.settings.url}|${escapeSlack(alert.settings.label)}>` }],
  });
  // Slack takes 50 blocks a message.
  return { text: escapeSlack(alert.subject), blocks: blocks.slice(0, 50) };
}

export function toMail(alert: RenderedAlert): { subject: string; text: string; html: string } {
  const text = [
    ...alert.blocks.map((block) =>
      [
        block.heading,
        ...block.lines.flatMap((l) => [`- ${l.text}`, ...l.urls.map((u) => `  ${u}`)]),
        `${block.link.label}: ${block.link.url}`,
      ].join('\n'),
    ),
    `${alert.settings.label}: ${alert.settings.url}`,
  ].join('\n\n');
  const html = [
    ...alert.blocks.map(
      (block) =>
        `<h3>${escapeHtml(block.heading)}</h3><ul>${block.lines
          .map(
            (l) =>
              `<li>${escapeHtml(l.text)}${l.urls.length ? `<br>${l.urls.map(escapeHtml).join('<br>')}` : ''}</li>`,
          )
          .join('')}</ul><p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>`,
    ),
    `<p><a href="${escapeHtml(alert.settings.url)}">${escapeHtml(alert.settings.label)}</a></p>`,
  ].join('');
  return { subject: alert.subject, text, html };
}

/**
 * The `data` of an `alert` webhook event: the same grouped news as the other channels get, both as
 * data (counts and sample links per event) and as the rendered text, in the recipient's language, with
 * the app's links. One entry per project and task (a digest has several).
 */
export function toWebhookData(params: {
  payload: AlertPayload | DigestPayload;
  locale: Locale;
  appUrl: string;
}) {
  const alert = renderAlert(params);
  const digest = isDigest(params.payload);
  const entries = digest ? (params.payload as DigestPayload).entries : [params.payload as AlertPayload];
  return {
    mode: digest ? 'digest' : 'immediate',
    language: params.locale,
    subject: alert.subject,
    alerts: entries.map((entry, i) => ({
      project: { id: entry.projectId, name: entry.projectName },
      rule: entry.rule ?? null,
      task: entry.actionId === null ? null : { id: entry.actionId, action: entry.actionCode },
      events: entry.events,
      ...(entry.balance === undefined ? {} : { balance: entry.balance }),
      message: {
        heading: alert.blocks[i]?.heading ?? '',
        lines: alert.blocks[i]?.lines ?? [],
      },
      links: {
        report: alert.blocks[i]?.link.url ?? null,
        settings: entry.projectId ? `${params.appUrl}/${params.locale}/alerts/${entry.projectId}` : null,
      },
    })),
    links: { settings: alert.settings.url },
  };
}
