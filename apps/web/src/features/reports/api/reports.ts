import { DEFAULT_PAGE_SIZE, type FilterName, filterParams, type ZReportQuery } from '@linkwatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/api/client.ts';
import { reportKeys } from './keys.ts';
import type { ReportCounts, ReportFilters, ReportLinkList } from './types.ts';

/** The filter part of every report call; `filter[project]` is required by the server. */
export function reportQuery(filters: Omit<ReportFilters, 'page'>): Query {
  return filterParams<FilterName<typeof ZReportQuery>>({
    project: filters.project,
    campaign: filters.campaign,
    changesType: filters.type,
  });
}

export function useReportLinks(filters: ReportFilters) {
  return useQuery({
    queryKey: reportKeys.links(filters),
    enabled: Boolean(filters.project),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<ReportLinkList>('reports/links', {
        query: { ...reportQuery(filters), 'page[number]': filters.page, 'page[size]': DEFAULT_PAGE_SIZE },
        signal,
      }),
  });
}

export function useReportCounts(filters: Omit<ReportFilters, 'page' | 'type'>) {
  return useQuery({
    queryKey: reportKeys.counts(filters),
    enabled: Boolean(filters.project),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<{ data: { attributes: ReportCounts } }>('reports/counts', { query: reportQuery(filters) })
        .then((r) => r.data.attributes),
  });
}

/** spec point 4: new reports are marked as seen through a call; the answer is the new-report count. */
export function markReportsSeen(actionIds: number[]) {
  return api
    .post<{ data: { count: number } }>('reports/actions', { actions: actionIds })
    .then((r) => r.data.count);
}
