import {
  ZCrawlerChartQuery,
  ZCrawlerChartResponse,
  ZCrawlerCountsQuery,
  ZCrawlerCountsResponse,
  ZCrawlerDeleteQuery,
  ZCrawlerDeleteResponse,
  ZCrawlerExportQuery,
  ZCrawlerListQuery,
  ZCrawlerListResponse,
  ZCrawlerTrackRequest,
  ZCrawlerTrackResponse,
  ZFileResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { attachment, type CellValue, collect, csvStream, MIME, xlsxBuffer } from '../../lib/spreadsheet.ts';
import {
  crawlerExportHeader,
  crawlerExportRow,
  presentCampaign,
  presentCrawler,
} from './crawlers.presenter.ts';
import {
  crawlerChart,
  crawlerCounts,
  crawlerExport,
  crawlerPage,
  deleteCrawlerItems,
  trackCrawlerPages,
} from './crawlers.service.ts';
import { crawlerUploadRoutes } from './upload.routes.ts';

const tags = ['crawlers'];
const security = [{ bearerAuth: [] }];

export function crawlerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  crawlerUploadRoutes(app, ctx);

  /** The spec's Counts (active, new, rip) of a project's crawler records, of one source or all. */
  r.get(
    '/crawlers/counts',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZCrawlerCountsQuery,
        response: { 200: ZCrawlerCountsResponse },
      },
    },
    async (req) => {
      const userId = requireAccount(req).accountId;
      const { project, source } = req.query;
      const counts = await crawlerCounts(ctx.db, { userId, project, source });
      return { data: { id: project, type: 'crawlerCounts' as const, attributes: counts } };
    },
  );

  /**
   * The crawler records of a project: filters source, status, query (referring page contains) and
   * dateFrom/dateTo (first seen, inclusive days); each with the campaigns that track its page.
   */
  r.get(
    '/crawlers',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZCrawlerListQuery,
        response: { 200: ZCrawlerListResponse },
      },
    },
    async (req) => {
      const userId = requireAccount(req).accountId;
      const { filters, page, sort } = req.query;
      const { rows, total, campaigns } = await crawlerPage(ctx.db, { userId, filters, page, sort });
      const locale = requestLocale(req);
      return {
        ...paginated(
          rows.map((row) => presentCrawler(row, locale)),
          page,
          total,
        ),
        included: campaigns.map(presentCampaign),
      };
    },
  );

  /** New and lost records per day (UTC), `dateFrom` to `dateTo` (the last 30 days by default). */
  r.get(
    '/crawlers/chart',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZCrawlerChartQuery,
        response: { 200: ZCrawlerChartResponse },
      },
    },
    async (req) => {
      const userId = requireAccount(req).accountId;
      return { data: await crawlerChart(ctx.db, { userId, ...req.query }) };
    },
  );

  /** Deletes the ticked records (`ids[]`), or what the list filters select, with their history. */
  r.delete(
    '/crawlers/delete',
    {
      schema: {
        tags,
        security,
        'x-permission': 'links.manage' as const,
        querystring: ZCrawlerDeleteQuery,
        response: { 200: ZCrawlerDeleteResponse },
      },
    },
    async (req) => {
      const userId = requireAccount(req).accountId;
      const deleted = await deleteCrawlerItems(ctx.db, { userId, selection: req.query.selection });
      return { data: { deleted } };
    },
  );

  /** `GET crawlers/export`: the selection as CSV (streamed) or XLSX, saved as crawler_{project}.{format}. */
  r.get(
    '/crawlers/export',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZCrawlerExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const userId = requireAccount(req).accountId;
      const { format, selection, sort } = req.query;
      const { project, campaignNames, rows } = await crawlerExport(ctx.db, {
        userId,
        format,
        selection,
        sort,
      });
      const locale = requestLocale(req);
      async function* table(): AsyncGenerator<CellValue[]> {
        yield crawlerExportHeader(locale);
        for await (const row of rows) yield crawlerExportRow(row, { locale, campaignNames });
      }
      reply.header('content-disposition', attachment(`crawler_${project.name}.${format}`)).type(MIME[format]);
      if (format === 'xlsx') return reply.send(xlsxBuffer(await collect(table()), 'Crawlers'));
      return reply.send(csvStream(table()));
    },
  );

  /** Adds the selected referring pages that no campaign of the project tracks to `campaign`. */
  r.post(
    '/crawlers/track',
    {
      schema: {
        tags,
        security,
        'x-permission': 'links.manage' as const,
        body: ZCrawlerTrackRequest,
        response: { 200: ZCrawlerTrackResponse },
      },
    },
    async (req) => {
      const account = requireAccount(req);
      const result = await trackCrawlerPages(ctx.db, {
        userId: account.accountId,
        actor: account,
        body: req.body,
        locale: requestLocale(req),
      });
      return { data: result };
    },
  );
}
