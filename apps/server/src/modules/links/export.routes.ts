import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  EXPORT_MAIL_THRESHOLD,
  XLSX_EXPORT_MAX_ROWS,
  ZExportMailedResponse,
  ZFileResponse,
  ZLinkExportQuery,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { attachment, collect, MIME, xlsxBuffer } from '../../lib/spreadsheet.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { findProject } from '../projects/projects.queries.ts';
import { exportCsvText } from './export.csv.ts';
import { exportRows } from './export.rows.ts';
import { findExportFile, mailExport } from './export.service.ts';
import type { LinkFilters } from './links.filters.ts';
import { countSelection, noSelectedLinks, selectionWhere } from './links.selection.ts';

const tags = ['links'];

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

export function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The file of the selected links (CSV streamed, XLSX built in memory). Over 3,000 links the file is
   * built in the background and a download link is mailed: 202 `{data: {attributes: {mailed, count}}}`.
   */
  // The 200 answer is a file stream, documented as binary by ZFileResponse.
  r.get(
    '/links/export',
    {
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        querystring: ZLinkExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse, 202: ZExportMailedResponse },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { format, selection } = req.query;
      const where = selectionWhere({ userId: user.id, selection });
      const count = await countSelection(ctx.db, where);
      if (count === 0) throw noSelectedLinks();
      if (format === 'xlsx' && count > XLSX_EXPORT_MAX_ROWS)
        throw new FieldError({
          format: { key: 'links.exportXlsxTooMany', params: { max: XLSX_EXPORT_MAX_ROWS } },
        });
      const locale = requestLocale(req);

      if (count > EXPORT_MAIL_THRESHOLD) {
        mailExport(ctx, { user, locale, where, format, count }).catch((err) =>
          req.log.error({ err, userId: user.id }, 'mailed export failed'),
        );
        return reply.code(202).send({
          data: { id: 0, type: 'linkExports' as const, attributes: { mailed: true as const, count } },
        });
      }
      const filters = 'filters' in selection ? selection.filters : undefined;
      const filename = await exportFilename(ctx.db, { userId: user.id, filters, format });
      reply.header('content-disposition', attachment(filename)).type(MIME[format]);
      const params = { where, locale };
      return reply.send(
        format === 'csv'
          ? Readable.from(exportCsvText(ctx.db, params))
          : xlsxBuffer(await collect(exportRows(ctx.db, params)), 'Links'),
      );
    },
  );

  /** The mailed link: no login, the unguessable token is the key; it expires after a few days. */
  r.get(
    '/links/export/download/:token',
    {
      schema: {
        tags,
        params: z.object({ token: z.string() }),
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const found = await findExportFile(ctx, req.params.token);
      if (found.status === 'missing') throw notFound();
      if (found.status === 'expired') throw new AppError('gone', 'errors.exportExpired');
      const date = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', attachment(`export_links_${date}.${found.format}`))
        .type(MIME[found.format]);
      return reply.send(createReadStream(found.file));
    },
  );
}
