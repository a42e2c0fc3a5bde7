import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { findUserByAccessToken } from '../modules/auth/auth.queries.ts';
import { unauthenticated } from './errors.ts';

export type CurrentUser = NonNullable<Awaited<ReturnType<typeof findUserByAccessToken>>>;

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    accessToken: string | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

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

export function requireUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}
