import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '@linkwatch/shared';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from '@/api/client.ts';

export type ListFilters = {
  query: string;
  code: string;
  linkStatus: string;
  indexing: string;
  robots: string;
  rel: string;
};

const FILTER_PARAMS: Record<keyof ListFilters, string> = {
  query: 'q',
  code: 'code',
  linkStatus: 'link',
  indexing: 'indexing',
  robots: 'robots',
  rel: 'rel',
};

const readFilters = (params: URLSearchParams) =>
  Object.fromEntries(
    Object.entries(FILTER_PARAMS).map(([key, param]) => [key, params.get(param) ?? '']),
  ) as ListFilters;
const readSize = (params: URLSearchParams) => {
  const raw = Number(params.get('size'));
  return (PAGE_SIZES as readonly number[]).includes(raw) ? raw : DEFAULT_PAGE_SIZE;
};
const readPage = (params: URLSearchParams) => Math.max(FIRST_PAGE, Number(params.get('page')) || FIRST_PAGE);

type ListView = { filters: ListFilters; sort: string | null; page: number; size: number };

/** The list read's query: the page's scope and tab (`base`) with the URL's filters, order, page and size. */
export function listQuery({ base, filters, sort, page, size }: ListView & { base: Query }): Query {
  return {
    ...base,
    ...filterQuery(filters),
    sort: sort ?? undefined,
    'page[number]': page,
    'page[size]': size,
  };
}

/** The same from a URL's query string, for a cold load's prefetch (app/prefetchCampaign.ts). */
export function listQueryFromSearch({ base, search }: { base: Query; search: string }): Query {
  const params = new URLSearchParams(search);
  return listQuery({
    base,
    filters: readFilters(params),
    sort: params.get('sort'),
    page: readPage(params),
    size: readSize(params),
  });
}

/** Filters, page and page size live in the URL: back/forward and shared links keep them. */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const size = readSize(params);
  const page = readPage(params);

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (value === FIRST_PAGE && key === 'page')) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setFilter = useCallback(
    (key: keyof ListFilters, value: string) => update({ [FILTER_PARAMS[key]]: value, page: null }),
    [update],
  );
  const resetFilters = useCallback(
    () => update(Object.fromEntries(Object.values(FILTER_PARAMS).map((p) => [p, null]))),
    [update],
  );
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  /** The API's `sort` value (`field` or `-field`); another order starts from the first page. */
  const sort = params.get('sort');
  const setSort = useCallback((next: string | null) => update({ sort: next, page: null }), [update]);
  const setSize = useCallback(
    (next: number) => update({ size: next === DEFAULT_PAGE_SIZE ? null : next, page: null }),
    [update],
  );
  const hasFilters = Object.values(filters).some(Boolean);
  // One object while nothing changed, so the memoised workspace that takes it does not re-render.
  return useMemo(
    () => ({ filters, page, size, sort, setFilter, resetFilters, setPage, setSize, setSort, hasFilters }),
    [filters, page, size, sort, setFilter, resetFilters, setPage, setSize, setSort, hasFilters],
  );
}

/** The list filters as the API's `filter[...]` keys. */
export function filterQuery(filters: ListFilters): Query {
  return {
    'filter[query]': filters.query.trim() || undefined,
    'filter[responseCodeGroup]': filters.code || undefined,
    'filter[linkStatus]': filters.linkStatus || undefined,
    'filter[indexing]': filters.indexing || undefined,
    'filter[indexingCapability]': filters.robots || undefined,
    'filter[attribute]': filters.rel || undefined,
  };
}

export type ViewType = 'table' | 'compact';
const VIEW_KEY = 'linkwatch.linksView';
const viewListeners = new Set<() => void>();

/** The table/compact switch is a preference of this browser. */
export function useViewType(): [ViewType, (view: ViewType) => void] {
  const view = useSyncExternalStore(
    (listener) => {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    () => (localStorage.getItem(VIEW_KEY) === 'compact' ? 'compact' : 'table'),
    () => 'table' as const,
  );
  const setView = useCallback((next: ViewType) => {
    localStorage.setItem(VIEW_KEY, next);
    for (const listener of viewListeners) listener();
  }, []);
  return [view, setView];
}
