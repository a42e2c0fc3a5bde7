import type { TBatchResponse } from '@linkwatch/shared';
import { getToken } from './token.ts';

/**
 * What every API call is made of, its URL and its headers, and the reads a cold load sends before the
 * app's code has arrived. Apart from client.ts, whose error messages need the translations: the entry
 * script imports this alone (app/firstReads.ts).
 */

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** `{'page[number]': 1, 'filter[statuses]': [2, 0]}` → `page[number]=1&filter[statuses][]=2&filter[statuses][]=0`. */
export function buildQuery(query: Query = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeKey(`${key}[]`)}=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** `('links', {'page[number]': 1})` → `/api/links?page[number]=1`. */
export function apiUrl(path: string, query?: Query): string {
  return `/api/${path.replace(/^\//, '')}${buildQuery(query)}`;
}

/**
 * A site's favicon through our server (spec 8): the host of a URL or a bare domain, or null when there
 * is none to ask for (the default image is then shown).
 */
export function faviconUrl(site: string | null | undefined): string | null {
  if (!site) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(site) ? site : `http://${site}`).host;
    return host ? apiUrl(`favicons/${encodeURIComponent(host)}`) : null;
  } catch {
    return null;
  }
}

/**
 * The headers of every call: what it accepts (JSON, unless it asks for a file), the page's language for
 * the server's messages and documents, the session's token.
 */
export function apiHeaders(locale: string, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'x-localization': locale };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Long enough for the app's code to arrive on a slow phone; an answer older than that is read again. */
const EARLY_READ_FRESH_MS = 15_000;

/** The same for a URL however its query's keys are ordered (`{...defaults, ...query}` moves them). */
function readKey(url: string): string {
  const [path, search = ''] = url.split('?');
  return `${path}?${search.split('&').sort().join('&')}`;
}

const earlyReads = new Map<string, { response: Promise<Response>; sentAt: number; token: string | null }>();

/** The answer to `url` in a batch's, as the call alone would have had it; the call alone if it has none. */
async function answerIn({
  batch,
  url,
  headers,
}: {
  batch: Promise<TBatchResponse>;
  url: string;
  headers: HeadersInit;
}) {
  const read = await batch
    .then((answer) => answer.data.find((one) => one.url === url))
    .catch(() => undefined);
  if (!read) return fetch(url, { headers });
  const body = read.body === null ? null : JSON.stringify(read.body);
  return new Response(body, { status: read.status, headers: { 'content-type': 'application/json' } });
}

/**
 * Sends several GETs now, in one call (`GET batch`: on a phone's HTTP/1.1 a dozen reads took its six
 * connections for two round trips, while the page's code waited for them); the first call for each URL
 * within EARLY_READ_FRESH_MS takes its answer. A batch that fails leaves each call to be sent alone.
 */
export function sendEarlyReads({ urls, locale }: { urls: string[]; locale: string }): void {
  const headers = apiHeaders(locale);
  const query = new URLSearchParams(urls.map((url) => ['url', url]));
  const batch = fetch(`${apiUrl('batch')}?${query}`, { headers }).then((response) =>
    response.ok
      ? (response.json() as Promise<TBatchResponse>)
      : Promise.reject(new Error(String(response.status))),
  );
  const sentAt = Date.now();
  for (const url of urls) {
    const response = answerIn({ batch, url, headers });
    // Not handled here: the call that takes it sees the failure, as it would its own.
    response.catch(() => {});
    earlyReads.set(readKey(url), { response, sentAt, token: getToken() });
  }
}

/** Unit tests: drops the early reads no call took (a test's answers must not reach the next file's). */
export function forgetEarlyReadsForTests(): void {
  earlyReads.clear();
}

/**
 * The answer of an early read of `url`, once; `undefined` if none was sent, it is no longer fresh or it
 * was read for another session.
 */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const key = readKey(url);
  const read = earlyReads.get(key);
  earlyReads.delete(key);
  const usable = read && Date.now() - read.sentAt < EARLY_READ_FRESH_MS && read.token === getToken();
  return usable ? read.response : undefined;
}
