import { z } from 'zod';
// The server's translate over every catalog; in a browser build the web app's loaded catalog (package.json).
import { hasKey, translate } from '#i18n';
import { type Locale, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * Schemas carry i18n keys (`validation.{rule}`) as their messages, never display text, so the
 * server and the web app turn the same issue into the same sentence in the user's language.
 */
export type FieldErrors = Record<string, string[]>;

const HOST_EXAMPLE = 'example.com';
/** spec point 5: letters, digits, hyphen or underscore labels, dot-separated, last part 2 to 20 characters. */
const HOST_PATTERN = /^(?!https?:\/\/)([a-z0-9_-]+\.)+[a-z0-9-]{2,20}(\/\S*)?$/i;

/** Ids are PostgreSQL `integer` columns: anything past this is no id of ours, and a 422, not a database error. */
export const MAX_ID = 2_147_483_647;

/**
 * The last page a list may be asked for. Past it no list of ours has rows, and OFFSET (page - 1) x size
 * stays a small finite integer instead of `Infinity` or a number PostgreSQL refuses.
 */
export const MAX_PAGE_NUMBER = 1_000_000;

/**
 * The years a date in a filter or a form may have. Every timestamp of ours lies between them; beyond
 * them `Date` and PostgreSQL disagree (or one of them refuses), so such a date is a 422.
 */
export const DATE_MIN_YEAR = 1970;
export const DATE_MAX_YEAR = 9999;
/**
 * The last instant of DATE_MAX_YEAR. An exclusive end ("the day after") is clamped to it: past it
 * `Date#toISOString` writes a six-digit year, which PostgreSQL refuses.
 */
export const DATE_MAX_TIME = Date.UTC(DATE_MAX_YEAR + 1, 0, 1) - 1;

/** `YYYY-MM-DD`, optionally with a time and a zone: `2024-05-10`, `2024-05-10T12:00:00.000Z`. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO date or timestamp within DATE_MIN_YEAR..DATE_MAX_YEAR, as epoch milliseconds; undefined for
 * anything else, including days that do not exist (`2024-02-30`, which `Date` would roll into March).
 */
export function parseIsoDate(raw: string): { time: number; dayOnly: boolean } | undefined {
  const match = ISO_DATE.exec(raw);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR || month < 1 || month > 12 || day < 1) return undefined;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  const dayOnly = match[4] === undefined;
  const time = Date.parse(dayOnly ? `${raw}T00:00:00Z` : raw);
  return Number.isNaN(time) ? undefined : { time, dayOnly };
}

/** PostgreSQL refuses U+0000 in text, so no string we may store or compare can carry one. */
const hasNoNul = (value: string) => !value.includes('\u0000');
const noNul = { error: 'validation.noNul' } as const;

export const rules = {
  /**
   * A path, query or form id: digits only (so not `1e3` or ` 7`), 1 to MAX_ID. A number past MAX_ID
   * is "invalid" (the range is checked before the integer, so 20 digits do not read "not numeric").
   */
  id: (error = 'validation.numeric') =>
    z
      .union([z.number({ error }), z.string({ error }).regex(/^\d+$/, { error })], { error })
      .pipe(
        z.coerce
          .number<string | number>()
          .min(1, { error: 'validation.invalid' })
          .max(MAX_ID, { error: 'validation.invalid' })
          .int({ error }),
      ),
  /** Any text field: a string without U+0000. The other string rules start from it. */
  text: (error = 'validation.invalid') => z.string({ error }).refine(hasNoNul, noNul),
  requiredString: () => rules.text('validation.required').trim().min(1, { error: 'validation.required' }),
  optionalString: (max = 255) => rules.text().trim().max(max, { error: 'validation.max' }).nullish(),
  /** An ISO date (or timestamp) within DATE_MIN_YEAR..DATE_MAX_YEAR. */
  date: () => rules.text().refine((v) => parseIsoDate(v) !== undefined, { error: 'validation.date' }),
  email: () =>
    rules
      .requiredString()
      .max(255, { error: 'validation.max' })
      .pipe(z.email({ error: 'validation.email' })),
  password: () =>
    rules
      .text('validation.required')
      .min(1, { error: 'validation.required' })
      .min(PASSWORD_MIN_LENGTH, { error: 'validation.min' })
      .max(255, { error: 'validation.max' }),
  websiteAddressWithoutDomain: () =>
    rules
      .requiredString()
      .regex(/^\S*$/, { error: 'validation.withoutSpaces' })
      .regex(HOST_PATTERN, { error: 'validation.websiteAddressWithoutDomain' }),
};

/** `{ id }` path parameters. */
export const ZIdParams = z.object({ id: rules.id() });

export function isWebsiteAddressWithoutDomain(value: string): boolean {
  return HOST_PATTERN.test(value);
}

type Issue = z.core.$ZodIssue;

/** A flat query-string key as Fastify's parser leaves it: `filter[campaign]`, `page[number]`, `links[]`. */
const QUERY_KEY = /^(\w+)(\[\w*\])+$/;

/** `filter[campaign]` → `filter.campaign`, `links[]` → `links`: the field path a 422 names. */
const pathSegments = (segment: PropertyKey): string[] =>
  typeof segment === 'string' && QUERY_KEY.test(segment)
    ? segment.split(/[[\]]+/).filter((part) => part !== '')
    : [String(segment)];

function fieldLabel(locale: Locale, path: PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!last) return '';
  // A query key is labelled by its group: `filter[campaign]` is "the filter field".
  const name = QUERY_KEY.exec(last)?.[1] ?? last;
  return hasKey(locale, `fields.${name}`) ? translate(locale, `fields.${name}`) : name;
}

function messageKey(issue: Issue, locale: Locale): string {
  // A rule's own key (`validation.min`), or a feature's (`reports.errors.selectProject`).
  if (issue.message.startsWith('validation.') || hasKey(locale, issue.message)) return issue.message;
  // A body of `null`, a list or a bare value where an object was due.
  if (issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object')
    return 'validation.body';
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value') return 'validation.invalid';
  if (issue.code === 'too_small')
    return issue.origin === 'string' ? 'validation.min' : 'validation.min_value';
  if (issue.code === 'too_big') return issue.origin === 'string' ? 'validation.max' : 'validation.max_value';
  return 'validation.invalid';
}

export function localizeIssue(issue: Issue, locale: Locale): string {
  const params: Record<string, string | number> = {
    field: fieldLabel(locale, issue.path),
    host: HOST_EXAMPLE,
  };
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  return translate(locale, messageKey(issue, locale), params);
}

/**
 * A union that matched no branch reports every branch's issues; the branch with the fewest issues
 * (the first, on a tie) is the one the caller most likely meant.
 */
function closestUnionBranch(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const branch = issue.errors.reduce((best, b) => (b.length < best.length ? b : best));
  return branch.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue).flatMap(closestUnionBranch);
}

/** Field paths like `domains.0` (and `filter.campaign` for `filter[campaign]`), as the spec's field errors name them. */
export function issuesToFieldErrors(issues: readonly Issue[], locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues.flatMap(closestUnionBranch)) {
    const path = issue.path.flatMap(pathSegments).join('.') || '_';
    const message = localizeIssue(issue, locale);
    // Like the web form rules, a field shows its first broken rule only.
    errors[path] ??= [message];
  }
  return errors;
}
