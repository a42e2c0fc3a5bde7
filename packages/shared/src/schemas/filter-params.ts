import type { z } from 'zod';

/** The names a query schema reads as `filter[<name>]` (`FilterName<typeof ZLinkListQuery>` is `'campaign' | …`). */
export type FilterName<Schema extends z.ZodType> = keyof z.input<Schema> extends infer Key
  ? Key extends `filter[${infer Name}]`
    ? Name extends `${string}]${string}` // `filter[statuses][]`, `filter[mode][x]`: written another way
      ? never
      : Name
    : never
  : never;

/** A value as a query string carries it; a list becomes `filter[name][]=…` for each item. */
export type FilterValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** The `filter[...]` keys of a set of filters. */
export type FilterParams<Name extends string> = { [K in Name as `filter[${K}]`]?: FilterValue };

/**
 * A list's filters as the query keys the server's schemas parse: `{ project: 3, tier: undefined }` →
 * `{ 'filter[project]': 3, 'filter[tier]': undefined }`, in the same order. An empty value is kept (the
 * query string leaves it out), so a filter object and its params have the same keys. The type argument
 * names the schema's filters, so a name the server does not read fails to compile:
 * `filterParams<FilterName<typeof ZCrawlerListQuery>>({ project, status })`.
 */
export function filterParams<Name extends string>(
  filters: { [K in Name]?: FilterValue },
): FilterParams<Name> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [`filter[${name}]`, value]),
  ) as FilterParams<Name>;
}

/** The named filters of a query, as they are (`pickFilters(query, ['campaign'])` → `{ 'filter[campaign]': … }`). */
export function pickFilters<Name extends string>(
  query: Readonly<Record<string, unknown>>,
  names: readonly Name[],
): FilterParams<Name> {
  return filterParams(
    Object.fromEntries(names.map((name) => [name, filterValue(query, name)])) as {
      [K in Name]?: FilterValue;
    },
  );
}

/** One filter of a query (`filterValue(query, 'type')` reads `filter[type]`). */
export function filterValue(query: Readonly<Record<string, unknown>>, name: string): FilterValue {
  return query[`filter[${name}]`] as FilterValue;
}
