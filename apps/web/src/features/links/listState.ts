import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { readPage, readSize, sizeParam } from '@/lib/listParams.ts';
import { useListParams } from '@/lib/useListParams.ts';
import { FILTER_PARAMS, hasListFilters, type ListFilters, readFilters } from './listQuery.ts';

/** Filters, page and page size live in the URL: back/forward and shared links keep them. */
export function useListState() {
  const [params, update] = useListParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const size = readSize(params);
  const page = readPage(params);

  const setFilter = useCallback(
    (key: keyof ListFilters, value: string) => update({ [FILTER_PARAMS[key]]: value, page: null }),
    [update],
  );
  // The filters' include/exclude modes too: they are among FILTER_PARAMS.
  const resetFilters = useCallback(
    () => update(Object.fromEntries(Object.values(FILTER_PARAMS).map((p) => [p, null]))),
    [update],
  );
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  /** The API's `sort` value (`field` or `-field`); another order starts from the first page. */
  const sort = params.get('sort');
  const setSort = useCallback((next: string | null) => update({ sort: next, page: null }), [update]);
  const setSize = useCallback((next: number) => update({ size: sizeParam(next), page: null }), [update]);
  const hasFilters = hasListFilters(filters);
  // One object while nothing changed, so the memoised workspace that takes it does not re-render.
  return useMemo(
    () => ({ filters, page, size, sort, setFilter, resetFilters, setPage, setSize, setSort, hasFilters }),
    [filters, page, size, sort, setFilter, resetFilters, setPage, setSize, setSort, hasFilters],
  );
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
