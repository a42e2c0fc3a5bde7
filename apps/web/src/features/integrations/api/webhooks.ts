import type {
  TCreatedWebhookResponse,
  TCreateWebhookRequest,
  ZWebhookDeliveryListResponse,
  ZWebhookListResponse,
} from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';
import { integrationKeys } from './keys.ts';

export const webhooksApi = {
  list: () => api.get<z.infer<typeof ZWebhookListResponse>>('user/webhooks').then((r) => r.data),
  create: (payload: TCreateWebhookRequest) =>
    api.post<TCreatedWebhookResponse>('user/webhooks', payload).then((r) => r.data),
  remove: (id: string | number) => api.delete<true>(`user/webhooks/${id}`),
  enable: (id: string | number) => api.post(`user/webhooks/${id}/enable`),
  deliveries: (id: string | number) =>
    api
      .get<z.infer<typeof ZWebhookDeliveryListResponse>>(`user/webhooks/${id}/deliveries`)
      .then((r) => r.data),
  resend: (deliveryId: string | number) => api.post(`user/webhooks/deliveries/${deliveryId}/resend`),
};

export function useWebhooks() {
  return useQuery({ queryKey: integrationKeys.webhooks, queryFn: webhooksApi.list, throwOnError: false });
}

/** An endpoint's delivery log, read while it is open. */
export function useDeliveries(endpointId: string | number, enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.deliveries(endpointId),
    queryFn: () => webhooksApi.deliveries(endpointId),
    enabled,
    throwOnError: false,
  });
}

type Callbacks<T = void> = { onSuccess: (value: T) => void; onError: (error: Error) => void };

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks });
}

export function useCreateWebhook(
  callbacks: Callbacks<TCreatedWebhookResponse['data']> & { onMutate: () => void },
) {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: webhooksApi.create, ...callbacks, onSettled: refresh });
}

export function useRemoveWebhook(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: () => webhooksApi.remove(id),
    onSuccess: () => callbacks.onSuccess(),
    onError: callbacks.onError,
    onSettled: refresh,
  });
}

export function useEnableWebhook(id: string | number, callbacks: Callbacks) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: () => webhooksApi.enable(id),
    onSuccess: () => callbacks.onSuccess(),
    onError: callbacks.onError,
    onSettled: refresh,
  });
}

export function useResendDelivery(endpointId: string | number, callbacks: Callbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string | number) => webhooksApi.resend(deliveryId),
    onSuccess: () => callbacks.onSuccess(),
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(endpointId) }),
  });
}
