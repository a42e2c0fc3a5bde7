import { ADMIN_USER_SORT_FIELDS, DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '@linkwatch/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSort, type Sort, sortParam } from '@/ui/DataTable.tsx';
import type { UserListFilters } from './api/types.ts';

const DEFAULT_SORT = '-id';

/** The customers list's search, sort, page and page size in the URL: a link or back keeps them. */
export function useUsersState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo((): UserListFilters => {
    const size = Number(params.get('size'));
    const sort = parseSort(params.get('sort'), ADMIN_USER_SORT_FIELDS);
    return {
      query: params.get('q')?.trim() || undefined,
      page: Math.max(FIRST_PAGE, Number(params.get('page')) || FIRST_PAGE),
      size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: sortParam(sort) ?? DEFAULT_SORT,
    };
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filters,
    sort: parseSort(filters.sort, ADMIN_USER_SORT_FIELDS),
    setQuery: (query: string) => update({ q: query.trim() }),
    setSort: (sort: Sort) => update({ sort: sortParam(sort) }),
    setPage: (page: number) => update({ page: page === FIRST_PAGE ? null : page }),
  };
}
