import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { unauthenticated } from '../../errors.ts';
import { bearerToken } from '../../http/auth.ts';
import { findSession } from './auth.queries.ts';

/**
 * Resolves the bearer token once per request, so routes can call requireUser synchronously; a route
 * documented as secured answers 401 to a guest before its input is validated (a guest learns nothing
 * of a route's rules).
 */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);
  app.decorateRequest('impersonatorId', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (!token) return;
    const session = await findSession(db, token);
    req.user = session?.user ?? null;
    req.accessToken = session ? token : null;
    req.impersonatorId = session?.impersonatorId ?? null;
  });
  app.addHook('preValidation', async (req) => {
    const secured = (req.routeOptions.schema?.security?.length ?? 0) > 0;
    if (secured && !req.user) throw unauthenticated();
  });
}
