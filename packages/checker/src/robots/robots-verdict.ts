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
  if (rules.isDisallowed(url, OUR_AGENT) || rules.isDisallowed(url, GOOGLE_AGENT)) return 'disallowed';
  if (OTHER_SEARCH_AGENTS.some((agent) => rules.isDisallowed(url, agent))) return 'other-crawler-disallowed';
  return 'allowed';
}
