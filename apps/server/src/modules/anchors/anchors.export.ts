import { ZAnchorExportQuery, ZFileResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { attachment, collect, csvStream, MIME, xlsxBuffer } from '../../lib/spreadsheet.ts';
import { exportAnchors } from './anchors.service.ts';

/** `GET anchors/export`: the whole anchors table as CSV or XLSX, saved as anchor_{project}.{format}. */
export function anchorExportRoute(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/anchors/export',
    {
      schema: {
        tags: ['anchors'],
        security: [{ bearerAuth: [] }],
        'x-permission': 'projects.read' as const,
        querystring: ZAnchorExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const userId = requireAccount(req).accountId;
      const { format, filters, sort } = req.query;
      const locale = requestLocale(req);
      const { filename, rows } = await exportAnchors(ctx.db, { userId, filters, sort, format, locale });
      reply.header('content-disposition', attachment(filename)).type(MIME[format]);
      return reply.send(format === 'csv' ? csvStream(rows) : xlsxBuffer(await collect(rows), 'Anchors'));
    },
  );
}
