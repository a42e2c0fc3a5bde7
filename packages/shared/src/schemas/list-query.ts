import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, DROPDOWN_MIN_QUERY, FIRST_PAGE, PAGE_SIZES } from '../constants.ts';
import { DATE_MAX_TIME, MAX_ID, MAX_PAGE_NUMBER, parseIsoDate, rules } from '../validation.ts';

const DAY_MS = 86_400_000;

/**
 * The pieces of the list query of DESIGN.md (`page[number]`, `page[size]`, `filter[x]`, `sort`, `x[]`),
 * one definition each, for the `Z…Query` schemas to assemble.
 *
 * A schema's keys are the flat keys Fastify's parser leaves (`'filter[campaign]'`), each a string or,
 * when repeated, a list of them (the first one counts). Every piece keeps that raw shape as its input,
 * so the OpenAPI document lists each parameter, and turns it into a typed value. A broken value is an
 * issue at its flat key; `issuesToFieldErrors` names it `filter.campaign` with the label `filter`.
 */
const raw = z.union([z.string(), z.array(z.string())]).optional();

type Ctx = z.core.$RefinementCtx;
/** One issue whose message is an i18n key (`validation.…`), as the body rules carry them. */
const fail = (ctx: Ctx, message: string, path?: PropertyKey[]) => {
  ctx.addIssue({ code: 'custom', message, input: undefined, ...(path && { path }) });
  return z.NEVER;
};

/** A parameter read from its first value (undefined when absent) by `read`. */
const param = <T>(read: (value: string | undefined, ctx: Ctx) => T) =>
  raw.transform((value, ctx) => read(Array.isArray(value) ? value[0] : value, ctx));

/** Plain decimal digits as a number (so not `1e308`, `0x10` or ` 7`); NaN for anything else. */
const digits = (value: string) => (/^\d{1,15}$/.test(value) ? Number(value) : Number.NaN);

/**
 * A filter's text, or undefined when empty; text PostgreSQL would refuse (U+0000) is an issue, and
 * undefined too, so the pieces built on it read no further (`z.NEVER` is a value, not a throw).
 */
const readText = (value: string | undefined, ctx: Ctx): string | undefined => {
  if (value === undefined || value === '') return undefined;
  if (!value.includes('\u0000')) return value;
  ctx.addIssue({ code: 'custom', message: 'validation.noNul', input: undefined });
  return undefined;
};

/** One id by the shared rule (1 to MAX_ID), with the rule's own message. */
const readId = (value: string, ctx: Ctx): number => {
  const parsed = rules.id().safeParse(value);
  return parsed.success ? parsed.data : fail(ctx, parsed.error.issues[0].message);
};

/** See `query.list`; exported for an alias key a schema reads in its transform (its issue at `path`). */
export const readList =
  <T>(read: (value: string) => T | undefined, path?: PropertyKey[]) =>
  (value: string | string[] | undefined, ctx: Ctx): T[] | undefined => {
    if (value === undefined) return undefined;
    const out: T[] = [];
    for (const part of (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','))) {
      const text = part.trim();
      if (text === '') continue;
      const item = read(text);
      if (item === undefined) return fail(ctx, 'validation.invalid', path);
      out.push(item);
    }
    return out;
  };

/** See `query.ids`; exported for the `x` spelling of `x[]`, read in a transform (its issue at `path`). */
export const readIds =
  (path?: PropertyKey[]) =>
  (value: string | string[] | undefined, ctx: Ctx): number[] => {
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const ids: number[] = [];
    for (const part of values.flatMap((v) => v.split(','))) {
      const text = part.trim();
      if (text === '') continue;
      const parsed = rules.id().safeParse(text);
      if (!parsed.success) return fail(ctx, parsed.error.issues[0].message, path);
      ids.push(parsed.data);
    }
    return ids;
  };

export interface PageOptions {
  /** The page sizes allowed (50, 100, 200 by default)… */
  sizes?: readonly number[];
  /** …or any size from 1 to this. */
  maxSize?: number;
}

