import type { AccountPermissionKey, TAccountAttributes } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, api } from '@/api/client.ts';
import type { ListResponse, Resource } from '@/api/types.ts';
import { useToken } from './session.ts';

export type Account = Resource<'accounts', TAccountAttributes>;

/** The accounts the user works in (issue 27): their own, then each team they joined. */
export const accountsQueryKey = ['user', 'accounts'] as const;

export function fetchAccounts(): Promise<Account[]> {
  return api.get<ListResponse<'accounts', TAccountAttributes>>('user/accounts').then((r) => r.data);
}

export function useAccounts() {
  const token = useToken();
  return useQuery({
    queryKey: accountsQueryKey,
    queryFn: fetchAccounts,
    enabled: token !== null,
    staleTime: 60_000,
    throwOnError: false,
  });
}

/** The account the session works in, once read. */
export function useCurrentAccount(): Account | undefined {
  return useAccounts().data?.find((a) => a.attributes.isCurrent);
}

/**
 * Whether the current account lets the user do `permission`: the web app hides what a member cannot
 * do (the server refuses it anyway). Until the accounts are read it answers `whileLoading`: yes, as
 * for an owner, unless showing the thing would itself make a call a member may be refused.
 */
export function useCan(permission: AccountPermissionKey, whileLoading = true): boolean {
  const current = useCurrentAccount();
  if (!current) return whileLoading;
  return current.attributes.isOwner || current.attributes.permissions.includes(permission);
}

/**
 * Like useCan, for a background read nobody waits on (a sidebar badge): no while the accounts load, so a
 * member never fires a call they would be refused; yes if they could not be read (the server decides).
 */
export function useCanOnceRead(permission: AccountPermissionKey): boolean {
  const accounts = useAccounts();
  const current = accounts.data?.find((a) => a.attributes.isCurrent);
  if (current) return current.attributes.isOwner || current.attributes.permissions.includes(permission);
  return accounts.isError || accounts.data !== undefined;
}

/**
 * A page a member may not read (issue 27): once the current account is known and lacks `permission`,
 * the page throws the 403 the route's error page shows ('Access forbbiden'), as the console does for
 * non-admins, instead of firing calls the server refuses. While the accounts load it renders (an owner's
 * page never waits on them).
 */
export function useRequireCan(permission: AccountPermissionKey): void {
  if (!useCan(permission)) throw new ApiError({ status: 403, message: 'Access forbbiden', hint: permission });
}

let switches = 0;
const switchListeners = new Set<() => void>();

/** Notes that the session now works in another account: what follows the account (the live socket) starts again. */
export function noteAccountSwitch(): void {
  switches += 1;
  for (const listener of switchListeners) listener();
}

/** How many times this tab's session switched account: a dependency for what must follow it. */
export function useAccountSwitches(): number {
  return useSyncExternalStore(
    (listener) => {
      switchListeners.add(listener);
      return () => switchListeners.delete(listener);
    },
    () => switches,
  );
}
