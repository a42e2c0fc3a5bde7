// Google's disavow file (Search Console help, "Disavow links to your site"), written once: what a line
// may hold, how a typed value becomes an entry, and the file's limits. The server builds and checks
// every version's file with these; the tests read each line of a built file back through them.

/** A URL line: at most this many characters. */
export const DISAVOW_URL_MAX = 2048;
/** The file: at most this many lines, comments and blank lines included. */
export const DISAVOW_LINES_MAX = 100_000;
/** The file: at most 2 MB. Read as 2,000,000 bytes (the stricter reading), so Google never refuses it. */
export const DISAVOW_BYTES_MAX = 2_000_000;
/** The name of an uploaded disavow file must end so. */
export const DISAVOW_FILE_EXTENSION = '.txt';
export const DISAVOW_REASON_MAX = 500;
export const DISAVOW_DOMAIN_PREFIX = 'domain:';

export const DISAVOW_ENTRY_KINDS = ['domain', 'url'] as const;
export type DisavowEntryKind = (typeof DISAVOW_ENTRY_KINDS)[number];
/** `domain`: every page of the host and its subdomains (`domain:example.com`); `url`: one page. */
export type DisavowEntry = { kind: DisavowEntryKind; value: string };

/** Why a value cannot be an entry; the i18n key is `disavow.errors.<problem>`. */
export type DisavowProblem = 'badDomain' | 'badUrl' | 'urlTooLong';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A bare host as Google wants it after `domain:`: lower case, punycode for an IDN (`пример.рф` →
 * `xn--e1afmkfd.xn--p1ai`), no scheme, path, port or user; at least two labels; not an IP address.
 */
export function normalizeDisavowDomain(input: string): string | null {
  const text = input.trim().replace(/\.$/, '');
  if (text === '' || /[\s/\\:?#@[\]%]/.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://${text}`).hostname;
  } catch {
    return null;
  }
  const labels = host.split('.');
  if (host.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (/^\d+$/.test(labels[labels.length - 1])) return null;
  return host;
}

/** An absolute http(s) URL as a line holds it (the parser's form: host in lower case and punycode). */
export function normalizeDisavowUrl(input: string): string | DisavowProblem {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return 'badUrl';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'badUrl';
  }
  if (url.username || url.password || !normalizeDisavowDomainOrIp(url.hostname)) return 'badUrl';
  url.hash = '';
  return url.href.length > DISAVOW_URL_MAX ? 'urlTooLong' : url.href;
}

/** A URL's host may be an IP address: Google takes such URLs, only `domain:` wants a name. */
function normalizeDisavowDomainOrIp(host: string): boolean {
  return normalizeDisavowDomain(host) !== null || /^(\d{1,3}\.){3}\d{1,3}$|^\[[0-9a-f:.]+\]$/i.test(host);
}

/**
 * What a user typed, as an entry: `domain:example.com` or a bare host is a domain, an `http(s)://`
 * address a URL; anything else (another scheme, a host with a path but no scheme) says why it is not.
 */
export function parseDisavowValue(input: string): DisavowEntry | { problem: DisavowProblem } {
  const text = input.trim();
  if (text.toLowerCase().startsWith(DISAVOW_DOMAIN_PREFIX)) {
    const domain = normalizeDisavowDomain(text.slice(DISAVOW_DOMAIN_PREFIX.length));
    return domain ? { kind: 'domain', value: domain } : { problem: 'badDomain' };
  }
  if (HAS_SCHEME.test(text) && !/^[^:/]+:\d+(\/|$)/.test(text)) {
    const url = normalizeDisavowUrl(text);
    return url === 'badUrl' || url === 'urlTooLong' ? { problem: url } : { kind: 'url', value: url };
  }
  const domain = normalizeDisavowDomain(text);
  return domain ? { kind: 'domain', value: domain } : { problem: 'badDomain' };
}

/** The line of an entry in the file. */
export const disavowLine = (entry: DisavowEntry) =>
  entry.kind === 'domain' ? `${DISAVOW_DOMAIN_PREFIX}${entry.value}` : entry.value;

/** Is the domain `host`, or one of its subdomains, covered by a listed `domain:`? */
export function isCoveredByDomain(host: string, domains: ReadonlySet<string>): boolean {
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) if (domains.has(labels.slice(i).join('.'))) return true;
  return false;
}

