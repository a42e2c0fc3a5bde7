import { ZPageLogRequest, ZTrueResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { recordPageVisit } from './page-logs.service.ts';

/** The web app reports each visited path; guests are logged too, without a user. */
export function pageLogRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/page-logs/',
      { schema: { tags: ['page-logs'], body: ZPageLogRequest, response: { 200: ZTrueResponse } } },
      async (req) => {
        await recordPageVisit(ctx, { userId: req.user?.id ?? null, page: req.body.page });
        return true as const;
      },
    );
}
