import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '@linkwatch/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { HistoryFilters } from './api/types.ts';

/** The history's URL parameters (the payment return's own, `payment` and the rest, stay apart). */
const PARAMS = { type: 'type', dateFrom: 'from', dateTo: 'to', page: 'page', size: 'size' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type HistoryFilterName = 'type' | 'dateFrom' | 'dateTo';

/** Filters, page and page size in the URL: back/forward and a shared link keep them. */
export function useHistoryState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo((): HistoryFilters => {
    const day = (name: string) => {
      const value = params.get(name) ?? '';
      return DAY.test(value) ? value : undefined;
    };
    const size = Number(params.get(PARAMS.size));
    return {
      type: params.get(PARAMS.type) || undefined,
      dateFrom: day(PARAMS.dateFrom),
      dateTo: day(PARAMS.dateTo),
      page: Math.max(FIRST_PAGE, Number(params.get(PARAMS.page)) || FIRST_PAGE),
      size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    };
  }, [params]);

  const update = useCallback(
    (changes: Partial<Record<keyof typeof PARAMS, string | number | null>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const name = PARAMS[key as keyof typeof PARAMS];
            if (value === null || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          // Another filter or page size starts again from the first page.
          if (!('page' in changes)) next.delete(PARAMS.page);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filters,
    filtered: Boolean(filters.type || filters.dateFrom || filters.dateTo),
    setFilter: (name: HistoryFilterName, value: string) => update({ [name]: value }),
    resetFilters: () => update({ type: null, dateFrom: null, dateTo: null }),
    setPage: (page: number) => update({ page: page === FIRST_PAGE ? null : page }),
    setSize: (size: number) => update({ size: size === DEFAULT_PAGE_SIZE ? null : size }),
  };
}
