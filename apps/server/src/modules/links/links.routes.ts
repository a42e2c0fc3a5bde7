import {
  type LinkFilters,
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
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { bulkLinkRoutes } from './bulk.routes.ts';
import { exportRoutes } from './export.routes.ts';
import { presentLink, presentShownLink } from './links.presenter.ts';
import {
  chartOfLinks,
  countOfLinks,
  countsPerTab,
  deleteBacklink,
  indexingCapabilityOfLinks,
  pageOfLinks,
  responseCodesOfLinks,
  showLink,
  statisticOfLinks,
  updateLink,
} from './links.service.ts';
import { uploadRoutes } from './upload.routes.ts';

const tags = ['links'];
const security = [{ bearerAuth: [] }];

/** The user and the list filters of a links-page call, and the language its texts are in. */
function filtered(req: { query: { filters: LinkFilters } } & Parameters<typeof requireAccount>[0]) {
  return { userId: requireAccount(req).accountId, filters: req.query.filters, locale: requestLocale(req) };
}

export function linkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listSchema = (response: z.ZodType) => ({
    tags,
    security,
    'x-permission': 'projects.read' as const,
    querystring: ZLinkFilterQuery,
    response: { 200: response },
  });

  /** The links table of a campaign or project, and the search page when no campaign is given. */
  r.get(
    '/links',
    { schema: { ...listSchema(ZLinkListResponse), querystring: ZLinkListQuery } },
    async (req) => {
      const user = requireAccount(req).owner;
      const { page, filters, sort } = req.query;
      const { rows, total, estimated } = await pageOfLinks(ctx.db, { userId: user.id, filters, sort, page });
      const locale = requestLocale(req);
      const first = (page.number - 1) * page.size;
      const body = paginated(
        rows.map(({ addedById, addedByName, rendered, ...link }, i) =>
          presentLink(link, {
            locale,
            num: first + i + 1,
            addedBy: { id: addedById, name: addedByName },
            rendered,
          }),
        ),
        page,
        total,
      );
      return { ...body, meta: { page: { ...body.meta.page, estimated } } };
    },
  );

  r.get('/links/count', { schema: listSchema(ZCountResponse) }, async (req) => {
    return { data: { count: await countOfLinks(ctx.db, filtered(req)) } };
  });

  r.get('/links/counts', { schema: listSchema(ZLinkCountsResponse) }, async (req) => {
    const counts = await countsPerTab(ctx.db, filtered(req));
    return { data: { id: 0, type: 'linkCounts' as const, attributes: counts } };
  });

  r.get('/links/statistic', { schema: listSchema(ZLinkStatisticResponse) }, async (req) => {
    const statistic = await statisticOfLinks(ctx.db, filtered(req));
    return { data: { id: 0, type: 'linkStatistics' as const, attributes: statistic } };
  });

  r.get('/links/indexing-capability', { schema: listSchema(ZKeyValueTitleListResponse) }, async (req) => ({
    data: await indexingCapabilityOfLinks(ctx.db, filtered(req)),
  }));

  r.get('/links/codes', { schema: listSchema(ZLinkCodesResponse) }, async (req) => {
    const codes = await responseCodesOfLinks(ctx.db, filtered(req));
    return { data: { id: 0, type: 'linkCodes' as const, attributes: codes } };
  });

  r.get('/links/chart', { schema: listSchema(ZLinkChartResponse) }, async (req) => {
    const days = await chartOfLinks(ctx.db, filtered(req));
    return { data: { id: 0, type: 'linkChart' as const, attributes: { days } } };
  });

  r.get(
    '/links/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        querystring: ZLinkShowQuery,
        response: { 200: ZLinkResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { includes } = req.query;
      const shown = await showLink(ctx.db, { userId: user.id, id: req.params.id, includes });
      return presentShownLink(shown, { locale: requestLocale(req), includes });
    },
  );

  r.put(
    '/links/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'links.manage' as const,
        params: ZIdParams,
        body: ZUpdateLinkRequest,
        response: { 200: ZLinkResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const link = await updateLink(ctx.db, { userId: user.id, id: req.params.id, input: req.body });
      return { data: presentLink(link, { locale: requestLocale(req) }) };
    },
  );

  r.delete(
    '/backlinks/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'links.manage' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await deleteBacklink(ctx.db, { userId: requireAccount(req).accountId, id: req.params.id });
      return true as const;
    },
  );

  bulkLinkRoutes(app, ctx);
  uploadRoutes(app, ctx);
  exportRoutes(app, ctx);
}
