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
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { linkTexts } from '../links/links.presenter.ts';
import { anchorExportRoute } from './anchors.export.ts';
import { anchorLinkScope, anchorWhere } from './anchors.filters.ts';
import {
  anchorTitle,
  keyed,
  presentAnchor,
  presentAnchorIncluded,
  presentAnchorLink,
  relKeys,
} from './anchors.presenter.ts';
import {
  anchorCounts,
  anchorKinds,
  anchorLinks,
  anchorRelated,
  anchorTotals,
  campaignNames,
  countUnverifiedLinks,
  groupAnchorBacklinks,
  listAnchors,
  topAnchors,
} from './anchors.queries.ts';

const tags = ['anchors'];
const security = [{ bearerAuth: [] }];

/** The request's filters, with the user, ready for the anchor queries. */
function scopeOf(req: FastifyRequest, filters: AnchorFilters) {
  const userId = requireUser(req).id;
  return { userId, filters, where: anchorWhere({ userId, filters }), locale: requestLocale(req) };
}

export function anchorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = <Q extends z.ZodType>(querystring: Q, response: z.ZodType) => ({
    tags,
    security,
    querystring,
    response: { 200: response },
  });
  const single = <T>(type: string, attributes: T) => ({ data: { id: 0, type, attributes } });

  /** The anchors table: one row per anchor text, most linked first, with the pages and backlinks behind it. */
  r.get('/anchors', { schema: schema(ZAnchorTableQuery, ZAnchorListResponse) }, async (req) => {
    const { page, sort } = req.query;
    const { userId, where, locale } = scopeOf(req, req.query.filters);
    const { rows, total } = await listAnchors(ctx.db, { where, sort, page });
    const [names, related] = await Promise.all([
      campaignNames(ctx.db, { userId, ids: [...new Set(rows.flatMap((r) => r.campaignIds))] }),
      anchorRelated(ctx.db, { where, anchors: rows.map((r) => r.anchor) }),
    ]);
    const relatedOf = (anchor: string) => related.filter((r) => r.anchor === anchor);
    const data = rows.map((row) =>
      presentAnchor(row, { locale, campaignNames: names, related: relatedOf(row.anchor) }),
    );
    return { ...paginated(data, page, total), included: presentAnchorIncluded(related, locale) };
  });

  /** The backlinks of one anchor (`filter[anchor]` or `filter[anchorId]`), for an expanded row. */
  r.get('/anchors/links', { schema: schema(ZAnchorLinkListQuery, ZAnchorLinkListResponse) }, async (req) => {
    const { page } = req.query;
    const { where, locale } = scopeOf(req, req.query.filters);
    const { rows, total } = await anchorLinks(ctx.db, { where, page });
    return paginated(
      rows.map((row) => presentAnchorLink(row, locale)),
      page,
      total,
    );
  });

  r.get('/anchors/counts', { schema: schema(ZAnchorFilterQuery, ZAnchorCountsResponse) }, async (req) => {
    const { userId, filters } = scopeOf(req, req.query.filters);
    return single('anchorCounts', await anchorCounts(ctx.db, { userId, filters }));
  });

  /** Links not checked yet, whose anchors are therefore unverified. */
  r.get('/anchors/count/unverified', { schema: schema(ZAnchorFilterQuery, ZCountResponse) }, async (req) => {
    const { userId, filters } = scopeOf(req, req.query.filters);
    return { data: { count: await countUnverifiedLinks(ctx.db, anchorLinkScope({ userId, filters })) } };
  });

  r.get(
    '/anchors/statistic',
    { schema: schema(ZAnchorFilterQuery, ZAnchorStatisticResponse) },
    async (req) => {
      const { where, locale } = scopeOf(req, req.query.filters);
      const t = linkTexts(locale);
      const [attributes, types, indexing] = await Promise.all([
        groupAnchorBacklinks(ctx.db, { where, by: 'attribute' }),
        groupAnchorBacklinks(ctx.db, { where, by: 'backlinkType' }),
        groupAnchorBacklinks(ctx.db, { where, by: 'indexing' }),
      ]);
      return single('anchorStatistics', {
        attributes: keyed(relKeys, attributes, String),
        backlinkTypes: keyed(Object.values(LinkElementKind), types, t.backlinkType),
        indexing: keyed(Object.values(IndexState), indexing, t.indexing),
      });
    },
  );

  /** The top anchors by backlinks, for a pie or bar chart; `other` sums the rest. */
  r.get('/anchors/chart', { schema: schema(ZAnchorFilterQuery, ZAnchorChartResponse) }, async (req) => {
    const { where, locale } = scopeOf(req, req.query.filters);
    const { rows, total, other } = await topAnchors(ctx.db, where);
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
      const { where, locale } = scopeOf(req, req.query.filters);
      const [totals, kinds] = await Promise.all([anchorTotals(ctx.db, where), anchorKinds(ctx.db, where)]);
      const kindList = keyed(ANCHOR_KINDS, kinds, (k) => translate(locale, `links.anchorKind.${k}`));
      return single('anchorChartInfo', { ...totals, kinds: kindList });
    },
  );

  anchorExportRoute(app, ctx);
}
