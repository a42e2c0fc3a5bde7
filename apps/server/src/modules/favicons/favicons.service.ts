import type { Checker } from '@linkwatch/checker';

/**
 * Favicons of donor and project sites (spec 8: one that fails to load is replaced by a default image).
 * The browser never asks a donor host itself: that would hand the user's address, and the page they
 * are on, to every site in their lists. Our server fetches `/favicon.ico` through the checker's SSRF
 * guard (private addresses refused after DNS, per-host limits), keeps only a small image it recognises
 * by its bytes, and answers it from a memory cache; the browser caches it too. A third-party favicon
 * service would need a second outside dependency and would learn every domain our users watch.
 */
export const FAVICON_MAX_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const FOUND_TTL_MS = 24 * 60 * 60_000;
const MISSING_TTL_MS = 60 * 60_000;
const CACHE_ENTRIES = 2_000;

export type Favicon = { bytes: Uint8Array; contentType: string };
type Entry = { favicon: Favicon | null; until: number };

/**
 * The image types a favicon may be, by their first bytes. SVG is not among them: served from our origin
 * it could carry script.
 */
const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/x-icon', test: (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0 },
  { type: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image/gif', test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
      String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
];

export function imageType(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find((s) => bytes.length >= 4 && s.test(bytes))?.type;
}

/** A host name (`shop.example.com`, an optional `:port`): never a path, a user or a scheme. */
export const FAVICON_HOST =
  /^(?=.{1,253}(:|$))([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(:\d{1,5})?$/;

export interface FaviconStore {
  get(host: string): Promise<Favicon | null>;
}

/** Favicons by host, fetched once per TTL (a miss is remembered for an hour) and once at a time. */
export function faviconStore(checker: () => Checker, now: () => number = Date.now): FaviconStore {
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Favicon | null>>();

  const remember = (host: string, favicon: Favicon | null) => {
    cache.delete(host);
    cache.set(host, { favicon, until: now() + (favicon ? FOUND_TTL_MS : MISSING_TTL_MS) });
    // A Map keeps insertion order: the first key is the least recently stored.
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    return favicon;
  };

  return {
    async get(host) {
      const cached = cache.get(host);
      if (cached && cached.until > now()) return cached.favicon;
      const running = inFlight.get(host);
      if (running) return running;
      const fetching = fetchFavicon(checker(), host)
        .then((favicon) => remember(host, favicon))
        .finally(() => inFlight.delete(host));
      inFlight.set(host, fetching);
      return fetching;
    },
  };
}

/** `https://host/favicon.ico`, then `http://`; an answer that is not a small known image is none. */
async function fetchFavicon(checker: Checker, host: string): Promise<Favicon | null> {
  for (const scheme of ['https', 'http']) {
    try {
      const file = await checker.fetchFile(new URL(`${scheme}://${host}/favicon.ico`), {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        maxBytes: FAVICON_MAX_BYTES,
        accept: 'image/*',
      });
      if (file.status !== 200 || file.truncated) return null;
      const contentType = imageType(file.bytes);
      return contentType ? { bytes: file.bytes, contentType } : null;
    } catch {
      // Unreachable or refused over this scheme: try the next.
    }
  }
  return null;
}
