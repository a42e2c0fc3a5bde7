import { FIRST_PAGE } from '@linkwatch/shared';
import { useCallback, useMemo } from 'react';
import { readPage, readSize, sizeParam } from '@/lib/listParams.ts';
import { useListParams } from '@/lib/useListParams.ts';
import type { HistoryFilters } from './api/types.ts';

/** The history's URL parameters (the payment return's own, `payment` and the rest, stay apart). */
const PARAMS = { type: 'type', dateFrom: 'from', dateTo: 'to', page: 'page', size: 'size' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type HistoryFilterName = 'type' | 'dateFrom' | 'dateTo';

/** Filters, page and page size in the URL: back/forward and a shared link keep them. */
export function useHistoryState() {
  // Another filter or page size starts again from the first page.
  const [params, write] = useListParams({ restartPage: true });
  const filters = useMemo((): HistoryFilters => {
    const day = (name: string) => {
      const value = params.get(name) ?? '';
      return DAY.test(value) ? value : undefined;
    };
    return {
      type: params.get(PARAMS.type) || undefined,
      dateFrom: day(PARAMS.dateFrom),
      dateTo: day(PARAMS.dateTo),
      page: readPage(params, PARAMS.page),
      size: readSize(params, PARAMS.size),
    };
  }, [params]);

  const update = useCallback(
    (changes: Partial<Record<keyof typeof PARAMS, string | number | null>>) =>
      write(
        Object.fromEntries(
          Object.entries(changes).map(([key, value]) => [PARAMS[key as keyof typeof PARAMS], value]),
        ),
      ),
    [write],
  );

  return {
    filters,
    filtered: Boolean(filters.type || filters.dateFrom || filters.dateTo),
    setFilter: (name: HistoryFilterName, value: string) => update({ [name]: value }),
    resetFilters: () => update({ type: null, dateFrom: null, dateTo: null }),
    setPage: (page: number) => update({ page: page === FIRST_PAGE ? null : page }),
    setSize: (size: number) => update({ size: sizeParam(size) }),
  };
}
