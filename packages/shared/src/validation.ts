import { z } from 'zod';
import { type Locale, PASSWORD_MIN_LENGTH } from './constants.ts';
import { hasKey, translate } from './i18n/index.ts';

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

export const rules = {
  /** A path, query or form id: digits only (so not `1e3` or ` 7`), 1 to MAX_ID. */
  id: () =>
    z
      .union([z.number(), z.string().regex(/^\d{1,10}$/, { error: 'validation.numeric' })], {
        error: 'validation.numeric',
      })
      .pipe(
        z.coerce
          .number<string | number>()
          .int({ error: 'validation.numeric' })
          .min(1, { error: 'validation.invalid' })
          .max(MAX_ID, { error: 'validation.invalid' }),
      ),
  requiredString: () =>
    z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }),
  optionalString: (max = 255) =>
    z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.max' }).nullish(),
  email: () =>
    rules
      .requiredString()
      .max(255, { error: 'validation.max' })
      .pipe(z.email({ error: 'validation.email' })),
  password: () =>
    z
      .string({ error: 'validation.required' })
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

function fieldLabel(locale: Locale, path: PropertyKey[]): string {
  const name = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!name) return '';
  return hasKey(locale, `fields.${name}`) ? translate(locale, `fields.${name}`) : name;
}

function messageKey(issue: Issue): string {
  if (issue.message.startsWith('validation.')) return issue.message;
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
  return translate(locale, messageKey(issue), params);
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

/** Field paths like `domains.0`, as the spec's field errors name them. */
export function issuesToFieldErrors(issues: readonly Issue[], locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues.flatMap(closestUnionBranch)) {
    const path = issue.path.map(String).join('.') || '_';
    const message = localizeIssue(issue, locale);
    // Like the web form rules, a field shows its first broken rule only.
    errors[path] ??= [message];
  }
  return errors;
}
