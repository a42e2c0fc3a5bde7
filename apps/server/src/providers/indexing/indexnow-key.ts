import { randomBytes } from 'node:crypto';

/** IndexNow's key format: 8 to 128 characters of a-z, A-Z, 0-9 and '-' (indexnow.org/documentation). */
const KEY_FORMAT = /^[a-zA-Z0-9-]{8,128}$/;

export function isIndexNowKey(key: string): boolean {
  return KEY_FORMAT.test(key);
}

/** A new project key: 32 hexadecimal characters (128 random bits). */
export function newIndexNowKey(): string {
  const key = randomBytes(16).toString('hex');
  if (!isIndexNowKey(key)) throw new Error('A generated IndexNow key does not fit the format');
  return key;
}

/**
 * Reads the key file from the user's site. It goes through the caller's fetch: the server passes the
 * checker's guarded one (the host is the user's, so it may name a private address); tests pass the
 * global fetch. Only `status` and `text()` of the answer are used, so a fetch that caps the body fits.
 */
export type KeyFileFetch = (
  url: URL,
  init: { signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface VerifyKeyFileOptions {
  /** The host the URLs are on, as IndexNow's `host`: `example.com`, `www.example.com`. */
  host: string;
  key: string;
  /** The key file's URL when not at the host's root; it must be on the same host. */
  keyLocation?: string;
  fetch: KeyFileFetch;
  /** `https` unless the site is served without TLS. */
  scheme?: 'https' | 'http';
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** `missing`: 404/410; `unreachable`: any other status, a network error or no answer in time. */
export type KeyFileProblem = 'invalid-key' | 'not-on-host' | 'missing' | 'wrong-content' | 'unreachable';

export type KeyFileCheck =
  | { ok: true; url: string }
  | { ok: false; url: string; problem: KeyFileProblem; status?: number; message: string };

/** Where search engines look for the key: keyLocation, else `<scheme>://<host>/<key>.txt`. */
export function keyFileUrl({
  host,
  key,
  keyLocation,
  scheme = 'https',
}: Pick<VerifyKeyFileOptions, 'host' | 'key' | 'keyLocation' | 'scheme'>): string {
  return keyLocation ?? `${scheme}://${host}/${key}.txt`;
}

/**
 * Is the project's key file where the search engines will look, holding the key? IndexNow refuses
 * every URL of the host (403) until it is, so the task checks before its first submission. The file
 * holds the key alone, UTF-8; a byte-order mark and surrounding whitespace are allowed.
 */
export async function verifyKeyFile(options: VerifyKeyFileOptions): Promise<KeyFileCheck> {
  const { host, key, keyLocation, timeoutMs = 10_000 } = options;
  const url = keyFileUrl(options);
  const problem = (kind: KeyFileProblem, message: string, status?: number): KeyFileCheck =>
    status === undefined
      ? { ok: false, url, problem: kind, message }
      : { ok: false, url, problem: kind, message, status };
  if (!isIndexNowKey(key))
    return problem('invalid-key', 'The key is not 8–128 characters of a-z, A-Z, 0-9, -');
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return problem('not-on-host', `The key location is not a URL: ${url}`);
  }
  if (keyLocation && target.host.toLowerCase() !== host.toLowerCase()) {
    return problem('not-on-host', `The key location must be on ${host}, not ${target.host}`);
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await options.fetch(target, { signal });
    if (response.status === 404 || response.status === 410) {
      return problem('missing', `No key file at ${url} (HTTP ${response.status})`, response.status);
    }
    if (response.status < 200 || response.status >= 300) {
      return problem('unreachable', `The key file answered HTTP ${response.status}`, response.status);
    }
    const text = (await response.text()).replace(/^\uFEFF/, '').trim();
    if (text !== key) return problem('wrong-content', `The file at ${url} does not hold the project's key`);
    return { ok: true, url };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) return problem('unreachable', `No answer from ${url} within ${timeoutMs} ms`);
    return problem('unreachable', error instanceof Error ? error.message : String(error));
  }
}
