import { ADMIN_USER_SORT_FIELDS } from '@linkwatch/shared';
import { useMemo } from 'react';
import { readPage, readSize } from '@/lib/listParams.ts';
import { useListParams } from '@/lib/useListParams.ts';
import { parseSort, type Sort, sortParam } from '@/ui/DataTable.tsx';
import type { UserListFilters } from './api/types.ts';

const DEFAULT_SORT = '-id';

/** The customers list's search, sort, page and page size in the URL: a link or back keeps them. */
export function useUsersState() {
  const [params, update] = useListParams({ restartPage: true });
  const filters = useMemo((): UserListFilters => {
    const sort = parseSort(params.get('sort'), ADMIN_USER_SORT_FIELDS);
    return {
      query: params.get('q')?.trim() || undefined,
      page: readPage(params),
      size: readSize(params),
      sort: sortParam(sort) ?? DEFAULT_SORT,
    };
  }, [params]);

  return {
    filters,
    sort: parseSort(filters.sort, ADMIN_USER_SORT_FIELDS),
    setQuery: (query: string) => update({ q: query.trim() }),
    setSort: (sort: Sort) => update({ sort: sortParam(sort) }),
    setPage: (page: number) => update({ page }),
  };
}
