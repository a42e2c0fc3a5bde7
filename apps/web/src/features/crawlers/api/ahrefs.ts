import { ActionCode } from '@linkwatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@/api/client.ts';
import { actionsApi, isTaskFinished, taskKeys } from '@/features/tasks';
import { crawlerKeys } from './keys.ts';

const POLL_MS = 1500;

/** A started Ahrefs pull (a task), polled until it ends: the socket's events carry notifications, not this task. */
export function useAhrefsPull(id: number | string | null) {
  return useQuery({
    queryKey: crawlerKeys.pull(id ?? ''),
    enabled: id !== null,
    queryFn: () => actionsApi.get(id ?? '').then((r) => r.data),
    refetchInterval: (query) => (query.state.data && isTaskFinished(query.state.data) ? false : POLL_MS),
  });
}

type StartResult = Awaited<ReturnType<typeof actionsApi.start>>;

/** Action 10, "load to crawlers"; whether it started or not, the task lists are read again. */
export function useStartAhrefsPull(
  query: Query,
  callbacks: { onSuccess: (result: StartResult) => void; onError: (error: Error) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => actionsApi.start(ActionCode.LoadToCrawlers, query),
    ...callbacks,
    onSettled: () => client.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
