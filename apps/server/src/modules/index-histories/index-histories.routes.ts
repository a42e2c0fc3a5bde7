import { ZIndexHistoryListQuery, ZIndexHistoryListResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { presentIndexHistory } from '../links/links.presenter.ts';
import { indexHistoryPage } from './index-histories.service.ts';

export function indexHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The index history page of a campaign or project (`/campaign/{tier?}/{id?}/index-history`). */
  r.get(
    '/index-histories',
    {
      schema: {
        tags: ['links'],
        security: [{ bearerAuth: [] }],
        'x-permission': 'projects.read' as const,
        querystring: ZIndexHistoryListQuery,
        response: { 200: ZIndexHistoryListResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const { page, filters } = req.query;
      const { rows, total } = await indexHistoryPage(ctx, { userId: user.id, filters, page });
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
