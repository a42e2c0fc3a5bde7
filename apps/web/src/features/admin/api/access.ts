import type { ConsolePermissionKey, TAdminOperatorResponse } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { adminKeys } from './keys.ts';

/** The console section each key opens (the server checks the same keys on each call). */
export const SECTION_KEYS = {
  users: 'console.users.read',
  prices: 'console.prices.update',
  settings: 'console.settings.update',
  tasks: 'console.tasks.manage',
  partners: 'console.partners.manage',
  wiki: 'console.wiki.manage',
  audit: 'console.audit.read',
} as const satisfies Record<string, ConsolePermissionKey>;

/**
 * What the signed-in operator may do in the console (`GET admin/me`). Until it is known (or when it
 * cannot be read) everything is shown: the server refuses what the operator lacks anyway, and an
 * operator with the whole console (the usual case) sees no flicker.
 */
export function useConsoleAccess() {
  const me = useQuery({
    queryKey: adminKeys.operator,
    queryFn: ({ signal }) => api.get<TAdminOperatorResponse>('admin/me', { signal }).then((r) => r.data),
    staleTime: 60_000,
    // Not knowing is not an error page: the sections stay, and the server still checks each call.
    throwOnError: false,
    retry: false,
  });
  const attributes = me.data?.attributes;
  return {
    known: attributes !== undefined,
    wholeConsole: attributes?.wholeConsole ?? true,
    can: (key: ConsolePermissionKey) => attributes === undefined || attributes.permissions.includes(key),
  };
}
