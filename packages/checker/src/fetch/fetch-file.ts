import type { HostLimiter } from '../limits/host-limiter.ts';
import { CheckFailure, checkErrorFrom } from './check-errors.ts';
import type { HttpClient } from './http-client.ts';
import { readBody } from './read-body.ts';

export interface FetchFileOptions {
  /** Ends the request; the caller's timeout goes here too. */
  signal: AbortSignal;
  /** Decoded bytes kept from the body; the rest is not read. */
  maxBytes: number;
  /** The Accept header (default: text). */
  accept?: string;
}

export interface FetchedFile {
  status: number;
  /** The beginning of the body (at most maxBytes), decoded as UTF-8. */
  text: string;
  /** The same beginning as bytes (an image). */
  bytes: Uint8Array;
  /** Whether the body went on past maxBytes. */
  truncated: boolean;
}

/**
 * One GET of a small file from a user's site (the IndexNow key file), through the checks' SSRF guard
 * and per-host limits: the host is the user's, so it may name a private address. Redirects are not
 * followed: the file must be where it is asked for. Network trouble rejects with a CheckFailure whose
 * `code` says what happened (dns_not_found, blocked_address, timeout...).
 */
export async function fetchFile(
  { client, hosts }: { client: HttpClient; hosts: HostLimiter },
  url: URL,
  { signal, maxBytes, accept = 'text/plain,*/*;q=0.8' }: FetchFileOptions,
): Promise<FetchedFile> {
  try {
    client.assertFetchable(url);
    const release = await hosts.acquire(url.hostname, signal);
    try {
      const response = await client.get(url, { signal, accept });
      const encoding = response.headers['content-encoding'];
      const contentEncoding = Array.isArray(encoding) ? encoding.join(', ') : (encoding ?? null);
      const { bytes, truncated } = await readBody({ body: response.body, contentEncoding, maxBytes });
      return { status: response.status, text: new TextDecoder().decode(bytes), bytes, truncated };
    } finally {
      release();
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const { code, message } = checkErrorFrom(error);
    throw new CheckFailure(code, message);
  }
}

export interface PostFileOptions {
  signal: AbortSignal;
  /** Decoded bytes kept from the answer; the rest is not read. */
  maxBytes: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One POST to a user's endpoint (a webhook delivery), through the same SSRF guard and per-host limits
 * as fetchFile, redirects not followed; the answer's beginning is read, at most maxBytes.
 */
export async function postFile(
  { client, hosts }: { client: HttpClient; hosts: HostLimiter },
  url: URL,
  { signal, maxBytes, headers, body }: PostFileOptions,
): Promise<FetchedFile> {
  try {
    client.assertFetchable(url);
    const release = await hosts.acquire(url.hostname, signal);
    try {
      const response = await client.post(url, { signal, headers, body });
      const encoding = response.headers['content-encoding'];
      const contentEncoding = Array.isArray(encoding) ? encoding.join(', ') : (encoding ?? null);
      const read = await readBody({ body: response.body, contentEncoding, maxBytes });
      return { status: response.status, text: new TextDecoder().decode(read.bytes), ...read };
    } finally {
      release();
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const { code, message } = checkErrorFrom(error);
    throw new CheckFailure(code, message);
  }
}
