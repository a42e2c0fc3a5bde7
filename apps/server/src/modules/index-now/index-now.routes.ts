import { ZIdParams, ZIndexNowKeyResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { apiChecker } from '../../lib/api-checker.ts';
import { presentIndexNowKey } from './index-now.presenter.ts';
import { projectIndexNowKey, verifyProjectKeyFile } from './index-now.service.ts';

const tags = ['projects'];
const security = [{ bearerAuth: [] }];

/** The project's IndexNow key (issue 11, action 3): see packages/shared/src/schemas/index-now.ts. */
export function indexNowRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const enabled = () => ctx.providers.indexing.adapters.some((indexer) => indexer.name === 'indexnow');
  const checker = apiChecker(app, ctx);

  r.get(
    '/projects/:id/index-now',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        response: { 200: ZIndexNowKeyResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const projectKey = await projectIndexNowKey(ctx.db, { userId: user.id, projectId: req.params.id });
      return { data: presentIndexNowKey(projectKey, { enabled: enabled() }) };
    },
  );

  r.post(
    '/projects/:id/index-now/verify',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        response: { 200: ZIndexNowKeyResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const projectKey = await verifyProjectKeyFile(
        { db: ctx.db, checker: checker() },
        { userId: user.id, projectId: req.params.id },
      );
      return { data: presentIndexNowKey(projectKey, { enabled: enabled() }) };
    },
  );
}
