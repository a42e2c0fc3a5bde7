import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import { markReportsSeen } from './reports.ts';
import type { ReportLink } from './types.ts';

/**
 * The tasks whose reports are on screen are marked seen once (spec point 4), and the sidebar's
 * new-report count takes the server's answer. The items keep their "new" mark until the next visit.
 */
export function useMarkSeen(items: readonly ReportLink[] | undefined) {
  const queryClient = useQueryClient();
  const posted = useRef(new Set<number>());
  useEffect(() => {
    const ids = [
      ...new Set(
        (items ?? [])
          .filter((item) => !item.attributes.seen && item.attributes.actionId !== null)
          .map((item) => item.attributes.actionId as number),
      ),
    ].filter((id) => !posted.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) posted.current.add(id);
    markReportsSeen(ids)
      .then((count) => queryClient.setQueryData(sidebarCountKeys.reports, count))
      .catch(() => {
        for (const id of ids) posted.current.delete(id);
      });
  }, [items, queryClient]);
}
