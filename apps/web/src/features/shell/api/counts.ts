import { FIRST_PAGE, OPTIONS_PAGE_SIZE, TaskStatus } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ListResponse } from '@/api/types.ts';
import { useToken } from '@/lib/session.ts';

/** Badges are a nicety: any failure (404 while the endpoint does not exist yet) shows no badge. */
async function quietly<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}

const COUNT_STALE_MS = 30_000;

/** The realtime bridge writes ActionCount and NewReportCount events into these, so the badges are live. */
export const sidebarCountKeys = {
  tasks: ['sidebar', 'tasks'] as const,
  reports: ['sidebar', 'reports'] as const,
};

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
            query: { 'filter[statuses]': [TaskStatus.Process, TaskStatus.Waiting] },
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
  const wiki = useQuery({
    queryKey: ['sidebar', 'wiki'],
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

export type ProjectOption = { id: string | number; name: string };

/** spec point 7: project options, page 1 of 100 sorted by isFavorite; errors swallowed. */
export function useProjectOptions() {
  const enabled = useToken() !== null;
  return useQuery({
    queryKey: ['projects', 'options'],
    enabled,
    staleTime: 60_000,
    queryFn: () =>
      quietly(() =>
        api
          .get<ListResponse<'projects', { name: string }>>('projects', {
            query: { 'page[number]': FIRST_PAGE, 'page[size]': OPTIONS_PAGE_SIZE, sort: 'isFavorite' },
          })
          .then((r) => r.data.map((p): ProjectOption => ({ id: p.id, name: p.attributes.name }))),
      ),
  });
}
