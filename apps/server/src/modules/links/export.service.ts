import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EXPORT_DOWNLOAD_DAYS,
  EXPORT_MAIL_THRESHOLD,
  type ExportFileFormat,
  type LinkFilters,
  type LinkSelection,
  type Locale,
  languageTag,
  XLSX_EXPORT_MAX_ROWS,
} from '@linkwatch/shared';
import { translate, translateCount } from '@linkwatch/shared/i18n';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { FieldError } from '../../errors.ts';
import { collect, xlsxBuffer } from '../../lib/spreadsheet.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { findProject } from '../projects/projects.queries.ts';
import { exportCsvText } from './export.csv.ts';
import { exportRows } from './export.rows.ts';
import { countSelection, noSelectedLinks, selectionWhere } from './links.selection.ts';

const DOWNLOAD_TTL_MS = EXPORT_DOWNLOAD_DAYS * 24 * 60 * 60 * 1000;
/** 32 random bytes, base64url: the file's name is the secret that lets the mail link in without a login. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const exportDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'exports');

/** Writes the export to DATA_DIR/exports/<token>.<format>, streaming CSV straight to disk. */
async function writeExportFile(
  ctx: AppContext,
  params: { where: SQL; locale: Locale; format: ExportFileFormat },
) {
  await mkdir(exportDir(ctx), { recursive: true });
  const token = randomBytes(32).toString('base64url');
  const file = path.join(exportDir(ctx), `${token}.${params.format}`);
  try {
    if (params.format === 'csv')
      await pipeline(Readable.from(exportCsvText(ctx.db, params)), createWriteStream(file));
    else await writeFile(file, xlsxBuffer(await collect(exportRows(ctx.db, params)), 'Links'));
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
  return token;
}

/** Files past their download days are removed whenever a new export is written. */
async function removeExpiredExports(ctx: AppContext) {
  const dir = exportDir(ctx);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > DOWNLOAD_TTL_MS) await unlink(file).catch(() => undefined);
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function exportReadyMail(params: {
  locale: Locale;
  to: string;
  name: string;
  url: string;
  count: number;
}): MailMessage {
  const t = (key: string, p: Record<string, string | number> = {}) => translate(params.locale, key, p);
  const counted = (key: string, count: number) => translateCount(params.locale, key, count);
  const greeting = t('mail.greeting', { name: params.name });
  const body = `${counted('links.exportMail.body', params.count)} ${counted('links.exportMail.validity', EXPORT_DOWNLOAD_DAYS)}`;
  const action = t('links.exportMail.action');
  const text = [greeting, '', body, '', `${action}: ${params.url}`, '', t('mail.signature')].join('\n');
  const html = `<!doctype html><html lang="${languageTag(params.locale)}"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(params.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>${escapeHtml(t('mail.signature'))}</p></body></html>`;
  return { to: params.to, subject: counted('links.exportMail.subject', params.count), text, html };
}

export interface MailedExport {
  user: { email: string; name: string };
  locale: Locale;
  where: SQL;
  format: ExportFileFormat;
  count: number;
}

/** Builds the file and mails its download link; runs after the 202 answer, so failures are only logged. */
export async function mailExport(ctx: AppContext, params: MailedExport): Promise<void> {
  await removeExpiredExports(ctx);
  const token = await writeExportFile(ctx, params);
  const url = `${ctx.config.appUrl}/api/links/export/download/${token}`;
  await ctx.mailer.send(
    exportReadyMail({
      locale: params.locale,
      to: params.user.email,
      name: params.user.name,
      url,
      count: params.count,
    }),
  );
}

export type ExportFile =
  | { status: 'ok'; file: string; format: ExportFileFormat }
  | { status: 'missing' }
  | { status: 'expired' };

export async function findExportFile(ctx: AppContext, token: string): Promise<ExportFile> {
  if (!TOKEN_PATTERN.test(token)) return { status: 'missing' };
  for (const format of ['csv', 'xlsx'] as const) {
    const file = path.join(exportDir(ctx), `${token}.${format}`);
    const info = await stat(file).catch(() => null);
    if (!info) continue;
    if (Date.now() - info.mtimeMs > DOWNLOAD_TTL_MS) return { status: 'expired' };
    return { status: 'ok', file, format };
  }
  return { status: 'missing' };
}

/** export_{campaign or project name}.{format}, as the web app names the file (spec point 7). */
async function exportFilename(
  db: Queryable,
  params: { userId: number; filters?: LinkFilters; format: string },
) {
  const { filters, userId } = params;
  const campaign = filters?.campaign ? await findCampaign(db, { userId, id: filters.campaign }) : undefined;
  const project =
    !campaign && filters?.project ? await findProject(db, { userId, id: filters.project }) : undefined;
  const name = campaign?.campaign.name ?? project?.name ?? 'links';
  return `export_${name}.${params.format}`;
}

/** The export asked for: mailed (over EXPORT_MAIL_THRESHOLD links), or the file to answer with. */
export type LinkExport =
  | { mailed: true; count: number }
  | { mailed: false; filename: string; format: ExportFileFormat; content: Readable | Buffer };

/**
 * `GET links/export`: the file of the selected links (CSV streamed, XLSX built in memory, at most
 * XLSX_EXPORT_MAX_ROWS). Over EXPORT_MAIL_THRESHOLD links the file is built in the background and a
 * download link is mailed; a failure then is only logged.
 */
export async function exportLinks(
  ctx: AppContext,
  params: {
    user: MailedExport['user'] & { id: number };
    selection: LinkSelection;
    format: ExportFileFormat;
    locale: Locale;
    log: FastifyBaseLogger;
  },
): Promise<LinkExport> {
  const { user, selection, format, locale } = params;
  const where = selectionWhere({ userId: user.id, selection });
  const count = await countSelection(ctx.db, where);
  if (count === 0) throw noSelectedLinks();
  if (format === 'xlsx' && count > XLSX_EXPORT_MAX_ROWS)
    throw new FieldError({
      format: { key: 'links.exportXlsxTooMany', params: { max: XLSX_EXPORT_MAX_ROWS } },
    });

  if (count > EXPORT_MAIL_THRESHOLD) {
    mailExport(ctx, { user, locale, where, format, count }).catch((err) =>
      params.log.error({ err, userId: user.id }, 'mailed export failed'),
    );
    return { mailed: true, count };
  }
  const filters = 'filters' in selection ? selection.filters : undefined;
  const filename = await exportFilename(ctx.db, { userId: user.id, filters, format });
  const content =
    format === 'csv'
      ? Readable.from(exportCsvText(ctx.db, { where, locale }))
      : xlsxBuffer(await collect(exportRows(ctx.db, { where, locale })), 'Links');
  return { mailed: false, filename, format, content };
}
