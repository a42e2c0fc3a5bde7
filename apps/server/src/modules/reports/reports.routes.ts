import {
  ZFileResponse,
  ZMarkReportsSeenQuery,
  ZMarkReportsSeenRequest,
  ZReportChangeListResponse,
  ZReportChangesQuery,
  ZReportCountResponse,
  ZReportCountsQuery,
  ZReportCountsResponse,
  ZReportExportQuery,
  ZReportLinkListResponse,
  ZReportQuery,
  ZReportTrendQuery,
  ZReportTrendResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { attachment, collect, csvStream, MIME, xlsxBuffer } from '../../lib/spreadsheet.ts';
import { newReportCount } from '../actions/action-events.ts';
import { reportFilename } from './reports.export.ts';
import { presentChangeWithLink } from './reports.presenter.ts';
import {
  changesOfTypePage,
  markSeen,
  reportCountsOf,
  reportExport,
  reportLinksPage,
  reportTrendOf,
} from './reports.service.ts';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];

/**
 * The report page (spec points 2 and 7): report links with their changes, per-type counts, the
 * new-report badge, marking seen and the download. Every call is scoped to the signed-in user, and
 * the filtered calls need `filter[project]`.
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reports/links',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        querystring: ZReportQuery,
        response: { 200: ZReportLinkListResponse },
      },
    },
    async (req) => {
      return reportLinksPage(ctx, {
        userId: requireAccount(req).accountId,
        ...req.query,
        locale: requestLocale(req),
      });
    },
  );

  r.get(
    '/reports/changes/:type',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        params: z.object({ type: z.string() }),
        querystring: ZReportChangesQuery,
        response: { 200: ZReportChangeListResponse },
      },
    },
    async (req) => {
      const { page, filters } = req.query;
      const locale = requestLocale(req);
      const { rows, total } = await changesOfTypePage(ctx, {
        userId: requireAccount(req).accountId,
        type: req.params.type,
        filters,
        page,
      });
      return paginated(
        rows.map((row) => presentChangeWithLink(row, locale)),
        page,
        total,
      );
    },
  );

  r.get(
    '/reports/counts',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        querystring: ZReportCountsQuery,
        response: { 200: ZReportCountsResponse },
      },
    },
    async (req) => ({
      data: await reportCountsOf(ctx, { userId: requireAccount(req).accountId, filters: req.query.filters }),
    }),
  );

  /** The lost/found trend of a campaign's (or a project's, or the account's) summary chart. */
  r.get(
    '/reports/trend',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        querystring: ZReportTrendQuery,
        response: { 200: ZReportTrendResponse },
      },
    },
    async (req) => reportTrendOf(ctx, { userId: requireAccount(req).accountId, ...req.query }),
  );

  r.get(
    '/reports/new',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        response: { 200: ZReportCountResponse },
      },
    },
    async (req) => ({
      data: { count: await newReportCount(ctx, requireAccount(req).accountId) },
    }),
  );

  r.post(
    '/reports/actions',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        querystring: ZMarkReportsSeenQuery,
        body: ZMarkReportsSeenRequest,
        response: { 200: ZReportCountResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      // The task ids come as a JSON body or as `actions[]=…` in the query; none means every task.
      const actionIds = req.body?.actions?.length ? req.body.actions : req.query.actions;
      return { data: { count: await markSeen(ctx, { userId: user.id, actionIds }) } };
    },
  );

  /** CSV is streamed; XLSX is built in memory, so it is capped like the links export. */
  r.get(
    '/reports/export',
    {
      schema: {
        tags,
        security,
        'x-permission': 'reports.read' as const,
        querystring: ZReportExportQuery,
        produces: [MIME.csv, MIME.xlsx],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const user = requireAccount(req).owner;
      const { format, filters } = req.query;
      const rows = await reportExport(ctx, { userId: user.id, format, filters, locale: requestLocale(req) });
      reply.header('content-disposition', attachment(reportFilename(format))).type(MIME[format]);
      return reply.send(format === 'csv' ? csvStream(rows) : xlsxBuffer(await collect(rows), 'Report'));
    },
  );
}
