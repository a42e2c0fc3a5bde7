/**
 * Canonical text of a URL for equality checks: the WHATWG parser already lower-cases scheme and
 * host, drops default ports and turns an empty path into "/" (so "https://a.com" equals
 * "https://a.com/"); on top of that the fragment and an empty "?" are dropped.
 * Other paths keep their trailing slash: "/blog" and "/blog/" can be different pages.
 */
export function normalizeUrl(input: string | URL): string | null {
  const url = toUrl(input);
  if (!url) return null;
  url.hash = '';
  if (url.search === '') url.search = '';
  return url.href;
}

/** The normalised URL without its "scheme://" prefix, for acceptors given without a scheme. */
export function schemelessKey(normalized: string): string {
  const start = normalized.indexOf('//');
  return start === -1 ? normalized : normalized.slice(start + 2);
}

function toUrl(input: string | URL): URL | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}
