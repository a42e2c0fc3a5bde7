import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { unauthenticated } from '../../errors.ts';
import { bearerToken } from '../../http/auth.ts';
import { findUserByAccessToken } from './auth.queries.ts';

/**
 * Resolves the bearer token once per request, so routes can call requireUser synchronously; a route
 * documented as secured answers 401 to a guest before its input is validated (a guest learns nothing
 * of a route's rules).
 */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (!token) return;
    req.user = await findUserByAccessToken(db, token);
    req.accessToken = req.user ? token : null;
  });
  app.addHook('preValidation', async (req) => {
    const secured = (req.routeOptions.schema?.security?.length ?? 0) > 0;
    if (secured && !req.user) throw unauthenticated();
  });
}
