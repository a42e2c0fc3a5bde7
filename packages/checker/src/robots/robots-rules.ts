// The matching half of robots.txt as Google reads it (github.com/google/robotstxt, robots.cc,
// Apache-2.0), re-implemented: which lines bind an agent, longest match wins, allow wins ties.
import { asciiLower, parseRobotsTxt, type RobotsLine } from './robots-txt-parser.ts';

interface Rule {
  allow: boolean;
  /** Its priority: the longest match wins. */
  length: number;
  matches: Matcher;
  /** Google: an allowed ".../index.htm[l]" also allows its directory, ".../$". */
  directory: { length: number; matches: Matcher } | null;
}

/** The lines that bind one agent: its own groups, else the '*' groups. */
interface AgentRules {
  specific: Rule[];
  global: Rule[];
  /** A group named the agent, even one with no rules: then '*' groups never apply to it. */
  hasOwnGroup: boolean;
  /** The last path asked and its answer: a check asks for several agents in a row. */
  last: { path: string; disallowed: boolean } | null;
}

/** A user-agent line, read once ('*' or its lower-cased name), or an allow / disallow line. */
type Entry =
  | { kind: 'agent'; global: boolean; token: string }
  | { kind: 'rule'; line: RobotsLine; rule: Rule | null };

/** A parsed robots.txt; parse once per host, ask for any number of URLs and agents. */
export class RobotsRules {
  readonly #entries: Entry[];
  readonly #byAgent = new Map<string, AgentRules>();
  /** Agents without a group of their own all follow the same '*' rules: one object for them. */
  #fallback: AgentRules | null = null;
  #lastUrl = '';
  #lastPath = '/';

  private constructor(lines: RobotsLine[]) {
    this.#entries = [];
    for (const line of lines) {
      if (line.key === 'user-agent') {
        const global = isGlobalAgent(line.value);
        this.#entries.push({
          kind: 'agent',
          global,
          token: global ? '' : asciiLower(agentToken(line.value)),
        });
      } else if (line.key === 'allow' || line.key === 'disallow') {
        // Compiled when an agent first needs it, then shared by every agent that does.
        this.#entries.push({ kind: 'rule', line, rule: null });
      }
    }
  }

  static parse(body: Uint8Array | string): RobotsRules {
    return new RobotsRules(parseRobotsTxt(body));
  }

  /**
   * `agent` is the product token (e.g. "Googlebot"), compared case-insensitively and whole;
   * `url` should be percent-encoded already, as WHATWG URL's href is.
   */
  isAllowed(url: string, agent: string): boolean {
    if (url !== this.#lastUrl) {
      this.#lastUrl = url;
      this.#lastPath = pathParamsQuery(url);
    }
    const rules = this.#rulesFor(agent);
    const path = this.#lastPath;
    if (rules.last?.path !== path) rules.last = { path, disallowed: disallows(rules, path) };
    return !rules.last.disallowed;
  }

  #rulesFor(agent: string): AgentRules {
    let rules = this.#byAgent.get(agent);
    if (!rules) {
      rules = collectRules(this.#entries, asciiLower(agent));
      if (!rules.hasOwnGroup) rules = this.#fallback ??= rules;
      this.#byAgent.set(agent, rules);
    }
    return rules;
  }
}

/**
 * A group is one or more user-agent lines then rules; the next user-agent line after a rule
 * starts a new group, and groups for the same agent add up. Rules outside any group count for nobody.
 */
function collectRules(entries: readonly Entry[], agent: string): AgentRules {
  const rules: AgentRules = { specific: [], global: [], hasOwnGroup: false, last: null };
  let inGlobal = false;
  let inSpecific = false;
  let afterRule = false;
  for (const entry of entries) {
    if (entry.kind === 'agent') {
      if (afterRule) inGlobal = inSpecific = afterRule = false;
      if (entry.global) inGlobal = true;
      else if (entry.token === agent) rules.hasOwnGroup = inSpecific = true;
      continue;
    }
    if (!inGlobal && !inSpecific) continue;
    afterRule = true;
    entry.rule ??= ruleOf(entry.line);
    (inSpecific ? rules.specific : rules.global).push(entry.rule);
  }
  return rules;
}

function ruleOf({ key, value }: RobotsLine): Rule {
  const allow = key === 'allow';
  const directory = allow ? directoryOfIndex(value) : null;
  return {
    allow,
    length: value.length,
    matches: compilePattern(value),
    directory: directory === null ? null : { length: directory.length, matches: compilePattern(directory) },
  };
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
      if (rule.matches(path)) allow = Math.max(allow, rule.length);
      else if (rule.directory?.matches(path)) allow = Math.max(allow, rule.directory.length);
    } else if (rule.matches(path)) disallow = Math.max(disallow, rule.length);
  }
  return [allow, disallow];
}

/** A prefix match where '*' stands for any run of characters and a final '$' anchors the end. */
export function matches(path: string, pattern: string): boolean {
  return compilePattern(pattern)(path);
}

type Matcher = (path: string) => boolean;

/**
 * Compiled once per rule. Same answers as the reference's algorithm (the set of path offsets
 * the pattern read so far can end at): between '*'s, each literal piece is taken at its
 * leftmost place, which leaves the most room for the rest; no backtracking, no allocation.
 */
function compilePattern(pattern: string): Matcher {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  if (!body.includes('*')) return anchored ? (path) => path === body : (path) => path.startsWith(body);
  const pieces = body.split('*');
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  return (path) => {
    if (!path.startsWith(first)) return false;
    let from = first.length;
    for (const piece of middle) {
      const at = path.indexOf(piece, from);
      if (at === -1) return false;
      from = at + piece.length;
    }
    if (anchored) return path.length - last.length >= from && path.endsWith(last);
    return path.indexOf(last, from) !== -1;
  };
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
