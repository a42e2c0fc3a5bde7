import type {
  TCrawlerChartDay,
  TCrawlerCounts,
  TCrawlerListResponse,
  TCrawlerResource,
  TCrawlerTrackResult,
} from '@linkwatch/shared';
import { type FilterName, filterParams, type ZCrawlerDeleteQuery } from '@linkwatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/api/client.ts';
import { crawlerKeys } from './keys.ts';

export type CrawlerRecord = TCrawlerResource;
export type CrawlerList = TCrawlerListResponse;
type Campaign = TCrawlerListResponse['included'][number];

export function useCrawlerCounts(query: Query) {
  return useQuery({
    queryKey: crawlerKeys.counts(query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<{ data: { attributes: TCrawlerCounts } }>('crawlers/counts', { query })
        .then((r) => r.data.attributes),
  });
}

export function useCrawlers(query: Query) {
  return useQuery({
    queryKey: crawlerKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: () => api.get<CrawlerList>('crawlers', { query }),
  });
}

export function useCrawlerChart(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: crawlerKeys.chart(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => api.get<{ data: TCrawlerChartDay[] }>('crawlers/chart', { query }).then((r) => r.data),
  });
}

/** The campaigns a record's page is a link of, by id, from the list's `included`. */
export function campaignsOf(record: CrawlerRecord, included: readonly Campaign[]): Campaign[] {
  const ids = new Set(record.relationships.campaigns.data.map((c) => String(c.id)));
  return included.filter((c) => ids.has(String(c.id)));
}

export const crawlersApi = {
  remove: ({ project, ids }: { project: string; ids: readonly number[] }) =>
    api.delete<{ data: { deleted: number } }>('crawlers/delete', {
      query: { ...filterParams<FilterName<typeof ZCrawlerDeleteQuery>>({ project }), ids },
    }),
  track: (body: { project: number; campaign: number; ids: number[] }) =>
    api.post<{ data: TCrawlerTrackResult }>('crawlers/track', body).then((r) => r.data),
};
