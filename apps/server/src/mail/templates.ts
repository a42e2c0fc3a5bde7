import { type Locale, languageTag } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { MailMessage } from './mailer.ts';

type ActionMail = 'confirmEmail' | 'confirmNewEmail' | 'resetPassword' | 'accountExists' | 'teamInvitation';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail with one call to action, in the recipient's language. */
export function actionMail(params: {
  kind: ActionMail;
  locale: Locale;
  to: string;
  name: string;
  url: string;
  /** Values the body names (an invitation's account). */
  params?: Record<string, string>;
}): MailMessage {
  const t = (key: string, p?: Record<string, string>) => translate(params.locale, `mail.${key}`, p);
  const greeting = t('greeting', { name: params.name });
  const body = t(`${params.kind}.body`, params.params);
  const action = t(`${params.kind}.action`);
  const text = [greeting, '', body, '', `${action}: ${params.url}`, '', t('signature')].join('\n');
  const html = `<!doctype html><html lang="${languageTag(params.locale)}"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(params.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#64748b;font-size:13px">${escapeHtml(t('linkHint'))}<br>${escapeHtml(params.url)}</p>
<p>${escapeHtml(t('signature'))}</p></body></html>`;
  return { to: params.to, subject: t(`${params.kind}.subject`), text, html };
}
