import { z } from 'zod';
import { excerpt, fetchJson, type ProviderLimits, retryAfterMs } from '../index-check/paced.ts';
import { isIndexNowKey } from './indexnow-key.ts';
import { chunks, notTaken, type PortionAnswer, pacedIndexer } from './paced.ts';
import type { Indexer, IndexNowKey } from './types.ts';

export interface IndexNowOptions extends ProviderLimits {
  /** https://api.indexnow.org (shares with every engine of the protocol) unless pointed elsewhere. */
  baseUrl: string;
}

/** IndexNow takes up to 10,000 URLs of one host in one request. */
export const INDEXNOW_MAX_URLS = 10_000;

/** IndexNow's 429 means "too many requests, potential spam", with no Retry-After: wait a minute. */
const SPAM_BACKOFF_MS = 60_000;

/** The portion of URLs that are not URLs at all: answered without asking. */
const NOT_URLS = '';

const ZError = z.object({ message: z.string() }).loose();

/**
 * IndexNow (indexnow.org): `POST /indexnow` with `{"host", "key", "keyLocation", "urlList"}`, one
 * host per request, up to 10,000 URLs. 200 submitted, 202 received with the key still to be checked;
 * 400 invalid format; 403 the key is not valid (no key file, or not this key in it); 422 URLs not of
 * the host, or a key not of the protocol's format; 429 too many requests. The key is the project's,
 * in `options.indexNow` of every submit; check its file with `verifyKeyFile` before the first one.
 * The protocol reaches Bing, Yandex, Seznam, Naver and the other engines that share it, not Google.
 */
export function indexNowIndexer(options: IndexNowOptions): Indexer {
  const name = 'indexnow';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/indexnow`;
  const indexer = pacedIndexer({
    name,
    kind: 'own-site',
    maxBatch: INDEXNOW_MAX_URLS,
    limits: options,
    portions: (urls) => [...byHost(urls).values()].flatMap((list) => chunks(list, INDEXNOW_MAX_URLS)),
    before: (portion) =>
      hostOf(portion[0]) === NOT_URLS ? notTaken('refused', 'Not an http(s) URL') : undefined,
    async send(urls, { indexNow }, signal): Promise<PortionAnswer> {
      const host = hostOf(urls[0]);
      const { key, keyLocation } = indexNow as IndexNowKey;
      const sameHost = keyLocation !== undefined && hostOf(keyLocation) === host;
      const answer = await fetchJson(
        endpoint,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(
            sameHost ? { host, key, keyLocation, urlList: urls } : { host, key, urlList: urls },
          ),
          signal,
        },
        name,
      );
      if (answer.status === 200 || answer.status === 202) return { kind: 'accepted' };
      const said = ZError.safeParse(answer.json).data?.message ?? excerpt(answer.text);
      const message = `HTTP ${answer.status}${said ? `: ${said}` : ''}`;
      switch (answer.status) {
        case 400:
          return notTaken('refused', `${message} (invalid format)`);
        case 403:
          return notTaken('refused', `${message} (the key is not valid: is the key file on ${host}?)`);
        case 422:
          return notTaken(
            'refused',
            `${message} (URLs not of ${host}, or the key does not fit the protocol)`,
          );
        case 429:
          return notTaken(
            'rate-limited',
            message,
            retryAfterMs(answer.headers.get('retry-after')) ?? SPAM_BACKOFF_MS,
          );
        default:
          return notTaken('bad-answer', message);
      }
    },
  });
  return {
    ...indexer,
    async submit(urls, submitOptions = {}) {
      const key = submitOptions.indexNow?.key;
      if (!key || !isIndexNowKey(key)) {
        throw new TypeError('IndexNow needs the project key (8–128 characters of a-z, A-Z, 0-9, -)');
      }
      return indexer.submit(urls, submitOptions);
    },
  };
}

/** `host` as IndexNow reads it: the URL's host, lower case, with a port only when not the default. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : NOT_URLS;
  } catch {
    return NOT_URLS;
  }
}

function byHost(urls: string[]): Map<string, string[]> {
  const hosts = new Map<string, string[]>();
  for (const url of urls) {
    const host = hostOf(url);
    const list = hosts.get(host);
    if (list) list.push(url);
    else hosts.set(host, [url]);
  }
  return hosts;
}
