import type { z } from 'zod';
// The server's translate over every catalog; in a browser build the web app's loaded catalog (package.json).
import { hasKey, translate } from '#i18n';
import type { Locale } from './constants.ts';

/**
 * Schemas carry i18n keys (`validation.{rule}`) as their messages, never display text, so the
 * server and the web app turn the same issue into the same sentence in the user's language.
 * This file turns a failed check's issues into those sentences; it needs no zod at run time.
 */
export type FieldErrors = Record<string, string[]>;

/** The example address of the without-protocol message when the value gives none (validation.ts). */
export const HOST_EXAMPLE = 'example.com';

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
    // A rule may name its own example (the without-protocol rule shows the user's address put right).
    host:
      issue.code === 'custom' && typeof issue.params?.host === 'string' ? issue.params.host : HOST_EXAMPLE,
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
