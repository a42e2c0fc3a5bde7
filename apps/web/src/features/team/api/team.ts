import type {
  TInvitationAttributes,
  TInvitationRequest,
  TJoinRequest,
  TJoinResponse,
  TMemberAttributes,
  TMemberUpdateRequest,
  TPermissionAttributes,
} from '@linkwatch/shared';
import { PERMISSIONS_PAGE_SIZE } from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ListResponse, Resource } from '@/api/types.ts';
import { accountsQueryKey, noteAccountSwitch } from '@/lib/account.ts';
import { useLocale } from '@/lib/useLocale.tsx';
import { teamKeys } from './keys.ts';

export type Permission = Resource<'permissions', TPermissionAttributes>;

export const teamApi = {
  /** What an account member can be granted (spec: page size 1000, scope key `scope`). */
  permissions: () =>
    api
      .get<ListResponse<'permissions', TPermissionAttributes>>('permissions', {
        query: { 'page[size]': PERMISSIONS_PAGE_SIZE, 'filter[scope]': 'account' },
      })
      .then((r) => r.data),
  members: () =>
    api
      .get<ListResponse<'members', TMemberAttributes>>('team/members', { query: { 'page[size]': 200 } })
      .then((r) => r.data),
  invitations: () =>
    api
      .get<ListResponse<'invitations', TInvitationAttributes>>('team/invitations', {
        query: { 'page[size]': 200 },
      })
      .then((r) => r.data),
  invite: (payload: TInvitationRequest) => api.post('team/invitations', payload),
  revoke: (id: string | number) => api.delete(`team/invitations/${id}`),
  update: (id: string | number, payload: TMemberUpdateRequest) => api.put(`team/members/${id}`, payload),
  remove: (id: string | number) => api.delete(`team/members/${id}`),
  join: (code: string, payload: TJoinRequest) =>
    api.post<TJoinResponse>(`team/join/${encodeURIComponent(code)}`, payload ?? {}),
  switchTo: (id: string | number) => api.post(`user/accounts/${id}/switch`),
};

/** The grantable account permissions: they change only with a release, so read once per language. */
export function useAccountPermissions() {
  const locale = useLocale();
  return useQuery({
    queryKey: teamKeys.permissions(locale),
    queryFn: teamApi.permissions,
    staleTime: Number.POSITIVE_INFINITY,
    throwOnError: false,
  });
}

export function useMembers() {
  return useQuery({ queryKey: teamKeys.members, queryFn: teamApi.members, throwOnError: false });
}

export function useInvitations() {
  return useQuery({ queryKey: teamKeys.invitations, queryFn: teamApi.invitations, throwOnError: false });
}

type Callbacks = { onSuccess?: () => void; onError?: (error: Error) => void };

/** After a change the team and its invitations are read again, whether the change worked or not. */
function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

export function useInvite(callbacks: Callbacks & { onMutate?: () => void }) {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: teamApi.invite, ...callbacks, onSettled: refresh });
}

export function useRevokeInvitation(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: () => teamApi.revoke(id), ...callbacks, onSettled: refresh });
}

export function useUpdateMember(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (payload: TMemberUpdateRequest) => teamApi.update(id, payload),
    ...callbacks,
    onSettled: refresh,
  });
}

export function useRemoveMember(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn: () => teamApi.remove(id), ...callbacks, onSettled: refresh });
}

export function useJoin(code: string) {
  return useMutation({ mutationFn: (payload: TJoinRequest) => teamApi.join(code, payload) });
}

/**
 * Switching account: every cached answer belonged to the old account, so the cache starts afresh.
 * The callbacks go to the mutation itself, not to `mutate`: the menu that starts a switch closes (and
 * unmounts) at once, and `mutate`'s own callbacks would never run.
 */
export function useSwitchAccount(callbacks: {
  onSuccess?: (id: string | number) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: teamApi.switchTo,
    onSuccess: (_answer, id) => callbacks.onSuccess?.(id),
    onError: callbacks.onError,
    onSettled: async () => {
      noteAccountSwitch();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== accountsQueryKey[0] });
      await queryClient.invalidateQueries();
    },
  });
}
