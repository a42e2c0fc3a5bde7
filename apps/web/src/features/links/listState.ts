import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@linkwatch/shared';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_PARAMS, type ListFilters, readFilters, readPage, readSize } from './listQuery.ts';

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
