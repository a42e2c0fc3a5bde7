import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bearerToken } from '../../http/auth.ts';
import { ownAccount } from '../auth/authenticate.ts';
import { authenticateApiKey } from './api-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request was made with (issue 32); null on a session's or a guest's request. */
    apiKeyId: number | null;
  }
}

/**
 * A Bearer token that is no session may be an API key: registered after the session's hook
 * (modules/auth/authenticate.ts), so a key's request reaches every route as its owner's, within the
 * key's scopes and limit. Refusals (429, 403) come before the route's own checks.
 */
export function registerApiKeyAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('apiKeyId', null);
  app.addHook('onRequest', async (req) => {
    if (req.user) return;
    const token = bearerToken(req);
    if (!token) return;
    const auth = await authenticateApiKey(ctx, { token, method: req.method, route: req.routeOptions.url });
    if (!auth) return;
    req.user = auth.user;
    // A key is personal (issue 27 with 32): it works in its maker's own account, never in a team's
    // account they are a member of, so it holds at most what its maker holds there: everything.
    req.account = ownAccount(auth.user);
    req.apiKeyId = auth.apiKeyId;
  });
}
