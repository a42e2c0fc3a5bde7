/**
 * The one URL form links are stored and compared in: scheme and host lower-cased, default port and
 * fragment dropped, the rest kept as written. A URL without a scheme is taken as http://.
 * Returns null for anything that is not an http(s) URL with a dotted host.
 */
export function normalizeUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  // The host as typed must have a dot: WHATWG URL reads a bare number such as `42` as 0.0.0.42.
  const typedHost = withScheme
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]
    .replace(/^[^@]*@/, '');
  if (!typedHost.includes('.')) return null;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.') || url.hostname.endsWith('.')) return null;
  url.hash = '';
  // WHATWG URL already lower-cases scheme and host and drops the default port.
  return url.toString();
}

/** `https://a.com/x` → `a.com/x`: how the spec's save payload and tables show a URL. */
export function urlWithoutProtocol(url: string): string {
  return url.replace(/^https?:\/\//i, '');
}
