import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema/index.ts';
import { unauthenticated } from '../errors.ts';

/** The signed-in user, set on each request by the auth module's hook (modules/auth/authenticate.ts). */
export type CurrentUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    accessToken: string | null;
    /** The operator acting as `user` (issue 28), on an operator's time-limited session; else null. */
    impersonatorId: number | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

export function requireUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}
