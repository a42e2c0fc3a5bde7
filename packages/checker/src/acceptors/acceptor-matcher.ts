import { parse as parseDomain } from 'tldts';
import type { AcceptorSet } from '../types.ts';
import { normalizeUrl, schemelessKey } from './normalize-url.ts';

/** Decides whether a resolved link target belongs to the acceptor set. */
export interface AcceptorMatcher {
  matches(target: URL): boolean;
  /** False when no URL on this host (lower-case, ASCII) can match: lets parsers skip most links cheaply. */
  mayMatchHost(host: string): boolean;
  /**
   * False when the raw text of an absolute link certainly does not lead to an acceptor host: it
   * neither names one nor holds anything the URL parser could turn into one. Relative links are
   * not covered (their host is the page's).
   */
  mayBeNamedIn(href: string): boolean;
}

const SCHEME_PREFIX = /^[a-z][a-z0-9+.-]*:\/\//i;
// Private suffixes (github.io, blogspot.com) count: "github.io" must not cover every site on it.
const PSL_OPTIONS = { allowPrivateDomains: true };

export function compileAcceptors(acceptors: AcceptorSet): AcceptorMatcher {
  return acceptors.kind === 'domains'
    ? compileDomainAcceptors(acceptors.domains)
    : compileUrlAcceptors(acceptors.urls);
}

/**
 * Tier 1: a link matches when its host is an acceptor host or a subdomain of one.
 * "www." is stripped from acceptors so "www.site.com" also covers "site.com" and "blog.site.com".
 * Public suffixes ("co.uk") and IP addresses only ever match themselves, or one bad acceptor
 * would match half the web.
 */
function compileDomainAcceptors(domains: string[]): AcceptorMatcher {
  const withSubdomains = new Set<string>();
  const exactOnly = new Set<string>();
  for (const entry of domains) {
    const acceptor = parseDomainAcceptor(entry);
    if (!acceptor) continue;
    (acceptor.coversSubdomains ? withSubdomains : exactOnly).add(acceptor.host);
  }
  const mayMatchHost = (rawHost: string) => {
    const host = withoutTrailingDot(rawHost);
    return exactOnly.has(host) || hostOrParentIn(host, withSubdomains);
  };
  return {
    mayMatchHost,
    mayBeNamedIn: hostTextFilter([...withSubdomains, ...exactOnly]),
    matches: (target) => mayMatchHost(target.hostname),
  };
}

// What the URL parser changes in a host before it is compared: percent-escapes, removed tabs and
// line breaks, and non-ASCII (IDNA mapping: full-width letters and dots, soft hyphens...).
const HOST_DISGUISES = '[%\\t\\n\\r]|[^\\x00-\\x7f]';

/**
 * A case-insensitive search for any acceptor host in a link's text, or for anything that could
 * disguise one. A page's hundred links to other sites are then dismissed without parsing a URL.
 * IP addresses have too many spellings (0x7f.1, 2130706433) to be searched for as text.
 */
function hostTextFilter(hosts: string[]): (href: string) => boolean {
  if (hosts.some(isIpLike)) return () => true;
  if (hosts.length === 0) return () => false;
  const named = hosts.map((host) => host.replaceAll('.', '\\.')).join('|');
  const pattern = new RegExp(`${HOST_DISGUISES}|${named}`, 'i');
  return (href) => pattern.test(href);
}

function isIpLike(host: string): boolean {
  const lastLabel = host.slice(host.lastIndexOf('.') + 1);
  return host.includes(':') || host.startsWith('[') || /^\d/.test(lastLabel);
}

function hostOrParentIn(host: string, hosts: Set<string>): boolean {
  if (hosts.has(host)) return true;
  for (let dot = host.indexOf('.'); dot !== -1; dot = host.indexOf('.', dot + 1)) {
    if (hosts.has(host.slice(dot + 1))) return true;
  }
  return false;
}

interface DomainAcceptor {
  host: string;
  coversSubdomains: boolean;
}

/** Accepts "site.com", "www.site.com", "https://site.com/path", "пример.рф" and similar. */
export function parseDomainAcceptor(entry: string): DomainAcceptor | null {
  const host = asciiHostOf(entry.trim());
  if (!host) return null;
  const parsed = parseDomain(host, PSL_OPTIONS);
  if (parsed.isIp) return { host, coversSubdomains: false };
  if (!parsed.domain) return { host, coversSubdomains: false };
  const withoutWww = host.startsWith('www.') ? host.slice(4) : host;
  const strippedIsRegistrable = parseDomain(withoutWww, PSL_OPTIONS).domain !== null;
  return { host: strippedIsRegistrable ? withoutWww : host, coversSubdomains: true };
}

/** Lower-case, punycoded host of a bare host or a URL, via the same parser links go through. */
function asciiHostOf(entry: string): string | null {
  if (entry === '') return null;
  const withScheme = SCHEME_PREFIX.test(entry) ? entry : `http://${entry}`;
  try {
    return withoutTrailingDot(new URL(withScheme).hostname);
  } catch {
    return null;
  }
}

/**
 * Tier 2: a link matches one of the given page URLs after normalisation. Acceptors written
 * without a scheme ("site.com/page", as the spec stores "url without protocol") match both
 * http and https.
 */
function compileUrlAcceptors(urls: string[]): AcceptorMatcher {
  const exact = new Set<string>();
  const anyScheme = new Set<string>();
  const hosts = new Set<string>();
  for (const entry of urls) {
    const trimmed = entry.trim();
    const hasScheme = SCHEME_PREFIX.test(trimmed);
    const normalized = normalizeUrl(hasScheme ? trimmed : `http://${trimmed}`);
    if (!normalized) continue;
    if (hasScheme) exact.add(normalized);
    else anyScheme.add(schemelessKey(normalized));
    hosts.add(new URL(normalized).hostname);
  }
  return {
    mayMatchHost: (host) => hosts.has(host),
    mayBeNamedIn: hostTextFilter([...hosts]),
    matches(target) {
      const normalized = normalizeUrl(target);
      if (!normalized) return false;
      return exact.has(normalized) || (anyScheme.size > 0 && anyScheme.has(schemelessKey(normalized)));
    },
  };
}

/** "site.com." (fully qualified) is the same host as "site.com". */
function withoutTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}
