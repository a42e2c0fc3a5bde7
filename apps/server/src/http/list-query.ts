import {
  DEFAULT_PAGE_SIZE,
  DROPDOWN_MIN_QUERY,
  FIRST_PAGE,
  MAX_ID,
  MAX_PAGE_NUMBER,
  PAGE_SIZES,
  parseIsoDate,
  rules,
} from '@linkwatch/shared';
import { FieldError } from '../errors.ts';
import type { PageQuery } from './present.ts';

/**
 * The list query of DESIGN.md, read from the flat keys Fastify's parser leaves us:
 * `page[number]`, `page[size]`, `filter[x]`, `sort=field|-field`, and `x[]` arrays.
 */
export type RawQuery = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Plain decimal digits as a number (so not `1e308`, `0x10` or ` 7`); NaN for anything else. */
const digits = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN);

/** `filter[statuses]` → `filter.statuses`, the field path a 422 names. */
const fieldPath = (key: string) => key.replace(/\[(\w+)\]/g, '.$1');

export function readPage(
  query: RawQuery,
  options: { sizes?: readonly number[]; maxSize?: number } = {},
): PageQuery {
  const number = digits(first(query['page[number]']) ?? String(FIRST_PAGE));
  const size = digits(first(query['page[size]']) ?? String(DEFAULT_PAGE_SIZE));
  const sizes = options.sizes ?? PAGE_SIZES;
  const sizeOk = options.maxSize ? size >= 1 && size <= options.maxSize : sizes.includes(size);
  if (!Number.isInteger(number) || number < 1 || number > MAX_PAGE_NUMBER)
    throw new FieldError({ 'page.number': 'validation.invalid' });
  if (!Number.isInteger(size) || !sizeOk) throw new FieldError({ 'page.size': 'validation.invalid' });
  return { number, size };
}

/** `filter[name]`, or undefined when empty; text PostgreSQL would refuse (U+0000) is a 422 here. */
export function readFilter(query: RawQuery, name: string): string | undefined {
  const value = first(query[`filter[${name}]`]);
  if (value === undefined || value === '') return undefined;
  if (value.includes('\u0000')) throw new FieldError({ [`filter.${name}`]: 'validation.noNul' });
  return value;
}

/**
 * An integer filter (a tier, a status, a response code) within the range of an `integer` column, and
 * one of `allowed` when given: codes live in `smallint` columns, where a larger number is a database
 * error, not an empty list.
 */
export function readNumberFilter(
  query: RawQuery,
  name: string,
  allowed?: readonly number[],
): number | undefined {
  const value = readFilter(query, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new FieldError({ [`filter.${name}`]: 'validation.numeric' });
  const n = Number(value);
  if (Math.abs(n) > MAX_ID || (allowed && !allowed.includes(n)))
    throw new FieldError({ [`filter.${name}`]: 'validation.invalid' });
  return n;
}

/** An id filter (`filter[project]`, `filter[campaign]`…), by the shared id rule: 1 to MAX_ID. */
export function readIdFilter(query: RawQuery, name: string): number | undefined {
  const value = readFilter(query, name);
  return value === undefined ? undefined : readId(value, `filter.${name}`);
}

/** One id by the shared rule, or a 422 naming `field`. */
export function readId(value: string, field: string): number {
  const parsed = rules.id().safeParse(value);
  if (!parsed.success) throw new FieldError({ [field]: parsed.error.issues[0].message });
  return parsed.data;
}

/** A `filter[name]` date: ISO, within the shared date range; a bare day is flagged as such. */
export function readDateFilter(
  query: RawQuery,
  name: string,
): { time: number; dayOnly: boolean } | undefined {
  const value = readFilter(query, name);
  if (value === undefined) return undefined;
  const date = parseIsoDate(value);
  if (!date) throw new FieldError({ [`filter.${name}`]: 'validation.date' });
  return date;
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

/**
 * `links[]=1&links[]=2` (or `links=1,2`) as ids. One that is no id is a 422: dropping it could leave
 * the selection empty, and a bulk call would then act on what its filters select instead.
 */
export function readIdList(query: RawQuery, name: string): number[] {
  const raw = query[`${name}[]`] ?? query[name];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => readId(v, fieldPath(name)));
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