export const query = {
  /** `page[number]` (1 to MAX_PAGE_NUMBER) and `page[size]`; spread into a query's keys. */
  page: ({ sizes = PAGE_SIZES, maxSize }: PageOptions = {}, sizeText = '50, 100 or 200') => ({
    'page[number]': param((value, ctx) => {
      const number = digits(value ?? String(FIRST_PAGE));
      if (!Number.isInteger(number) || number < 1 || number > MAX_PAGE_NUMBER)
        return fail(ctx, 'validation.invalid');
      return number;
    }).describe('page, from 1'),
    'page[size]': param((value, ctx) => {
      const size = digits(value ?? String(DEFAULT_PAGE_SIZE));
      const ok = maxSize ? size >= 1 && size <= maxSize : sizes.includes(size);
      if (!Number.isInteger(size) || !ok) return fail(ctx, 'validation.invalid');
      return size;
    }).describe(sizeText),
  }),

  /** Text: undefined when empty, no U+0000. */
  text: () => param(readText),

  /** Text matching `pattern`, or undefined when empty. */
  match: (pattern: RegExp) =>
    param((value, ctx) => {
      const text = readText(value, ctx);
      if (text === undefined || pattern.test(text)) return text;
      return fail(ctx, 'validation.invalid');
    }),

  /** Trimmed text, undefined when blank. */
  trimmed: () => param((value, ctx) => readText(value, ctx)?.trim() || undefined),

  /** Text that must be one of `allowed` (after `normalize`, e.g. lower case). */
  oneOf: <T extends string>(allowed: readonly T[], normalize: (value: string) => string = (v) => v) =>
    param((value, ctx): T | undefined => {
      const text = readText(value, ctx);
      if (text === undefined) return undefined;
      const normal = normalize(text);
      return allowed.includes(normal as T) ? (normal as T) : fail(ctx, 'validation.invalid');
    }),

  /**
   * A spec code (`{ Include: 1, Exclude: 2 }`) sent as its number or its name in any case
   * (`2`, `exclude`): the code.
   */
  code: <C extends Record<string, number>>(codes: C) =>
    param((value, ctx): C[keyof C] | undefined => {
      const text = readText(value, ctx)?.trim();
      if (!text) return undefined;
      const byName = Object.entries(codes).find(([name]) => name.toLowerCase() === text.toLowerCase());
      const code = byName ? byName[1] : Object.values(codes).find((c) => String(c) === text);
      return code === undefined ? fail(ctx, 'validation.invalid') : (code as C[keyof C]);
    }),

  /** An id (`filter[project]`, `campaign`…) by the shared id rule: 1 to MAX_ID. */
  id: () =>
    param((value, ctx) => {
      const text = readText(value, ctx);
      return text === undefined ? undefined : readId(text, ctx);
    }),

  /**
   * An integer (a tier, a status, a response code) within the range of an `integer` column, and one
   * of `allowed` when given: codes live in `smallint` columns, where a larger number is a database
   * error, not an empty list.
   */
  number: (allowed?: readonly number[]) =>
    param((value, ctx) => {
      const text = readText(value, ctx);
      if (text === undefined) return undefined;
      if (!/^-?\d+$/.test(text)) return fail(ctx, 'validation.numeric');
      const n = Number(text);
      if (Math.abs(n) > MAX_ID || (allowed && !allowed.includes(n))) return fail(ctx, 'validation.invalid');
      return n;
    }),

  /** An ISO date within the shared date range, as epoch milliseconds; a bare day is flagged as such. */
  date: () =>
    param((value, ctx) => {
      const text = readText(value, ctx);
      if (text === undefined) return undefined;
      return parseIsoDate(text) ?? fail(ctx, 'validation.date');
    }),

  /**
   * A calendar day `YYYY-MM-DD` of an ISO date in the shared range (a timestamp is cut to its day).
   * `wholeDay`: the day's end must lie in the range too (the day is then compared as a span).
   */
  day: ({ wholeDay = false }: { wholeDay?: boolean } = {}) =>
    param((value, ctx) => {
      const text = readText(value, ctx);
      if (text === undefined) return undefined;
      if (!parseIsoDate(text)) return fail(ctx, 'validation.date');
      const day = text.slice(0, 10);
      if (wholeDay && Date.parse(`${day}T00:00:00Z`) + DAY_MS > DATE_MAX_TIME)
        return fail(ctx, 'validation.date');
      return day;
    }),

  /**
   * Every value of a repeated or comma-separated parameter (`x=a,b`, `x=a&x=b`), trimmed, blanks
   * dropped, each read by `read`; one it reads as undefined is an issue. Undefined when absent.
   */
  list: <T>(read: (value: string) => T | undefined) => raw.transform(readList(read)),

  /** A parameter kept as sent, for a schema's transform to read (an alias read only when its key is absent). */
  raw: () => raw,

  /** Dropdown search: the server answers an empty query or one of at least 3 characters. */
  search: () =>
    param((value, ctx) => {
      const q = readText(value, ctx)?.trim();
      if (!q) return undefined;
      if (q.length < DROPDOWN_MIN_QUERY) {
        ctx.addIssue({
          code: 'too_small',
          origin: 'string',
          minimum: DROPDOWN_MIN_QUERY,
          input: q,
          message: 'validation.min',
        });
        return z.NEVER;
      }
      return q;
    }),

  /** `sort=field` or `sort=-field` (descending), one of `fields`; `fallback` when absent. */
  sort: <F extends string>(fields: readonly F[], fallback: NoInfer<`${'' | '-'}${F}`>) =>
    param((value, ctx) => {
      const text = value ?? fallback;
      const field = text.replace(/^-/, '') as F;
      if (!fields.includes(field)) return fail(ctx, 'validation.invalid');
      return { field, desc: text.startsWith('-') };
    }),

  /**
   * `links[]=1&links[]=2` (or `links=1,2`) as ids: the values of `x[]` and `x` together. One that is
   * no id is an issue: dropping it could leave the selection empty, and a bulk call would then act on
   * what its filters select instead.
   */
  ids: () => raw.transform((value, ctx) => (value === undefined ? undefined : readIds()(value, ctx))),

  /**
   * `format=csv|xlsx` (`fallback` when absent), taken as sent: a list or an empty value is no format.
   * `aliases` names the same formats otherwise (spec 4's codes: `1` CSV, `2` XLS).
   */
  format: <F extends string>(
    formats: readonly F[],
    fallback: NoInfer<F>,
    aliases: Readonly<Record<string, NoInfer<F>>> = {},
  ) =>
    raw.transform((value, ctx): F => {
      const sent = value ?? fallback;
      const format = typeof sent === 'string' && Object.hasOwn(aliases, sent) ? aliases[sent] : sent;
      return formats.includes(format as F) ? (format as F) : fail(ctx, 'validation.invalid');
    }),
};

/** `{ number, size }` of a query holding `query.page()`'s keys. */
export const pageOf = (q: { 'page[number]': number; 'page[size]': number }) => ({
  number: q['page[number]'],
  size: q['page[size]'],
});
