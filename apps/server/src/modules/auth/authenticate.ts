import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { bearerToken } from '../../http/auth.ts';
import { findUserByAccessToken } from './auth.queries.ts';

/** Resolves the bearer token once per request, so routes can call requireUser synchronously. */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (!token) return;
    req.user = await findUserByAccessToken(db, token);
    req.accessToken = req.user ? token : null;
  });
}
