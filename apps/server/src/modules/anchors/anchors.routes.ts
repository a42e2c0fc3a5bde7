import {
  ANCHOR_KINDS,
  type AnchorFilters,
  IndexState,
  LinkElementKind,
  ZAnchorChartInfoResponse,
  ZAnchorChartResponse,
  ZAnchorCountsResponse,
  ZAnchorFilterQuery,
  ZAnchorLinkListQuery,
  ZAnchorLinkListResponse,
  ZAnchorListResponse,
  ZAnchorStatisticResponse,
  ZAnchorTableQuery,
  ZCountResponse,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { linkTexts } from '../links/links.presenter.ts';
import { anchorExportRoute } from './anchors.export.ts';
import {
  anchorTitle,
  keyed,
  presentAnchor,
  presentAnchorIncluded,
  presentAnchorLink,
  relKeys,
} from './anchors.presenter.ts';
import {
  backlinksOfAnchor,
  chartInfoOfAnchors,
  chartOfAnchors,
  countOfUnverifiedLinks,
  countsOfAnchors,
  pageOfAnchors,
  statisticOfAnchors,
} from './anchors.service.ts';

const tags = ['anchors'];
const security = [{ bearerAuth: [] }];

/** The user and the anchor filters of a call. */
function scopeOf(req: FastifyRequest, filters: AnchorFilters) {
  return { userId: requireAccount(req).accountId, filters };
}

export function anchorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = <Q extends z.ZodType>(querystring: Q, response: z.ZodType) => ({
    tags,
    security,
    'x-permission': 'projects.read' as const,
    querystring,
    response: { 200: response },
  });
  const single = <T>(type: string, attributes: T) => ({ data: { id: 0, type, attributes } });

  /** The anchors table: one row per anchor text, most linked first, with the pages and backlinks behind it. */
  r.get('/anchors', { schema: schema(ZAnchorTableQuery, ZAnchorListResponse) }, async (req) => {
    const { page, sort } = req.query;
    const scope = scopeOf(req, req.query.filters);
    const { rows, total, names, related } = await pageOfAnchors(ctx.db, { ...scope, sort, page });
    const locale = requestLocale(req);
    const relatedOf = (anchor: string) => related.filter((r) => r.anchor === anchor);
    const data = rows.map((row) =>
      presentAnchor(row, { locale, campaignNames: names, related: relatedOf(row.anchor) }),
    );
    return { ...paginated(data, page, total), included: presentAnchorIncluded(related, locale) };
  });

  /** The backlinks of one anchor (`filter[anchor]` or `filter[anchorId]`), for an expanded row. */
  r.get('/anchors/links', { schema: schema(ZAnchorLinkListQuery, ZAnchorLinkListResponse) }, async (req) => {
    const { page } = req.query;
    const scope = scopeOf(req, req.query.filters);
    const { rows, total } = await backlinksOfAnchor(ctx.db, { ...scope, page });
    const locale = requestLocale(req);
    return paginated(
      rows.map((row) => presentAnchorLink(row, locale)),
      page,
      total,
    );
  });

  r.get('/anchors/counts', { schema: schema(ZAnchorFilterQuery, ZAnchorCountsResponse) }, async (req) => {
    return single('anchorCounts', await countsOfAnchors(ctx.db, scopeOf(req, req.query.filters)));
  });

  /** Links not checked yet, whose anchors are therefore unverified. */
  r.get('/anchors/count/unverified', { schema: schema(ZAnchorFilterQuery, ZCountResponse) }, async (req) => {
    return { data: { count: await countOfUnverifiedLinks(ctx.db, scopeOf(req, req.query.filters)) } };
  });

  r.get(
    '/anchors/statistic',
    { schema: schema(ZAnchorFilterQuery, ZAnchorStatisticResponse) },
    async (req) => {
      const { attributes, types, indexing } = await statisticOfAnchors(
        ctx.db,
        scopeOf(req, req.query.filters),
      );
      const t = linkTexts(requestLocale(req));
      return single('anchorStatistics', {
        attributes: keyed(relKeys, attributes, String),
        backlinkTypes: keyed(Object.values(LinkElementKind), types, t.backlinkType),
        indexing: keyed(Object.values(IndexState), indexing, t.indexing),
      });
    },
  );

  /** The top anchors by backlinks, for a pie or bar chart; `other` sums the rest. */
  r.get('/anchors/chart', { schema: schema(ZAnchorFilterQuery, ZAnchorChartResponse) }, async (req) => {
    const { rows, total, other } = await chartOfAnchors(ctx.db, scopeOf(req, req.query.filters));
    const locale = requestLocale(req);
    const items = rows.map((row) => ({
      key: row.anchor,
      value: row.value,
      title: anchorTitle(row.anchor, locale),
    }));
    return single('anchorChart', { items, other, total });
  });

  /** What the chart's caption tells: totals, and backlinks per anchor kind. */
  r.get(
    '/anchors/chart/info',
    { schema: schema(ZAnchorFilterQuery, ZAnchorChartInfoResponse) },
    async (req) => {
      const { totals, kinds } = await chartInfoOfAnchors(ctx.db, scopeOf(req, req.query.filters));
      const locale = requestLocale(req);
      const kindList = keyed(ANCHOR_KINDS, kinds, (k) => translate(locale, `links.anchorKind.${k}`));
      return single('anchorChartInfo', { ...totals, kinds: kindList });
    },
  );

  anchorExportRoute(app, ctx);
}
