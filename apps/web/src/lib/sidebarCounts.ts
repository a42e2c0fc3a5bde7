import { filterParams, TaskStatus } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { useCanOnceRead } from './account.ts';
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
  wiki: ['sidebar', 'wiki'] as const,
};

/**
 * Badges are a nicety: any failure shows no badge.
 */
export function useSidebarCounts() {
  const enabled = useToken() !== null;
  // Issue 27: both counts are reports.read; a member without it is not sent asking.
  const canReadReports = useCanOnceRead('reports.read');
  const countsEnabled = enabled && canReadReports;
  const tasks = useQuery({
    queryKey: sidebarCountKeys.tasks,
    enabled: countsEnabled,
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
    enabled: countsEnabled,
    staleTime: COUNT_STALE_MS,
    queryFn: () =>
      quietly(() => api.get<{ data: { count: number } }>('reports/new').then((r) => r.data.count)),
  });
  // spec point 7: the wiki's badge reads data.attributes.count; it is 0 once the reader opens the wiki.
  const wiki = useQuery({
    queryKey: sidebarCountKeys.wiki,
    enabled,
    staleTime: COUNT_STALE_MS,
    queryFn: () =>
      quietly(() =>
        api
          .get<{ data: { attributes: { count: number } } }>('wiki/count')
          .then((r) => r.data.attributes.count),
      ),
  });
  return { tasks: tasks.data ?? null, reports: reports.data ?? null, wiki: wiki.data ?? null };
}
