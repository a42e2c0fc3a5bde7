import {
  type FilterKindName,
  FilterMode,
  type FilterName,
  filterParams,
  type ZLinkListQuery,
} from '@linkwatch/shared';
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
  /** Tier 2 links that feed a dead tier 1 page: `any` or one reason (issue 31). */
  deadFeed: string;
  indexing: string;
  robots: string;
  rel: string;
  /** Links having a backlink with exactly this anchor. */
  anchor: string;
  /** The page title contains it. */
  title: string;
  /** The user id of the person (owner or member) who added the links: a name in the "Added by" column sets it. */
  addedBy: string;
} & Record<ModeKey, FilterModeValue>;

/**
 * The filters that can keep (include, the default) or leave out (exclude) what they name, with the API's
 * name of their spec 4 filter kind (`filter[mode][<kind>]`).
 */
export const MODE_FILTERS = {
  code: 'responseCode',
  indexing: 'indexing',
  robots: 'indexingCapability',
  anchor: 'anchor',
  title: 'title',
} as const satisfies Record<string, FilterKindName>;
export type ModeFilter = keyof typeof MODE_FILTERS;
/** `codeMode`, `anchorMode`…: where a filter's mode is kept. */
export type ModeKey = `${ModeFilter}Mode`;
/** Empty: include (the default, left out of the URL); `exclude`: spec 4 Filter 2. */
export type FilterModeValue = '' | 'exclude';
export const modeKey = (filter: ModeFilter): ModeKey => `${filter}Mode`;

export const FILTER_PARAMS: Record<keyof ListFilters, string> = {
  query: 'q',
  role: 'in',
  code: 'code',
  linkStatus: 'link',
  deadFeed: 'dead',
  indexing: 'indexing',
  robots: 'robots',
  rel: 'rel',
  anchor: 'anchor',
  title: 'title',
  addedBy: 'added-by',
  codeMode: 'code-mode',
  indexingMode: 'indexing-mode',
  robotsMode: 'robots-mode',
  anchorMode: 'anchor-mode',
  titleMode: 'title-mode',
};

const MODE_KEYS = new Set<string>(Object.keys(MODE_FILTERS).map((f) => modeKey(f as ModeFilter)));

/** A mode read from the URL: anything but `exclude` is the default. */
const readMode = (value: string | null): FilterModeValue => (value === 'exclude' ? 'exclude' : '');

export const readFilters = (params: URLSearchParams) =>
  Object.fromEntries(
    Object.entries(FILTER_PARAMS).map(([key, param]) => [
      key,
      MODE_KEYS.has(key) ? readMode(params.get(param)) : (params.get(param) ?? ''),
    ]),
  ) as ListFilters;

/** A filter narrows the list: a mode alone (exclude, with nothing to exclude) does not. */
export const hasListFilters = (filters: ListFilters) =>
  Object.entries(filters).some(([key, value]) => !MODE_KEYS.has(key) && value.trim() !== '');

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
  const values = filterParams<FilterName<typeof ZLinkListQuery>>({
    query: filters.query.trim() || undefined,
    role: (filters.query.trim() && filters.role) || undefined,
    responseCodeGroup: filters.code || undefined,
    linkStatus: filters.linkStatus || undefined,
    deadFeed: filters.deadFeed || undefined,
    indexing: filters.indexing || undefined,
    indexingCapability: filters.robots || undefined,
    attribute: filters.rel || undefined,
    anchor: filters.anchor.trim() || undefined,
    title: filters.title.trim() || undefined,
    addedBy: filters.addedBy || undefined,
  });
  return { ...values, ...modeQuery(filters) };
}

/** `filter[mode][<kind>]=2` for each filter that excludes and has a value; include is the API's default. */
function modeQuery(filters: ListFilters): Query {
  const modes: Query = {};
  for (const [filter, kind] of Object.entries(MODE_FILTERS) as [ModeFilter, FilterKindName][]) {
    if (filters[modeKey(filter)] === 'exclude' && filters[filter].trim())
      modes[`filter[mode][${kind}]`] = FilterMode.Exclude;
  }
  return modes;
}
