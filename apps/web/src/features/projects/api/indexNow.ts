import type { TIndexNowKeyResponse } from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { projectKeys } from './keys.ts';

/** A project's IndexNow key and when its file was last found on the site. */
export function useIndexNowKey(projectId: number | string) {
  return useQuery({
    queryKey: projectKeys.indexNow(projectId),
    queryFn: () => api.get<TIndexNowKeyResponse>(`projects/${projectId}/index-now`).then((r) => r.data),
  });
}

/** Asks the server to look for the file; a failure clears the stored time, so the key is read again. */
export function useVerifyKeyFile(projectId: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<TIndexNowKeyResponse>(`projects/${projectId}/index-now/verify`).then((r) => r.data),
    onSuccess: (resource) => client.setQueryData(projectKeys.indexNow(projectId), resource),
    onError: () => client.invalidateQueries({ queryKey: projectKeys.indexNow(projectId) }),
  });
}
