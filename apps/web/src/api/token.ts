import { deleteCookie, getCookie, setCookie } from './cookies.ts';

/**
 * The access token lives in the cookie `auth._token` (spec point 9: auth cookie prefix `auth.`),
 * SameSite=Lax, Secure over https. The server reads it only from the Authorization header.
 */
const TOKEN_COOKIE = 'auth._token';
const TOKEN_DAYS = 30;

/** Why the session last ended: an explicit logout does not remember the page, an expired session does. */
export type EndReason = 'logout' | 'expired';

let token: string | null = typeof document === 'undefined' ? null : getCookie(TOKEN_COOKIE);
let endReason: EndReason | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return token;
}

export function getEndReason(): EndReason | null {
  return endReason;
}

export function setToken(value: string): void {
  token = value;
  endReason = null;
  setCookie({ name: TOKEN_COOKIE, value, days: TOKEN_DAYS });
  emit();
}

export function clearToken(reason: EndReason): void {
  if (token === null) return;
  token = null;
  endReason = reason;
  deleteCookie(TOKEN_COOKIE);
  emit();
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start each case from a clean session. */
export function resetTokenForTests(value: string | null = null): void {
  token = value;
  endReason = null;
  if (value) setCookie({ name: TOKEN_COOKIE, value, days: TOKEN_DAYS });
  else deleteCookie(TOKEN_COOKIE);
}

/** The login page forgets why the last session ended, so the next guard redirect remembers the page again. */
export function resetEndReason(): void {
  endReason = null;
}
