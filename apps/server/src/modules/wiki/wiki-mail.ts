import { isLocale, type Locale } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { API_PREFIX } from '../../http/prefix.ts';
import { ONE_CLICK_PATH } from '../mailings/mailings.routes.ts';
import { issueToken } from '../mailings/unsubscribe-token.ts';
import { articlePath } from './wiki.presenter.ts';
import { claimWikiMails, groupVersions, markWikiMailSent } from './wiki.queries.ts';
import { plainText } from './wiki.render.ts';

/** Publication mails sent per batch (each batch one transaction holding its rows). */
export const WIKI_MAIL_BATCH = 50;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Sends the queued publication mails (queued once per article group and recipient, so pressing
 * publish twice mails once), a batch at a time, each in the recipient's language when the article
 * has that version, with a one-click unsubscribe (List-Unsubscribe). A mail that fails stays queued
 * for the next round. Answers how many were sent.
 */
export async function sendWikiMails(ctx: AppContext, batch = WIKI_MAIL_BATCH): Promise<number> {
  let sent = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const rows = await claimWikiMails(tx, batch);
      let n = 0;
      const versions = new Map<string, Awaited<ReturnType<typeof groupVersions>>>();
      for (const row of rows) {
        if (!versions.has(row.groupKey)) versions.set(row.groupKey, await groupVersions(tx, row.groupKey));
        const all = versions.get(row.groupKey) ?? [];
        const locale: Locale = isLocale(row.locale) ? row.locale : 'en';
        const article = all.find((a) => a.locale === locale) ?? all.find((a) => a.locale === 'en') ?? all[0];
        if (!article || !row.wiki) {
          // Unpublished since, or the recipient switched wiki mail off: nothing to send, ever.
          await markWikiMailSent(tx, row.groupKey, row.mailingId);
          continue;
        }
        const mailLocale: Locale = isLocale(article.locale) ? article.locale : 'en';
        const token = await issueToken(tx, row.mailingId);
        const { appUrl } = ctx.config;
        const link = `${appUrl}${encodeURI(articlePath(article))}`;
        const typed = new URLSearchParams({ token, type: 'wiki' });
        const unsubscribe = `${appUrl}/${mailLocale}/unsubscribe?${typed}`;
        const oneClick = `${appUrl}${API_PREFIX}${ONE_CLICK_PATH}?${typed}`;
        const t = (key: string, params?: Record<string, string>) => translate(mailLocale, key, params);
        const summary = article.description || plainText(article.content, 300);
        try {
          await ctx.mailer.send({
            to: row.email,
            subject: t('wiki.mail.subject', { title: article.title }),
            text: `${t('wiki.mail.intro')}\n\n${article.title}\n${summary}\n\n${t('wiki.mail.read')}: ${link}\n\n${t('wiki.mail.why')}\n${t('wiki.mail.unsubscribe')}: ${unsubscribe}\n`,
            html: `<p>${esc(t('wiki.mail.intro'))}</p><h2>${esc(article.title)}</h2><p>${esc(summary)}</p><p><a href="${esc(link)}">${esc(t('wiki.mail.read'))}</a></p><hr><p style="color:#64748b;font-size:12px">${esc(t('wiki.mail.why'))} <a href="${esc(unsubscribe)}">${esc(t('wiki.mail.unsubscribe'))}</a></p>`,
            headers: {
              'List-Unsubscribe': `<${oneClick}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          });
        } catch (err) {
          ctx.log.error({ err, mailingId: row.mailingId }, 'wiki mail not sent');
          continue;
        }
        await markWikiMailSent(tx, row.groupKey, row.mailingId);
        n += 1;
      }
      return { claimed: rows.length, n };
    });
    sent += done.n;
    if (done.claimed < batch || done.n === 0) return sent;
  }
}

/** The worker's loop: queued publication mails go out every `everyMs`. */
export function startWikiMailer(ctx: AppContext, everyMs = 15_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendWikiMails(ctx)
      .catch((err) => ctx.log.error({ err }, 'wiki mails failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
