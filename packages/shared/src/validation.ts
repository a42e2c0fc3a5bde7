import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { HOST_EXAMPLE } from './issues.ts';

// The messages of a failed check live in a file without zod: the web app's first download takes them alone.
export { type FieldErrors, issuesToFieldErrors, localizeIssue } from './issues.ts';

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
      .check((ctx) => {
        if (HOST_PATTERN.test(ctx.value)) return;
        // The message's example (spec point 5, "For example: "{host}"") is what the user typed, put right.
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: 'validation.websiteAddressWithoutDomain',
          params: { host: hostExample(ctx.value) },
        });
      }),
};

/**
 * The address to show as the example of a field that must be without protocol: the value without its
 * scheme (`http://shop.com/a` → `shop.com/a`) when that is a valid address, else `example.com`.
 */
export function hostExample(value: string): string {
  const bare = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/*/i, '');
  return HOST_PATTERN.test(bare) ? bare : HOST_EXAMPLE;
}

/** `{ id }` path parameters. */
export const ZIdParams = z.object({ id: rules.id() });

export function isWebsiteAddressWithoutDomain(value: string): boolean {
  return HOST_PATTERN.test(value);
}