/** The host of a URL entry, for the coverage rule. */
export const hostOfUrl = (url: string) => new URL(url).hostname;

/**
 * Google's rule for one line of the file: a `#` comment, a blank line, `domain:<bare host>`, or one
 * absolute http(s) URL of at most 2,048 characters. Answers null when the line is fine.
 */
export function disavowLineProblem(line: string): DisavowProblem | 'notOneValue' | null {
  if (line.trim() === '' || line.startsWith('#')) return null;
  if (/[\r\n]/.test(line)) return 'notOneValue';
  if (line.startsWith(DISAVOW_DOMAIN_PREFIX)) {
    const value = line.slice(DISAVOW_DOMAIN_PREFIX.length);
    return normalizeDisavowDomain(value) === value ? null : 'badDomain';
  }
  if (/\s/.test(line)) return 'notOneValue';
  if (line.length > DISAVOW_URL_MAX) return 'urlTooLong';
  const url = normalizeDisavowUrl(line);
  return url === 'badUrl' || url === 'urlTooLong' ? url : null;
}

/** A reason or name on one comment line: no line breaks or control characters, spaces collapsed. */
export const oneLine = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export type DisavowFileEntry = DisavowEntry & { reason: string; addedAt: Date };

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The file of a version: the header, then the entries grouped by reason (and the day they were added),
 * oldest group first, each after a `# <reason> (<date>)` line and a blank line between groups.
 */
export function disavowFileLines(params: {
  projectName: string;
  number: number;
  createdAt: Date;
  entries: readonly DisavowFileEntry[];
}): string[] {
  const groups = new Map<string, { reason: string; date: string; first: number; lines: string[] }>();
  for (const entry of params.entries) {
    const reason = oneLine(entry.reason);
    const date = day(entry.addedAt);
    const key = `${date}\u0000${reason}`;
    const group = groups.get(key) ?? { reason, date, first: entry.addedAt.getTime(), lines: [] };
    group.first = Math.min(group.first, entry.addedAt.getTime());
    group.lines.push(disavowLine(entry));
    groups.set(key, group);
  }
  const lines = [
    `# Linkwatch disavow list, project ${oneLine(params.projectName)}, version ${params.number}, ${params.createdAt.toISOString()}`,
    `# Entries: ${params.entries.length}. Upload this file in Google Search Console's disavow links tool.`,
  ];
  const ordered = [...groups.values()].sort((a, b) => a.first - b.first || a.reason.localeCompare(b.reason));
  for (const group of ordered) {
    lines.push('', `# ${group.reason} (${group.date})`);
    // Domains first, then URLs, each alphabetical: `domain:` sorts after `h`, so sort by kind first.
    lines.push(
      ...group.lines.sort(
        (a, b) =>
          Number(!a.startsWith('domain:')) - Number(!b.startsWith('domain:')) || (a < b ? -1 : a > b ? 1 : 0),
      ),
    );
  }
  return lines;
}

/** The file's bytes as sent: UTF-8, one line per entry, each ended by a newline. */
export const disavowFileText = (lines: readonly string[]) => `${lines.join('\n')}\n`;

/** Which of Google's limits on the whole file a set of lines breaks, if any. */
export function disavowFileProblem(lines: readonly string[]): 'tooManyLines' | 'tooLarge' | null {
  if (lines.length > DISAVOW_LINES_MAX) return 'tooManyLines';
  if (new TextEncoder().encode(disavowFileText(lines)).length > DISAVOW_BYTES_MAX) return 'tooLarge';
  return null;
}

/** `disavow-<project>-v<N>.txt`: the project's name made safe for a file name (ASCII, no spaces), else its id. */
export function disavowFileName(params: { projectName: string; projectId: number; number: number }): string {
  const slug =
    params.projectName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || `project-${params.projectId}`;
  return `disavow-${slug}-v${params.number}${DISAVOW_FILE_EXTENSION}`;
}
