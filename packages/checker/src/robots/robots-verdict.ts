import type { RobotsTxt } from './robots-cache.ts';
import { GOOGLE_AGENT, OUR_AGENT } from './robots-directives.ts';

/** Major search crawlers other than Google whose exclusion makes a page "may be forbidden". */
const OTHER_SEARCH_AGENTS = ['Bingbot', 'YandexBot'];

/**
 * - disallowed: robots.txt shuts out LinkwatchBot or Googlebot;
 * - other-crawler-disallowed: only another major search crawler is shut out;
 * - unreachable: a robots.txt could not be read (5xx or no answer), so crawlers hold back;
 * - allowed.
 */
export type RobotsVerdict = 'disallowed' | 'other-crawler-disallowed' | 'unreachable' | 'allowed';

/** Combines the verdicts for every URL of a redirect chain: the worst one counts. */
export function robotsVerdictOf(checks: ReadonlyArray<{ url: string; robots: RobotsTxt }>): RobotsVerdict {
  const verdicts = checks.map(({ url, robots }) => verdictFor(url, robots));
  for (const verdict of SEVERITY) if (verdicts.includes(verdict)) return verdict;
  return 'allowed';
}

const SEVERITY: RobotsVerdict[] = ['disallowed', 'unreachable', 'other-crawler-disallowed'];

function verdictFor(url: string, robots: RobotsTxt): RobotsVerdict {
  if (robots.kind === 'allow-all') return 'allowed';
  if (robots.kind === 'unreachable') return 'unreachable';
  const { rules } = robots;
  const escaped = withUpperCaseEscapes(url);
  if (!rules.isAllowed(escaped, OUR_AGENT) || !rules.isAllowed(escaped, GOOGLE_AGENT)) return 'disallowed';
  const otherShutOut = OTHER_SEARCH_AGENTS.some((agent) => !rules.isAllowed(escaped, agent));
  return otherShutOut ? 'other-crawler-disallowed' : 'allowed';
}

/**
 * Google's matcher takes the URL already escaped and compares bytes; the parser upper-cases the
 * hex of escapes in rules, so the URL's escapes are upper-cased too (%c3%a9 and %C3%A9 are the
 * same octets, RFC 3986 2.1). WHATWG URL's href escapes everything else already.
 */
function withUpperCaseEscapes(url: string): string {
  return url.includes('%') ? url.replace(/%[0-9a-f]{2}/gi, (hex) => hex.toUpperCase()) : url;
}
