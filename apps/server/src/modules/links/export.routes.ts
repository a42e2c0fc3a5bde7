import { createReadStream } from 'node:fs';
import { ZExportMailedResponse, ZFileResponse, ZLinkExportQuery } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { attachment, MIME } from '../../lib/spreadsheet.ts';
import { exportLinks, findExportFile } from './export.service.ts';

const tags = ['links'];

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
        'x-permission': 'projects.read' as const,
        querystring: ZLinkExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse, 202: ZExportMailedResponse },
      },
    },
    async (req, reply) => {
      const user = requireAccount(req).owner;
      const { format, selection } = req.query;
      const locale = requestLocale(req);
      const found = await exportLinks(ctx, { user, selection, format, locale, log: req.log });
      if (found.mailed)
        return reply.code(202).send({
          data: {
            id: 0,
            type: 'linkExports' as const,
            attributes: { mailed: true as const, count: found.count },
          },
        });
      reply.header('content-disposition', attachment(found.filename)).type(MIME[found.format]);
      return reply.send(found.content);
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
