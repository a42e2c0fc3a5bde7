import { DEFAULT_PAGE_SIZE, DROPDOWN_MIN_QUERY, FIRST_PAGE, PAGE_SIZES } from '@linkwatch/shared';
import { FieldError } from './errors.ts';
import type { PageQuery } from './present.ts';

/**
 * The list query of DESIGN.md, read from the flat keys Fastify's parser leaves us:
 * `page[number]`, `page[size]`, `filter[x]`, `sort=field|-field`, and `x[]` arrays.
 */
export type RawQuery = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function readPage(
  query: RawQuery,
  options: { sizes?: readonly number[]; maxSize?: number } = {},
): PageQuery {
  const number = Number(first(query['page[number]']) ?? FIRST_PAGE);
  const size = Number(first(query['page[size]']) ?? DEFAULT_PAGE_SIZE);
  const sizes = options.sizes ?? PAGE_SIZES;
  const sizeOk = options.maxSize ? size >= 1 && size <= options.maxSize : sizes.includes(size);
  if (!Number.isInteger(number) || number < 1) throw new FieldError({ 'page.number': 'validation.invalid' });
  if (!Number.isInteger(size) || !sizeOk) throw new FieldError({ 'page.size': 'validation.invalid' });
  return { number, size };
}

export function readFilter(query: RawQuery, name: string): string | undefined {
  const value = first(query[`filter[${name}]`]);
  return value === undefined || value === '' ? undefined : value;
}

export function readNumberFilter(query: RawQuery, name: string): number | undefined {
  const value = readFilter(query, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new FieldError({ [`filter.${name}`]: 'validation.numeric' });
  return n;
}

/** Dropdown search: the server answers an empty query or one of at least 3 characters. */
export function readSearch(query: RawQuery): string | undefined {
  const q = readFilter(query, 'query')?.trim();
  if (!q) return undefined;
  if (q.length < DROPDOWN_MIN_QUERY)
    throw new FieldError({ 'filter.query': { key: 'validation.min', params: { min: DROPDOWN_MIN_QUERY } } });
  return q;
}

export function readSort<F extends string>(
  query: RawQuery,
  allowed: readonly F[],
  fallback: NoInfer<`${'' | '-'}${F}`>,
) {
  const raw = first(query.sort) ?? fallback;
  const field = raw.replace(/^-/, '') as F;
  if (!allowed.includes(field)) throw new FieldError({ sort: 'validation.invalid' });
  return { field, desc: raw.startsWith('-') };
}

/** `links[]=1&links[]=2` (or `links=1`) as numbers. */
export function readIdList(query: RawQuery, name: string): number[] {
  const raw = query[`${name}[]`] ?? query[name];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return values
    .flatMap((v) => v.split(','))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
