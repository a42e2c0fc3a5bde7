import { filterParams, TaskStatus } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { quietly } from './quietly.ts';
import { useToken } from './session.ts';

const COUNT_STALE_MS = 30_000;

/**
 * The sidebar badges are app-wide state: tasks and reports change them, the realtime bridge writes
 * ActionCount and NewReportCount events into them. All under `sidebar`, so one invalidation refreshes
 * every badge.
 */
export const sidebarCountKeys = {
  all: ['sidebar'] as const,
  tasks: ['sidebar', 'tasks'] as const,
  reports: ['sidebar', 'reports'] as const,
};

/**
 * Badges are a nicety: any failure shows no badge. Only sections that exist have one (the wiki's
 * count comes with the wiki, not before: a call to a route that does not exist is a 404 on every page).
 */
export function useSidebarCounts() {
  const enabled = useToken() !== null;
  const tasks = useQuery({
    queryKey: sidebarCountKeys.tasks,
    enabled,
    staleTime: COUNT_STALE_MS,
    // spec point 7: the task count is fetched with filter[statuses] set to process and waiting.
    queryFn: () =>
      quietly(() =>
        api
          .get<{ data: { count: number } }>('actions/count', {
            query: filterParams({ statuses: [TaskStatus.Process, TaskStatus.Waiting] }),
          })
          .then((r) => r.data.count),
      ),
  });
  const reports = useQuery({
    queryKey: sidebarCountKeys.reports,
    enabled,
    staleTime: COUNT_STALE_MS,
    queryFn: () =>
      quietly(() => api.get<{ data: { count: number } }>('reports/new').then((r) => r.data.count)),
  });
  return { tasks: tasks.data ?? null, reports: reports.data ?? null };
}
