import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { useNewReportCount } from '@/features/reports';
import { useActiveTaskCount } from '@/features/tasks';
import { quietly } from '@/lib/quietly.ts';
import { useToken } from '@/lib/session.ts';

const COUNT_STALE_MS = 30_000;

/** The wiki has no feature of its own yet; its badge is read here. Any failure shows no badge. */
function useWikiCount() {
  const enabled = useToken() !== null;
  return useQuery({
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
}

/** The sidebar badges; the realtime bridge writes ActionCount and NewReportCount events into them. */
export function useSidebarCounts() {
  const tasks = useActiveTaskCount();
  const reports = useNewReportCount();
  const wiki = useWikiCount();
  return { tasks: tasks.data ?? null, reports: reports.data ?? null, wiki: wiki.data ?? null };
}
