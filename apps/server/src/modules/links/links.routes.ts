import {
  ZCountResponse,
  ZIdParams,
  ZKeyValueTitleListResponse,
  ZLinkChartResponse,
  ZLinkCodesResponse,
  ZLinkCountsResponse,
  ZLinkFilterQuery,
  ZLinkListQuery,
  ZLinkListResponse,
  ZLinkResponse,
  ZLinkShowQuery,
  ZLinkStatisticResponse,
  ZTrueResponse,
  ZUpdateLinkRequest,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { bulkLinkRoutes } from './bulk.routes.ts';
import { exportRoutes } from './export.routes.ts';
import { counterScope } from './links.counters.ts';
import { type LinkFilters, linkFiltersWhere } from './links.filters.ts';
import {
  presentBacklink,
  presentCheckHistory,
  presentIndexHistory,
  presentLink,
  presentLinkCrawler,
} from './links.presenter.ts';
import {
  backlinksOfLink,
  checkHistoriesOfLink,
  countLinks,
  countLinksPerTab,
  crawlersOfLink,
  findLink,
  indexHistoriesOfLink,
  listLinks,
} from './links.queries.ts';
import { deleteBacklink, updateLink } from './links.service.ts';
import { indexingCapabilityCounts, linkChart, linkStatistic, responseCodeCounts } from './links.stats.ts';
import { uploadRoutes } from './upload.routes.ts';

const tags = ['links'];
const security = [{ bearerAuth: [] }];
type FilteredRequest = { query: { filters: LinkFilters } } & Parameters<typeof requireUser>[0];

/** The WHERE, and the counters' scope when the filters are only those the counters are kept by. */
function statsParams(req: FilteredRequest) {
  const userId = requireUser(req).id;
  return {
    where: linkFiltersWhere({ userId, filters: req.query.filters }),
    scope: counterScope({ userId, filters: req.query.filters }),
    locale: requestLocale(req),
  };
}

export function linkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listSchema = (response: z.ZodType) => ({
    tags,
    security,
    querystring: ZLinkFilterQuery,
    response: { 200: response },
  });

  /** The links table of a campaign or project, and the search page when no campaign is given. */
  r.get(
    '/links',
    { schema: { ...listSchema(ZLinkListResponse), querystring: ZLinkListQuery } },
    async (req) => {
      const user = requireUser(req);
      const { page, filters, sort } = req.query;
      const { rows, total, estimated } = await listLinks(ctx.db, { userId: user.id, filters, sort, page });
      const locale = requestLocale(req);
      const first = (page.number - 1) * page.size;
      const body = paginated(
        rows.map((link, i) => presentLink(link, { locale, num: first + i + 1 })),
        page,
        total,
      );
      return { ...body, meta: { page: { ...body.meta.page, estimated } } };
    },
  );

  r.get('/links/count', { schema: listSchema(ZCountResponse) }, async (req) => {
    const { where, scope } = statsParams(req);
    return { data: { count: await countLinks(ctx.db, where, scope) } };
  });

  r.get('/links/counts', { schema: listSchema(ZLinkCountsResponse) }, async (req) => {
    const counts = await countLinksPerTab(ctx.db, {
      userId: requireUser(req).id,
      filters: req.query.filters,
    });
    return { data: { id: 0, type: 'linkCounts' as const, attributes: counts } };
  });

  r.get('/links/statistic', { schema: listSchema(ZLinkStatisticResponse) }, async (req) => {
    const statistic = await linkStatistic(ctx.db, statsParams(req));
    return { data: { id: 0, type: 'linkStatistics' as const, attributes: statistic } };
  });

  r.get('/links/indexing-capability', { schema: listSchema(ZKeyValueTitleListResponse) }, async (req) => ({
    data: await indexingCapabilityCounts(ctx.db, statsParams(req)),
  }));

  r.get('/links/codes', { schema: listSchema(ZLinkCodesResponse) }, async (req) => {
    const codes = await responseCodeCounts(ctx.db, statsParams(req));
    return { data: { id: 0, type: 'linkCodes' as const, attributes: codes } };
  });

  r.get('/links/chart', { schema: listSchema(ZLinkChartResponse) }, async (req) => {
    const { where, scope } = statsParams(req);
    const days = await linkChart(ctx.db, { where, scope });
    return { data: { id: 0, type: 'linkChart' as const, attributes: { days } } };
  });

  r.get(
    '/links/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        querystring: ZLinkShowQuery,
        response: { 200: ZLinkResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { includes } = req.query;
      const link = await findLink(ctx.db, { userId: user.id, id: req.params.id });
      if (!link) throw notFound();
      const locale = requestLocale(req);
      const [found, histories, indexes, crawlers] = await Promise.all([
        includes.has('backlinks') ? backlinksOfLink(ctx.db, link.id) : undefined,
        includes.has('histories') ? checkHistoriesOfLink(ctx.db, link.id) : undefined,
        includes.has('indexHistories') ? indexHistoriesOfLink(ctx.db, link.id) : undefined,
        includes.has('crawlers') ? crawlersOfLink(ctx.db, link) : undefined,
      ]);
      const relations = {
        backlinks: found?.map((b) => b.id),
        histories: histories?.map((h) => h.id),
        indexHistories: indexes?.map((h) => h.id),
        crawlers: crawlers?.map((c) => c.id),
      };
      const included = [
        ...(found ?? []).map((b) => presentBacklink(b, { locale, donor: link.url })),
        ...(histories ?? []).map((h) => presentCheckHistory(h, locale)),
        ...(indexes ?? []).map((h) =>
          presentIndexHistory(h, { locale, url: link.url, campaignId: link.campaignId }),
        ),
        ...(crawlers ?? []).map((c) => presentLinkCrawler(c, locale)),
      ];
      const data = presentLink(link, { locale, relations });
      return includes.size > 0 ? { data, included } : { data };
    },
  );

  r.put(
    '/links/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateLinkRequest,
        response: { 200: ZLinkResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const link = await updateLink(ctx.db, { userId: user.id, id: req.params.id, input: req.body });
      return { data: presentLink(link, { locale: requestLocale(req) }) };
    },
  );

  r.delete(
    '/backlinks/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZTrueResponse } } },
    async (req) => {
      await deleteBacklink(ctx.db, { userId: requireUser(req).id, id: req.params.id });
      return true as const;
    },
  );

  bulkLinkRoutes(app, ctx);
  uploadRoutes(app, ctx);
  exportRoutes(app, ctx);
}
