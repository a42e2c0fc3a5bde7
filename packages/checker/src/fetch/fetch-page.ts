import type { Dispatcher } from 'undici';
import type { HostLimiter } from '../limits/host-limiter.ts';
import type { Release, Semaphore } from '../limits/semaphore.ts';
import type { CheckError, RedirectHop } from '../types.ts';
import { CheckFailure, checkErrorFrom } from './check-errors.ts';
import type { HttpClient, HttpResponse } from './http-client.ts';
import { readBody } from './read-body.ts';

export interface FinalResponse {
  status: number;
  contentType: string | null;
  /** Each X-Robots-Tag header line as sent (an agent prefix only reaches to the end of its line). */
  xRobotsTags: string[];
  /** Every response header, lower-cased names, repeated ones joined (kept as evidence of what the page said). */
  headers: Record<string, string>;
  /** Decoded body; empty unless the page answered 2xx with an HTML-ish type. */
  bytes: Uint8Array;
  truncated: boolean;
}

export interface FetchedPage {
  chain: RedirectHop[];
  /** The last URL requested, whether or not it answered. */
  finalUrl: URL;
  /** Null when the chain did not end in an answer that is not a redirect. */
  final: FinalResponse | null;
  error: CheckError | null;
}

export interface FetchPageContext {
  client: HttpClient;
  hosts: HostLimiter;
  maxRedirects: number;
  maxBytes: number;
  /** Requests on the wire at once across hosts (pages; robots.txt goes without). */
  fetching?: Semaphore;
  /** Aborts when the check's total time is up or the caller cancels. */
  deadline: AbortSignal;
  /** The caller's own cancellation; it rethrows instead of producing a result. */
  signal?: AbortSignal;
  /** Read 2xx bodies whatever their Content-Type (robots.txt); pages only read HTML-ish ones. */
  readAnyContentType?: boolean;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Bodies of redirects and error pages are drained (up to this much) so the socket can be reused.
const DRAIN_LIMIT = 64 * 1024;

/** GETs a page, following up to `maxRedirects` redirects by hand so every hop is recorded and re-checked. */
export async function fetchPage(url: URL, context: FetchPageContext): Promise<FetchedPage> {
  const chain: RedirectHop[] = [];
  const visited = new Set<string>();
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      visited.add(withoutHash(current));
      const step = await requestOnce(current, context);
      chain.push({ url: current.href, status: step.status });
      if (!step.location) return { chain, finalUrl: current, final: step.final, error: null };
      if (hop >= context.maxRedirects) {
        throw new CheckFailure('too_many_redirects', `more than ${context.maxRedirects} redirects`);
      }
      const next = resolveLocation(step.location, current);
      if (visited.has(withoutHash(next))) {
        throw new CheckFailure('redirect_loop', `redirect loop back to ${next.href}`);
      }
      current = next;
    }
  } catch (error) {
    if (context.signal?.aborted) throw context.signal.reason;
    const checkError = context.deadline.aborted
      ? { code: 'timeout' as const, message: 'the check ran out of time' }
      : checkErrorFrom(error);
    return { chain, finalUrl: current, final: null, error: checkError };
  }
}

interface StepResult {
  status: number;
  location: string | null;
  final: FinalResponse | null;
}

async function requestOnce(url: URL, context: FetchPageContext): Promise<StepResult> {
  // Checked before waiting for a host slot: a refused URL must not even queue.
  context.client.assertFetchable(url);
  const release = await context.hosts.acquire(url.hostname, context.deadline);
  // Taken after the host's slot: a request waiting for a busy host must not keep another host's page waiting.
  let releaseFetching: Release = () => {};
  try {
    if (context.fetching) releaseFetching = await context.fetching.acquire(context.deadline);
    const response = await context.client.get(url, { signal: context.deadline });
    const location = headerValue(response.headers.location);
    if (REDIRECT_STATUSES.has(response.status) && location) {
      await drain(response.body);
      return { status: response.status, location, final: null };
    }
    return { status: response.status, location: null, final: await readFinal(response, context) };
  } finally {
    releaseFetching();
    release();
  }
}

async function readFinal(
  response: HttpResponse,
  { maxBytes, readAnyContentType = false }: FetchPageContext,
): Promise<FinalResponse> {
  const contentType = headerValue(response.headers['content-type']);
  const xRobotsTags = headerValues(response.headers['x-robots-tag']);
  const headers = allHeaders(response.headers);
  const isSuccess = response.status >= 200 && response.status < 300;
  const worthReading = isSuccess && (readAnyContentType || isHtmlLike(contentType));
  if (!worthReading) {
    await drain(response.body);
    return {
      status: response.status,
      contentType,
      xRobotsTags,
      headers,
      bytes: new Uint8Array(0),
      truncated: false,
    };
  }
  const contentEncoding = headerValue(response.headers['content-encoding']);
  const { bytes, truncated } = await readBody({ body: response.body, contentEncoding, maxBytes });
  return { status: response.status, contentType, xRobotsTags, headers, bytes, truncated };
}

/** Pages without a Content-Type are sniffed as HTML, like browsers do for most of them. */
function isHtmlLike(contentType: string | null): boolean {
  if (!contentType) return true;
  return /html|xml|text\/plain/i.test(contentType);
}

async function drain(body: Dispatcher.ResponseData['body']): Promise<void> {
  try {
    await body.dump({ limit: DRAIN_LIMIT });
  } catch {
    // The status is all that was needed; a broken body only costs the connection.
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new CheckFailure('bad_redirect', `unusable Location header: ${location}`);
  }
}

/** Repeated headers are joined with ", " as HTTP allows. */
function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function allHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const joined = headerValue(value);
    if (joined !== null) all[name.toLowerCase()] = joined;
  }
  return all;
}

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function withoutHash(url: URL): string {
  return url.hash ? url.href.slice(0, -url.hash.length) : url.href;
}
