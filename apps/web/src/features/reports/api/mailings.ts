import type { TCreateMailingRequest, TUpdateMailingRequest, ZMailingListResponse } from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';
import { reportKeys } from './keys.ts';

export const mailingsApi = {
  list: () =>
    api
      .get<z.infer<typeof ZMailingListResponse>>('mailings', { query: { 'page[size]': 100 } })
      .then((r) => r.data),
  create: (payload: TCreateMailingRequest) => api.post('mailings/', payload),
  update: (id: string | number, patch: TUpdateMailingRequest) => api.put(`mailings/${id}`, patch),
  remove: (id: string | number) => api.delete(`mailings/${id}`),
};

/** Report recipients (the profile's section). */
export function useMailings() {
  return useQuery({ queryKey: reportKeys.mailings, queryFn: mailingsApi.list, throwOnError: false });
}

type Callbacks = { onSuccess: () => void; onError: (error: Error) => void };

/** After a change the list is read again, whether the change worked or not. */
function useRefreshMailings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportKeys.mailings });
}

export function useUpdateMailing(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshMailings();
  return useMutation({
    mutationFn: (patch: TUpdateMailingRequest) => mailingsApi.update(id, patch),
    ...callbacks,
    onSettled: refresh,
  });
}

export function useRemoveMailing(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshMailings();
  return useMutation({ mutationFn: () => mailingsApi.remove(id), ...callbacks, onSettled: refresh });
}

export function useCreateMailing({ onMutate, onSuccess, onError }: Callbacks & { onMutate: () => void }) {
  const refresh = useRefreshMailings();
  return useMutation({
    mutationFn: mailingsApi.create,
    onMutate,
    onSuccess: () => {
      onSuccess();
      return refresh();
    },
    onError,
  });
}
