// The matching half of robots.txt as Google reads it (github.com/google/robotstxt, robots.cc,
// Apache-2.0), re-implemented: which lines bind an agent, longest match wins, allow wins ties.
import { asciiLower, parseRobotsTxt, type RobotsLine } from './robots-txt-parser.ts';

interface Rule {
  allow: boolean;
  pattern: string;
  /** Google: an allowed ".../index.htm[l]" also allows its directory, ".../$". */
  directory: string | null;
}

/** The lines that bind one agent: its own groups, else the '*' groups. */
interface AgentRules {
  specific: Rule[];
  global: Rule[];
  /** A group named the agent, even one with no rules: then '*' groups never apply to it. */
  hasOwnGroup: boolean;
}

/** A parsed robots.txt; parse once per host, ask for any number of URLs and agents. */
export class RobotsRules {
  readonly #lines: RobotsLine[];
  readonly #byAgent = new Map<string, AgentRules>();

  private constructor(lines: RobotsLine[]) {
    this.#lines = lines.filter((line) => line.key !== 'sitemap' && line.key !== 'unknown');
  }

  static parse(body: Uint8Array | string): RobotsRules {
    return new RobotsRules(parseRobotsTxt(body));
  }

  /**
   * `agent` is the product token (e.g. "Googlebot"), compared case-insensitively and whole;
   * `url` should be percent-encoded already, as WHATWG URL's href is.
   */
  isAllowed(url: string, agent: string): boolean {
    return !disallows(this.#rulesFor(agent), pathParamsQuery(url));
  }

  #rulesFor(agent: string): AgentRules {
    const key = asciiLower(agent);
    let rules = this.#byAgent.get(key);
    if (!rules) {
      rules = collectRules(this.#lines, key);
      this.#byAgent.set(key, rules);
    }
    return rules;
  }
}

/**
 * A group is one or more user-agent lines then rules; the next user-agent line after a rule
 * starts a new group, and groups for the same agent add up. Rules outside any group count for nobody.
 */
function collectRules(lines: readonly RobotsLine[], agent: string): AgentRules {
  const rules: AgentRules = { specific: [], global: [], hasOwnGroup: false };
  let inGlobal = false;
  let inSpecific = false;
  let afterRule = false;
  for (const { key, value } of lines) {
    if (key === 'user-agent') {
      if (afterRule) inGlobal = inSpecific = afterRule = false;
      if (isGlobalAgent(value)) inGlobal = true;
      else if (asciiLower(agentToken(value)) === agent) rules.hasOwnGroup = inSpecific = true;
      continue;
    }
    if (!inGlobal && !inSpecific) continue;
    afterRule = true;
    const allow = key === 'allow';
    (inSpecific ? rules.specific : rules.global).push({
      allow,
      pattern: value,
      directory: allow ? directoryOfIndex(value) : null,
    });
  }
  return rules;
}

/** Google: "*" followed by a space and anything is still the global group. */
function isGlobalAgent(value: string): boolean {
  return value[0] === '*' && (value.length === 1 || /[ \t\n\v\f\r]/.test(value[1]));
}

/** Google: the name is read up to the first character outside [a-zA-Z_-] ("Googlebot Bar" → "Googlebot"). */
export function agentToken(value: string): string {
  return /^[a-zA-Z_-]*/.exec(value)?.[0] ?? '';
}

/** A name a crawler may obey as its own: only [a-zA-Z_-], not empty (RFC 9309 2.2.1). */
export function isValidUserAgentToObey(agent: string): boolean {
  return agent.length > 0 && agentToken(agent) === agent;
}

function directoryOfIndex(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  if (slash === -1 || !pattern.startsWith('/index.htm', slash)) return null;
  return `${pattern.slice(0, slash + 1)}$`;
}

function disallows({ specific, global, hasOwnGroup }: AgentRules, path: string): boolean {
  if (specific.length > 0) {
    const [allow, disallow] = priorities(specific, path);
    if (allow > 0 || disallow > 0) return disallow > allow;
  }
  if (hasOwnGroup) return false;
  const [allow, disallow] = priorities(global, path);
  return (allow > 0 || disallow > 0) && disallow > allow;
}

/** Longest matching allow and disallow patterns' lengths; -1 when none matches. */
function priorities(rules: readonly Rule[], path: string): [allow: number, disallow: number] {
  let allow = -1;
  let disallow = -1;
  for (const rule of rules) {
    if (rule.allow) {
      if (matches(path, rule.pattern)) allow = Math.max(allow, rule.pattern.length);
      else if (rule.directory !== null && matches(path, rule.directory)) {
        allow = Math.max(allow, rule.directory.length);
      }
    } else if (matches(path, rule.pattern)) disallow = Math.max(disallow, rule.pattern.length);
  }
  return [allow, disallow];
}

/** A prefix match where '*' stands for any run of characters and a final '$' anchors the end. */
export function matches(path: string, pattern: string): boolean {
  if (!pattern.includes('*')) {
    return pattern.endsWith('$') ? path === pattern.slice(0, -1) : path.startsWith(pattern);
  }
  // The reference's algorithm: the set of path offsets the pattern read so far can end at,
  // kept sorted; linear in path × pattern, with no backtracking blow-up on many '*'.
  const positions = new Int32Array(path.length + 1);
  let count = 1;
  for (let p = 0; p < pattern.length; p++) {
    const char = pattern[p];
    if (char === '$' && p === pattern.length - 1) return positions[count - 1] === path.length;
    if (char === '*') {
      count = path.length - positions[0] + 1;
      for (let i = 1; i < count; i++) positions[i] = positions[i - 1] + 1;
      continue;
    }
    let kept = 0;
    for (let i = 0; i < count; i++) {
      if (positions[i] < path.length && path[positions[i]] === char) positions[kept++] = positions[i] + 1;
    }
    count = kept;
    if (count === 0) return false;
  }
  return true;
}

/**
 * The path, params and query of a URL, without scheme, authority and fragment; always starts
 * with '/'. Google's GetPathParamsQuery, which also takes scheme-less and relative forms.
 */
export function pathParamsQuery(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = indexOfAny(url, '/?;', searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd === -1 || (earlyPath !== -1 && earlyPath < protocolEnd)) protocolEnd = searchStart;
  else protocolEnd += 3;
  const pathStart = indexOfAny(url, '/?;', protocolEnd);
  if (pathStart === -1) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash !== -1 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash === -1 ? url.length : hash);
  return path.startsWith('/') ? path : `/${path}`;
}

function indexOfAny(text: string, chars: string, from: number): number {
  for (let i = from; i < text.length; i++) if (chars.includes(text[i])) return i;
  return -1;
}
