import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../http/prefix.ts';

/**
 * The known-device cookie (login.service.ts): a random token the server alone reads, so HttpOnly,
 * sent only to the auth calls, and never cross-site. Not the access token: that one is the web app's.
 */
const NAME = 'lw_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function deviceToken(req: FastifyRequest): string | null {
  const value = new RegExp(`(?:^|;\\s*)${NAME}=([A-Za-z0-9_-]{20,100})(?:;|$)`).exec(
    req.headers.cookie ?? '',
  );
  return value?.[1] ?? null;
}

export function setDeviceCookie(reply: FastifyReply, params: { token: string; secure: boolean }) {
  const attributes = [
    `${NAME}=${params.token}`,
    `Path=${API_PREFIX}/auth`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(params.secure ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}
