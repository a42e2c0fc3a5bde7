import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bearerToken } from '../../http/auth.ts';
import { accountOf } from '../auth/authenticate.ts';
import { authenticateApiKey } from './api-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request was made with (issue 32); null on a session's or a guest's request. */
    apiKeyId: number | null;
  }
}

/**
 * A Bearer token that is no session may be an API key: registered after the session's hook
 * (modules/auth/authenticate.ts), so a key's request reaches every route as its maker's in the key's
 * account, within the key's scopes and limit and the maker's permissions there. Refusals (429, 403) come before the route's own checks.
 */
export function registerApiKeyAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('apiKeyId', null);
  app.addHook('onRequest', async (req) => {
    if (req.user) return;
    const token = bearerToken(req);
    if (!token) return;
    const auth = await authenticateApiKey(ctx, { token, method: req.method, route: req.routeOptions.url });
    if (!auth) return;
    // A key works in the account it was made in, with what its maker holds there now (issue 27 with
    // 32): a member's key has the member's permissions, and stops when they leave the team.
    const account = await accountOf(ctx.db, auth.user, auth.accountId);
    if (!account) return;
    req.user = auth.user;
    req.account = account;
    req.apiKeyId = auth.apiKeyId;
  });
}
