import {
  XLSX_EXPORT_MAX_ROWS,
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
import { FieldError } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
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
  campaignsByIds,
  campaignsOfProject,
  countByStatus,
  countSelected,
  crawlerItemsOf,
  listCrawlerItems,
} from './crawlers.queries.ts';
import { crawlerChart, deleteCrawlerItems, requireProject, trackCrawlerPages } from './crawlers.service.ts';
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
      schema: { tags, security, querystring: ZCrawlerCountsQuery, response: { 200: ZCrawlerCountsResponse } },
    },
    async (req) => {
      const userId = requireUser(req).id;
      const { project, source } = req.query;
      await requireProject(ctx.db, { userId, projectId: project });
      const counts = await countByStatus(ctx.db, { userId, project, source });
      return { data: { id: project, type: 'crawlerCounts' as const, attributes: counts } };
    },
  );

  /**
   * The crawler records of a project: filters source, status, query (referring page contains) and
   * dateFrom/dateTo (first seen, inclusive days); each with the campaigns that track its page.
   */
  r.get(
    '/crawlers',
    { schema: { tags, security, querystring: ZCrawlerListQuery, response: { 200: ZCrawlerListResponse } } },
    async (req) => {
      const userId = requireUser(req).id;
      const { filters, page, sort } = req.query;
      await requireProject(ctx.db, { userId, projectId: filters.project });
      const { rows, total } = await listCrawlerItems(ctx.db, { userId, filters, page, sort });
      const locale = requestLocale(req);
      const campaignIds = [...new Set(rows.flatMap((row) => row.campaign_ids))];
      const campaigns = await campaignsByIds(ctx.db, { userId, ids: campaignIds });
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
    { schema: { tags, security, querystring: ZCrawlerChartQuery, response: { 200: ZCrawlerChartResponse } } },
    async (req) => {
      const userId = requireUser(req).id;
      return { data: await crawlerChart(ctx.db, { userId, ...req.query }) };
    },
  );

  /** Deletes the ticked records (`ids[]`), or what the list filters select, with their history. */
  r.delete(
    '/crawlers/delete',
    {
      schema: { tags, security, querystring: ZCrawlerDeleteQuery, response: { 200: ZCrawlerDeleteResponse } },
    },
    async (req) => {
      const userId = requireUser(req).id;
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
        querystring: ZCrawlerExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req).id;
      const { format, selection, sort } = req.query;
      const projectId = 'ids' in selection ? selection.project : selection.filters.project;
      const project = await requireProject(ctx.db, { userId, projectId });
      if (format === 'xlsx' && (await countSelected(ctx.db, { userId, selection })) > XLSX_EXPORT_MAX_ROWS)
        throw new FieldError({
          format: { key: 'links.exportXlsxTooMany', params: { max: XLSX_EXPORT_MAX_ROWS } },
        });
      const locale = requestLocale(req);
      const campaigns = await campaignsOfProject(ctx.db, { userId, projectId });
      const campaignNames = new Map(campaigns.map((c) => [c.id, c.name]));
      async function* table(): AsyncGenerator<CellValue[]> {
        yield crawlerExportHeader(locale);
        for await (const row of crawlerItemsOf(ctx.db, { userId, selection, sort }))
          yield crawlerExportRow(row, { locale, campaignNames });
      }
      reply.header('content-disposition', attachment(`crawler_${project.name}.${format}`)).type(MIME[format]);
      if (format === 'xlsx') return reply.send(xlsxBuffer(await collect(table()), 'Crawlers'));
      return reply.send(csvStream(table()));
    },
  );

  /** Adds the selected referring pages that no campaign of the project tracks to `campaign`. */
  r.post(
    '/crawlers/track',
    { schema: { tags, security, body: ZCrawlerTrackRequest, response: { 200: ZCrawlerTrackResponse } } },
    async (req) => {
      const userId = requireUser(req).id;
      const result = await trackCrawlerPages(ctx.db, { userId, body: req.body, locale: requestLocale(req) });
      return { data: result };
    },
  );
}
