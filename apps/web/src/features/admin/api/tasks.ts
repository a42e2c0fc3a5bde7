import type {
  TAdminProviderListResponse,
  TAdminTaskAttributes,
  TAdminTaskResponse,
  TAdminWorkerListResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ListResponse } from '@/api/types.ts';

export type AdminTaskList = ListResponse<'adminTasks', TAdminTaskAttributes>;
export type AdminTask = TAdminTaskResponse['data'];
export interface TaskListFilters {
  state?: 'running' | 'waiting';
  user?: string;
  page: number;
}

const taskKeys = {
  all: ['admin', 'tasks'] as const,
  list: (filters: TaskListFilters) => ['admin', 'tasks', 'list', filters] as const,
  task: (id: number) => ['admin', 'tasks', id] as const,
  workers: ['admin', 'workers'] as const,
  providers: ['admin', 'providers'] as const,
};

/** `GET admin/tasks`: waiting and running tasks of all customers, newest first. */
export function useAdminTasks(filters: TaskListFilters) {
  return useQuery({
    queryKey: taskKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<AdminTaskList>('admin/tasks', {
        signal,
        query: {
          'filter[status]': filters.state,
          'filter[user]': filters.user,
          'page[number]': filters.page,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET admin/tasks/{id}`: item counts and failed items. */
export function useAdminTask(id: number | null) {
  return useQuery({
    queryKey: taskKeys.task(id ?? 0),
    queryFn: ({ signal }) => api.get<TAdminTaskResponse>(`admin/tasks/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });
}

/** `POST admin/tasks/{id}/cancel`: the customer's refund; the lists are read again. */
export function useCancelTask(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<TAdminTaskResponse>(`admin/tasks/${id}/cancel`, { reason }).then((r) => r.data),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: taskKeys.workers });
    },
  });
}

/** `GET admin/workers`: processes seen in the last minutes, read again every 30 seconds. */
export function useAdminWorkers() {
  return useQuery({
    queryKey: taskKeys.workers,
    queryFn: ({ signal }) => api.get<TAdminWorkerListResponse>('admin/workers', { signal }),
    refetchInterval: 30_000,
  });
}

/** `GET admin/providers`: each outside provider's health, read again every 30 seconds. */
export function useAdminProviders() {
  return useQuery({
    queryKey: taskKeys.providers,
    queryFn: ({ signal }) => api.get<TAdminProviderListResponse>('admin/providers', { signal }),
    refetchInterval: 30_000,
  });
}
