import { ZDomainExportQuery, ZDomainListQuery, ZDomainListResponse, ZFileResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { attachment, type CellValue, csvStream, MIME, xlsxBuffer } from '../../lib/spreadsheet.ts';
import { domainExportHeader, domainExportRow, presentDomain } from './domains.presenter.ts';
import { exportDomains, pageOfDomains } from './domains.service.ts';

const tags = ['domains'];
const security = [{ bearerAuth: [] }];

export function domainRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The domain view of a campaign or project: its donor domains, the Domain fields, links per domain. */
  r.get(
    '/domains',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZDomainListQuery,
        response: { 200: ZDomainListResponse },
      },
    },
    async (req) => {
      const userId = requireAccount(req).accountId;
      const { filters, page, sort } = req.query;
      const { rows, total, ids, linksOf } = await pageOfDomains(ctx.db, { userId, filters, page, sort });
      const locale = requestLocale(req);
      const data = rows.map((row) =>
        presentDomain(row, {
          id: row.id ?? ids.get(row.domain)!,
          links: linksOf.get(row.domain) ?? [],
          locale,
          facebook: ctx.providers.authority.adapters.some((adapter) => adapter.name === 'facebook'),
        }),
      );
      return paginated(data, page, total);
    },
  );

  /** `GET domains/export`: the whole view as CSV or XLSX, saved as domains_{project}.{format}. */
  r.get(
    '/domains/export',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZDomainExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const userId = requireAccount(req).accountId;
      const { format, filters, sort } = req.query;
      const { filename, rows } = await exportDomains(ctx.db, { userId, filters, sort, format });
      const table: CellValue[][] = [domainExportHeader(requestLocale(req)), ...rows.map(domainExportRow)];
      reply.header('content-disposition', attachment(filename)).type(MIME[format]);
      if (format === 'xlsx') return reply.send(xlsxBuffer(table, 'Domains'));
      return reply.send(
        csvStream(
          (async function* () {
            yield* table;
          })(),
        ),
      );
    },
  );
}
