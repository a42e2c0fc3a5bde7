import { IndexState, TIERS, ZIndexHistoryListResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { FieldError } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { type RawQuery, readIdFilter, readNumberFilter, readPage } from '../../http/list-query.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { presentIndexHistory } from '../links/links.presenter.ts';
import { listIndexHistories } from './index-histories.queries.ts';

const ZQuery = z.looseObject({
  'filter[link]': z.string().optional().describe('link id'),
  'filter[campaign]': z.string().optional().describe('campaign id'),
  'filter[project]': z.string().optional().describe('project id'),
  'filter[tier]': z.string().optional().describe('1 or 2'),
  'filter[value]': z.string().optional().describe('0 unverified, 1 indexed, 2 not indexed'),
  'page[number]': z.string().optional(),
  'page[size]': z.string().optional().describe('50, 100 or 200'),
});

function readAllowed(query: RawQuery, name: string, allowed: readonly number[]) {
  const value = readNumberFilter(query, name);
  if (value !== undefined && !allowed.includes(value))
    throw new FieldError({ [`filter.${name}`]: 'validation.invalid' });
  return value;
}

export function indexHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The index history page of a campaign or project (`/campaign/{tier?}/{id?}/index-history`). */
  r.get(
    '/index-histories',
    {
      schema: {
        tags: ['links'],
        security: [{ bearerAuth: [] }],
        querystring: ZQuery,
        response: { 200: ZIndexHistoryListResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const query = req.query as RawQuery;
      const page = readPage(query);
      const filters = {
        link: readIdFilter(query, 'link'),
        campaign: readIdFilter(query, 'campaign'),
        project: readIdFilter(query, 'project'),
        tier: readAllowed(query, 'tier', TIERS),
        value: readAllowed(query, 'value', Object.values(IndexState)),
      };
      const { rows, total } = await listIndexHistories(ctx.db, { userId: user.id, filters, page });
      const locale = requestLocale(req);
      return paginated(
        rows.map((row) =>
          presentIndexHistory(row.entry, { locale, url: row.url, campaignId: row.campaignId }),
        ),
        page,
        total,
      );
    },
  );
}
