import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '@/api/client.ts';
import { getToken, setToken } from '@/api/token.ts';

/**
 * An operator acting as a customer (issue 28): the acting session's token is the app's token for the
 * time being, and the operator's own waits in this tab's session storage until they leave.
 */
export type ActingSession = { operatorToken: string; userId: number; email: string; expiresAt: string };

const KEY = 'linkwatch.acting';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: ActingSession | null } = { raw: null, value: null };

function read(): ActingSession | null {
  const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let value: ActingSession | null = null;
    try {
      value = raw ? (JSON.parse(raw) as ActingSession) : null;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value;
}

function write(value: ActingSession | null) {
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActingSession(): ActingSession | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Switches this tab to the customer: the cache of the operator's own reads goes. */
export function beginActing(params: {
  queryClient: QueryClient;
  accessToken: string;
  session: Omit<ActingSession, 'operatorToken'>;
}) {
  const operatorToken = getToken();
  if (!operatorToken) return;
  write({ ...params.session, operatorToken });
  params.queryClient.clear();
  setToken(params.accessToken);
}

/** Ends the acting session (on the server too, which audits it) and brings the operator back. */
export async function endActing(queryClient: QueryClient): Promise<ActingSession | null> {
  const session = read();
  if (!session) return null;
  try {
    await api.delete<boolean>('impersonation');
  } catch {
    // An expired or ended session has nothing left to end; the operator comes back either way.
  }
  write(null);
  queryClient.clear();
  setToken(session.operatorToken);
  return session;
}
