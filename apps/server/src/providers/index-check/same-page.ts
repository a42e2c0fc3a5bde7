/**
 * Whether a search result is the page we asked about. A SERP shows a page under the URL Google chose
 * for it, which often differs from the one we stored in ways that do not make it another page: the
 * scheme (http/https), a leading `www.`, a trailing slash, the host's case, a default port (:80/:443),
 * a fragment. Everything else (path case, query string) does make another page and must match.
 */
export function samePage(a: string, b: string): boolean {
  return pageKey(a) === pageKey(b);
}

/** The form two URLs of one page share; a string that is not a URL is compared as it is, trimmed. */
export function pageKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url.trim();
  }
  // WHATWG URL already lowercases the host, punycodes IDNs and drops the scheme's own default port;
  // the scheme is ignored here, so either default port is dropped whatever the scheme.
  const host = parsed.hostname.replace(/^www\./, '');
  const port = parsed.port === '' || parsed.port === '80' || parsed.port === '443' ? '' : `:${parsed.port}`;
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${host}${port}${path}${parsed.search}`;
}
