import { ZPageLogRequest } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { pageLogs } from '../../db/schema/index.ts';

/** The web app reports each visited path; guests are logged too, without a user. */
export function pageLogRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/page-logs/', { schema: { tags: ['page-logs'], body: ZPageLogRequest } }, async (req) => {
      await ctx.db.insert(pageLogs).values({ userId: req.user?.id ?? null, page: req.body.page });
      return true;
    });
}
