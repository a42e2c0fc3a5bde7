import type { TCreateApiKeyRequest, TCreatedApiKeyResponse, ZApiKeyListResponse } from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';
import { integrationKeys } from './keys.ts';

export const apiKeysApi = {
  list: () => api.get<z.infer<typeof ZApiKeyListResponse>>('user/api-keys').then((r) => r.data),
  create: (payload: TCreateApiKeyRequest) =>
    api.post<TCreatedApiKeyResponse>('user/api-keys', payload).then((r) => r.data),
  revoke: (id: string | number) => api.delete<true>(`user/api-keys/${id}`),
};

export function useApiKeys() {
  return useQuery({ queryKey: integrationKeys.apiKeys, queryFn: apiKeysApi.list, throwOnError: false });
}

type Callbacks<T = void> = { onSuccess: (value: T) => void; onError: (error: Error) => void };

function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys });
}

export function useCreateApiKey(
  callbacks: Callbacks<TCreatedApiKeyResponse['data']> & { onMutate: () => void },
) {
  const refresh = useRefreshApiKeys();
  return useMutation({ mutationFn: apiKeysApi.create, ...callbacks, onSettled: refresh });
}

export function useRevokeApiKey(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: () => apiKeysApi.revoke(id),
    onSuccess: () => callbacks.onSuccess(),
    onError: callbacks.onError,
    onSettled: refresh,
  });
}
