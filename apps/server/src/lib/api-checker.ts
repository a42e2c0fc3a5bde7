import { type Checker, createChecker } from '@linkwatch/checker';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * The API process has no checker of its own (the worker's is built beside it in main.ts): this one
 * fetches small files (IndexNow key files, favicons) through the checks' SSRF guard, with the same
 * private-network setting (and the offline demo's sample web let through, as the worker's checker
 * does), made at its first use and closed with the app.
 */
export function apiChecker(app: FastifyInstance, ctx: AppContext): () => Checker {
  let checker: Checker | null = null;
  app.addHook('onClose', async () => {
    await checker?.close();
  });
  return () => {
    checker ??= createChecker({
      allowPrivateNetworks: ctx.config.checker.allowPrivateNetworks,
      allowOrigins: ctx.config.demo ? [`127.0.0.1:${ctx.config.demoWebPort}`] : [],
      parseThreads: 0,
      perHost: ctx.config.checker.perHost,
    });
    return checker;
  };
}
