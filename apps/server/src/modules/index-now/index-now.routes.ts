import { type Checker, createChecker } from '@linkwatch/checker';
import { ZIdParams, ZIndexNowKeyResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { presentIndexNowKey } from './index-now.presenter.ts';
import { projectIndexNowKey, verifyProjectKeyFile } from './index-now.service.ts';

const tags = ['projects'];
const security = [{ bearerAuth: [] }];

/** The project's IndexNow key (issue 11, action 3): see packages/shared/src/schemas/index-now.ts. */
export function indexNowRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const enabled = () => ctx.providers.indexing.adapters.some((indexer) => indexer.name === 'indexnow');
  const checker = keyFileChecker(app, ctx);

  r.get(
    '/projects/:id/index-now',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZIndexNowKeyResponse } } },
    async (req) => {
      const user = requireUser(req);
      const projectKey = await projectIndexNowKey(ctx.db, { userId: user.id, projectId: req.params.id });
      return { data: presentIndexNowKey(projectKey, { enabled: enabled() }) };
    },
  );

  r.post(
    '/projects/:id/index-now/verify',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZIndexNowKeyResponse } } },
    async (req) => {
      const user = requireUser(req);
      const projectKey = await verifyProjectKeyFile(
        { db: ctx.db, checker: checker() },
        { userId: user.id, projectId: req.params.id },
      );
      return { data: presentIndexNowKey(projectKey, { enabled: enabled() }) };
    },
  );
}

/**
 * The API process has no checker of its own (the worker's is built beside it in main.ts): this one
 * reads key files only, with the same private-network setting, made on the first check and closed
 * with the app.
 */
function keyFileChecker(app: FastifyInstance, ctx: AppContext): () => Checker {
  let checker: Checker | null = null;
  app.addHook('onClose', async () => {
    await checker?.close();
  });
  return () => {
    checker ??= createChecker({
      allowPrivateNetworks: ctx.config.checker.allowPrivateNetworks,
      parseThreads: 0,
      perHost: ctx.config.checker.perHost,
    });
    return checker;
  };
}
