import {
  DEFAULT_PAGE_SIZE,
  type TCreateScheduleRequest,
  type TScheduleProjectResource,
  type TScheduleResource,
  type ZScheduleProjectListResponse,
  type ZScheduleResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';

export type ScheduleGroup = TScheduleProjectResource;
export type ScheduledCampaign = ScheduleGroup['attributes']['campaigns'][number];
export type Schedule = TScheduleResource;

export const scheduleKeys = {
  all: ['schedules'] as const,
  groups: (page: number) => ['schedules', 'projects', page] as const,
};

export function useScheduleGroups(page: number) {
  return useQuery({
    queryKey: scheduleKeys.groups(page),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<z.infer<typeof ZScheduleProjectListResponse>>('schedules/projects', {
        query: { 'page[number]': page, 'page[size]': DEFAULT_PAGE_SIZE },
      }),
  });
}

/** A campaign without a schedule of this action gets one (POST); an existing one is changed (PUT). */
export function saveSchedule({ id, body }: { id: number | null; body: TCreateScheduleRequest }) {
  return id
    ? api.put<z.infer<typeof ZScheduleResponse>>(`schedules/${id}`, body)
    : api.post<z.infer<typeof ZScheduleResponse>>('schedules/', body);
}

/** Saves a schedule; after the component's reaction to a success the schedules are read again. */
export function useSaveSchedule(callbacks: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: () => {
      callbacks.onSuccess();
      return queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
    onError: callbacks.onError,
  });
}
