import { PARTICIPANT_ROLE_USER, type TUserAttributes } from '@linkwatch/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '@/api/client.ts';
import { clearToken, getToken, subscribeToken } from '@/api/token.ts';
import type { Resource, ResourceResponse } from '@/api/types.ts';

export type User = Resource<'users', TUserAttributes>;

export const meQueryKey = ['user', 'me'] as const;

export function fetchMe(): Promise<User> {
  return api.get<ResourceResponse<'users', TUserAttributes>>('user/me').then((r) => r.data);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, getToken);
}

/** The logged-in user; disabled (and `undefined`) while logged out. */
export function useMe() {
  const token = useToken();
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, enabled: token !== null, staleTime: 60_000 });
}

/** spec point 6: a non-admin whose participant role id is not 1 belongs on the payrolls page. */
export function belongsOnPayrolls(user: TUserAttributes): boolean {
  return !user.isAdmin && user.participant?.roleId !== PARTICIPANT_ROLE_USER;
}

/** spec point 7: logout failures are ignored; the local session is cleared either way. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api.post<boolean>('auth/logout');
  } catch {
    // ignored on purpose
  }
  clearToken('logout');
  // Clears the user, the balance and every cached page of the old session.
  queryClient.clear();
}

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => logout(queryClient);
}
