import type {
  TAlertRuleRequest,
  TAlertSettingsRequest,
  ZAlertChannelResponse,
  ZAlertOverviewResponse,
  ZAlertRuleResponse,
  ZTelegramConnectResponse,
} from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';

export type AlertOverview = z.infer<typeof ZAlertOverviewResponse>['data'];
export type AlertChannel = AlertOverview['channels'][number];
export type AlertRule = z.infer<typeof ZAlertRuleResponse>['data'];
export type TelegramConnect = z.infer<typeof ZTelegramConnectResponse>['data'];

export const alertKeys = {
  all: ['alerts'] as const,
  overview: () => ['alerts', 'overview'] as const,
  rule: (project: string) => ['alerts', 'rule', project] as const,
};

/**
 * The user's channels and digest hour. While a Telegram chat is awaited (a start link given, not used
 * yet) it is read again every few seconds, so the status turns "connected" by itself.
 */
export function useAlertOverview() {
  return useQuery({
    queryKey: alertKeys.overview(),
    queryFn: async () => (await api.get<z.infer<typeof ZAlertOverviewResponse>>('alerts')).data,
    refetchInterval: (query) =>
      query.state.data?.channels.some((c) => c.attributes.status === 'pending') ? 3_000 : false,
  });
}

export function useAlertRule(project: string) {
  return useQuery({
    queryKey: alertKeys.rule(project),
    queryFn: async () =>
      (await api.get<z.infer<typeof ZAlertRuleResponse>>(`projects/${project}/alerts`)).data,
  });
}

function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useSaveAlertRule(project: string) {
  return useInvalidating((body: TAlertRuleRequest) =>
    api.put<z.infer<typeof ZAlertRuleResponse>>(`projects/${project}/alerts`, body),
  );
}

export function useSaveAlertSettings() {
  return useInvalidating((body: TAlertSettingsRequest) =>
    api.put<z.infer<typeof ZAlertOverviewResponse>>('alerts/settings', body),
  );
}

export function useConnectSlack() {
  return useInvalidating((url: string) =>
    api.put<z.infer<typeof ZAlertChannelResponse>>('alerts/channels/slack', { url }),
  );
}

export function useConnectTelegram() {
  return useInvalidating(
    async () => (await api.post<z.infer<typeof ZTelegramConnectResponse>>('alerts/channels/telegram')).data,
  );
}

export function useRemoveChannel() {
  return useInvalidating((id: number) => api.delete<true>(`alerts/channels/${id}`));
}

export function useResumeChannel() {
  return useInvalidating((id: number) =>
    api.post<z.infer<typeof ZAlertChannelResponse>>(`alerts/channels/${id}/resume`),
  );
}
