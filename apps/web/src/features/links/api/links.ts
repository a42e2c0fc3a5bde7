import type {
  TLinkAttributes,
  TLinkResource,
  TUploadResult,
  ZBacklinkResource,
  ZCheckHistoryResource,
  ZIndexHistoryListResponse,
  ZIndexHistoryResource,
  ZLinkChartResponse,
  ZLinkResponse,
  ZReportTrendResponse,
} from '@linkwatch/shared';
import { pickFilters } from '@linkwatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';
import { linkKeys } from './keys.ts';
import { linkListQuery } from './linkListQuery.ts';
import { linkCodesQuery, linkCountsQuery, linkStatisticQuery } from './summaryQueries.ts';

export type Link = TLinkResource;
export type { TLinkAttributes, TUploadResult };
export type Backlink = z.infer<typeof ZBacklinkResource>;
export type CheckHistory = z.infer<typeof ZCheckHistoryResource>;
export type IndexHistory = z.infer<typeof ZIndexHistoryResource>;
export type { LinkCodes, LinkCounts, LinkStatistic } from './summaryQueries.ts';
export type LinkChart = z.infer<typeof ZLinkChartResponse>['data']['attributes'];
export type FoundLostTrend = z.infer<typeof ZReportTrendResponse>['data']['attributes'];

export type { LinkListPage } from './linkListQuery.ts';

type LinkDetails = z.infer<typeof ZLinkResponse>;
type IndexHistoryPage = z.infer<typeof ZIndexHistoryListResponse>;

export function useLinks(query: Query, enabled = true) {
  return useQuery({ ...linkListQuery(query), enabled, placeholderData: keepPreviousData });
}

export function useLinkCounts(query: Query) {
  return useQuery(linkCountsQuery(query));
}

export function useLinkCodes(query: Query) {
  return useQuery({ ...linkCodesQuery(query), placeholderData: keepPreviousData });
}

export function useLinkStatistic(query: Query) {
  return useQuery({ ...linkStatisticQuery(query), placeholderData: keepPreviousData });
}

export function useLinkChart(query: Query, enabled = true) {
  return useQuery({
    queryKey: linkKeys.chart(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<{ data: { attributes: LinkChart } }>('links/chart', { query }).then((r) => r.data.attributes),
  });
}

/** Backlinks found and lost per day (`reports/trend`), for the list's campaign or project. */
export function useFoundLostTrend(query: Query, enabled = true) {
  const scope = pickFilters(query, ['campaign', 'project']);
  return useQuery({
    queryKey: linkKeys.trend(scope),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<{ data: { attributes: FoundLostTrend } }>('reports/trend', { query: scope })
        .then((r) => r.data.attributes),
  });
}

export function useLinkDetails(id: string | number | null) {
  return useQuery({
    queryKey: linkKeys.one(id ?? ''),
    enabled: id !== null,
    // A link deleted since the list was read (by a teammate, a task, another tab) is the panel's message,
    // not the page's 404.
    throwOnError: false,
    queryFn: async () => {
      const r = await api.get<LinkDetails>(`links/${id}`, {
        query: { include: 'backlinks,histories,indexHistories' },
      });
      const included = r.included ?? [];
      return {
        link: r.data,
        backlinks: included.filter((i): i is Backlink => i.type === 'backlinks'),
        histories: included.filter((i): i is CheckHistory => i.type === 'backlinkCheckHistories'),
        indexHistories: included.filter((i): i is IndexHistory => i.type === 'indexHistories'),
      };
    },
  });
}

export function useIndexHistories(query: Query) {
  return useQuery({
    queryKey: linkKeys.indexHistories(query),
    placeholderData: keepPreviousData,
    queryFn: () => api.get<IndexHistoryPage>('index-histories', { query }),
  });
}

export const linksApi = {
  update: (id: string | number, payload: { url: string; comment: string | null }) =>
    api.put<Pick<LinkDetails, 'data'>>(`links/${id}`, payload),
  deleteBacklink: (id: string | number) => api.delete<boolean>(`backlinks/${id}`),
};
