/**
 * A cheap look at an href before paying for a full URL parse: most links on a donor page point
 * to hosts that are not acceptors, and parsing each one was a fifth of the parse time. Only
 * shapes whose host the WHATWG parser would return unchanged are read here; for anything
 * unusual (userinfo, percent signs, non-ASCII, IP-like numbers, tabs) the answer is "unknown" and
 * the caller parses properly.
 */
export type QuickHost =
  | { kind: 'host'; host: string }
  /** Relative to the document: same host as the base URL. */
  | { kind: 'relative' }
  /** mailto:, javascript:, tel: and the like: never a backlink. */
  | { kind: 'not-http' }
  | { kind: 'unknown' };

const UNKNOWN: QuickHost = { kind: 'unknown' };
const RELATIVE: QuickHost = { kind: 'relative' };
const NOT_HTTP: QuickHost = { kind: 'not-http' };
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const PLAIN_HOST = /^[a-z0-9.-]+$/;
const SLASH = 47;
const BACKSLASH = 92;

export function quickHostOf(href: string): QuickHost {
  if (href === '' || hasSurroundingSpaceOrBreaks(href)) return UNKNOWN;
  const scheme = SCHEME.exec(href);
  if (scheme) {
    const name = scheme[1].toLowerCase();
    if (name !== 'http' && name !== 'https') return NOT_HTTP;
    // "http:page" without slashes is relative to an http base: leave it to the full parser.
    const authorityStart = name.length + 3;
    if (!startsWithTwoSlashes(href, name.length + 1)) return UNKNOWN;
    return hostFromAuthority(href, authorityStart);
  }
  if (startsWithTwoSlashes(href, 0)) return hostFromAuthority(href, 2);
  return RELATIVE;
}

function hasSurroundingSpaceOrBreaks(href: string): boolean {
  return (
    href.charCodeAt(0) <= 32 ||
    href.charCodeAt(href.length - 1) <= 32 ||
    href.includes('\t') ||
    href.includes('\n') ||
    href.includes('\r')
  );
}

function startsWithTwoSlashes(href: string, at: number): boolean {
  const first = href.charCodeAt(at);
  const second = href.charCodeAt(at + 1);
  return (first === SLASH || first === BACKSLASH) && (second === SLASH || second === BACKSLASH);
}

function hostFromAuthority(href: string, start: number): QuickHost {
  let end = start;
  while (end < href.length) {
    const code = href.charCodeAt(end);
    // '/', '?', '#', '\' end the authority.
    if (code === SLASH || code === 63 || code === 35 || code === BACKSLASH) break;
    end++;
  }
  let authority = href.slice(start, end).toLowerCase();
  const colon = authority.lastIndexOf(':');
  if (colon !== -1) {
    if (!/^\d*$/.test(authority.slice(colon + 1))) return UNKNOWN;
    authority = authority.slice(0, colon);
  }
  if (!PLAIN_HOST.test(authority) || looksNumeric(authority)) return UNKNOWN;
  return { kind: 'host', host: authority };
}

/** A last label starting with a digit may be read as an IPv4 number ("0x7f.1", "1.2.3.4"). */
function looksNumeric(host: string): boolean {
  const trimmed = host.endsWith('.') ? host.slice(0, -1) : host;
  const lastLabel = trimmed.slice(trimmed.lastIndexOf('.') + 1);
  const first = lastLabel.charCodeAt(0);
  return lastLabel === '' || (first >= 48 && first <= 57);
}
