import { ZIdParams, ZProjectGraphResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { projectGraph } from './graph.service.ts';

/** A project's tiers as one graph (issue 31): read like the project's links. */
export function graphRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/projects/:id/graph',
    {
      schema: {
        tags: ['graph'],
        security: [{ bearerAuth: [] }],
        'x-permission': 'projects.read',
        params: ZIdParams,
        response: { 200: ZProjectGraphResponse },
      },
    },
    async (req) => {
      const scope = { userId: requireAccount(req).accountId, projectId: req.params.id };
      return { data: await projectGraph(ctx, scope) };
    },
  );
}
