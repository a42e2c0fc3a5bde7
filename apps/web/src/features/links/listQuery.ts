import { type FilterName, filterParams, type ZLinkListQuery } from '@linkwatch/shared';
import type { Query } from '@/api/http.ts';
import { readPage, readSize } from '@/lib/listParams.ts';

// A list's view as its URL keeps it (filters, order, page, size) and the read's query made of it. Without
// React: the entry script reads a cold load's first page of links with it (app/firstReads.ts).

export type ListFilters = {
  query: string;
  /** Where the query looks (spec 4 link roles: 1 donor page, 3 anchor, 4 acceptor); empty: URL or title. */
  role: string;
  code: string;
  linkStatus: string;
  indexing: string;
  robots: string;
  rel: string;
};

export const FILTER_PARAMS: Record<keyof ListFilters, string> = {
  query: 'q',
  role: 'in',
  code: 'code',
  linkStatus: 'link',
  indexing: 'indexing',
  robots: 'robots',
  rel: 'rel',
};

export const readFilters = (params: URLSearchParams) =>
  Object.fromEntries(
    Object.entries(FILTER_PARAMS).map(([key, param]) => [key, params.get(param) ?? '']),
  ) as ListFilters;

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

/** The same from a URL's query string, for a cold load's first reads (app/firstReads.ts, app/prefetchCampaign.ts). */
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

/** The list filters as the API's `filter[...]` keys. */
export function filterQuery(filters: ListFilters): Query {
  return filterParams<FilterName<typeof ZLinkListQuery>>({
    query: filters.query.trim() || undefined,
    role: (filters.query.trim() && filters.role) || undefined,
    responseCodeGroup: filters.code || undefined,
    linkStatus: filters.linkStatus || undefined,
    indexing: filters.indexing || undefined,
    indexingCapability: filters.robots || undefined,
    attribute: filters.rel || undefined,
  });
}
