import {
  CRAWLER_SORT_FIELDS,
  type FilterName,
  filterParams,
  type ZCrawlerListQuery,
} from '@linkwatch/shared';
import { useCallback, useMemo } from 'react';
import type { Query } from '@/api/client.ts';
import { readPage, readSize, sizeParam } from '@/lib/listParams.ts';
import { useListParams } from '@/lib/useListParams.ts';
import { parseSort, type Sort, sortParam } from '@/ui/DataTable.tsx';

export type CrawlerFilterState = {
  query: string;
  source: string;
  status: string;
  from: string;
  to: string;
};

const FILTER_PARAMS: Record<keyof CrawlerFilterState, string> = {
  query: 'q',
  source: 'source',
  status: 'status',
  from: 'from',
  to: 'to',
};

/** Newest first, as the server orders by default. */
export const DEFAULT_SORT: Sort = { field: 'firstSeenAt', desc: true };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Filters, sort, page and page size of the crawlers table live in the URL (back/forward, shared links). */
export function useCrawlerListState() {
  const [params, update] = useListParams();
  const filters = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(FILTER_PARAMS).map(([key, param]) => [key, params.get(param) ?? '']),
      ) as CrawlerFilterState,
    [params],
  );
  const size = readSize(params);
  const page = readPage(params);
  const rawSort = params.get('sort');
  // One object per URL value: the page keys its queries and effects on it.
  const sort = useMemo(() => parseSort(rawSort, CRAWLER_SORT_FIELDS) ?? DEFAULT_SORT, [rawSort]);

  return {
    filters,
    page,
    size,
    sort,
    hasFilters: Object.values(filters).some(Boolean),
    setFilter: useCallback(
      (key: keyof CrawlerFilterState, value: string) => update({ [FILTER_PARAMS[key]]: value, page: null }),
      [update],
    ),
    resetFilters: useCallback(
      () => update(Object.fromEntries([...Object.values(FILTER_PARAMS), 'page'].map((p) => [p, null]))),
      [update],
    ),
    setPage: useCallback((next: number) => update({ page: next }), [update]),
    setSize: useCallback((next: number) => update({ size: sizeParam(next), page: null }), [update]),
    setSort: useCallback(
      (next: Sort) => {
        const value = sortParam(next ?? DEFAULT_SORT);
        update({ sort: value === sortParam(DEFAULT_SORT) ? null : value, page: null });
      },
      [update],
    ),
  };
}

export type CrawlerListState = ReturnType<typeof useCrawlerListState>;

/** The filters as the API's `filter[...]` keys (list, export; counts and chart take a part of them). */
export function crawlerFilterQuery(project: string, filters: CrawlerFilterState): Query {
  return filterParams<FilterName<typeof ZCrawlerListQuery>>({
    project,
    source: filters.source || undefined,
    status: filters.status || undefined,
    dateFrom: DAY.test(filters.from) ? filters.from : undefined,
    dateTo: DAY.test(filters.to) ? filters.to : undefined,
    query: filters.query.trim() || undefined,
  });
}
