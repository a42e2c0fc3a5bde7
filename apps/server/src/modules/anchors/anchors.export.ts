import { ZAnchorExportQuery, ZFileResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { attachment, type CellValue, collect, csvStream, MIME, xlsxBuffer } from '../../lib/spreadsheet.ts';
import { findProject } from '../projects/projects.queries.ts';
import { anchorWhere } from './anchors.filters.ts';
import { anchorExportHeader, anchorExportRow } from './anchors.presenter.ts';
import { allAnchors, campaignNames } from './anchors.queries.ts';

/** `GET anchors/export`: the whole anchors table as CSV or XLSX, saved as anchor_{project}.{format}. */
export function anchorExportRoute(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/anchors/export',
    {
      schema: {
        tags: ['anchors'],
        security: [{ bearerAuth: [] }],
        querystring: ZAnchorExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req).id;
      const { format, filters, sort } = req.query;
      const where = anchorWhere({ userId, filters });
      const locale = requestLocale(req);

      async function* rows(): AsyncGenerator<CellValue[]> {
        yield anchorExportHeader(locale);
        for await (const chunk of allAnchors(ctx.db, { where, sort })) {
          const names = await campaignNames(ctx.db, {
            userId,
            ids: [...new Set(chunk.flatMap((r) => r.campaignIds))],
          });
          for (const row of chunk) yield anchorExportRow(row, { locale, campaignNames: names });
        }
      }

      const project = filters.project
        ? await findProject(ctx.db, { userId, id: filters.project })
        : undefined;
      reply
        .header('content-disposition', attachment(`anchor_${project?.name ?? 'all'}.${format}`))
        .type(MIME[format]);
      return reply.send(format === 'csv' ? csvStream(rows()) : xlsxBuffer(await collect(rows()), 'Anchors'));
    },
  );
}
