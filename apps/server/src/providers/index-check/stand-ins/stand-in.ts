import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback servers that answer as the SERP services do, for the adapters' tests, the benchmark and
 * the offline demo (where each is labelled as a demo service). One generic server does what all share
 * (latency, a rate limit, the failure modes, a record of requests); a protocol per service reads its
 * request (path, method, auth, body) and writes its answers in that service's own shapes.
 */
export interface StandInRequest {
  method: string;
  path: string;
  searchParams: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as it is instead of `body` as JSON, for services that answer in text (CSV, plain errors). */
  text?: string;
}

export interface Accepted {
  query: string;
  echo?: Record<string, unknown>;
}

/** `A`: what the protocol reads from a request it accepts (other services than SERPs read more). */
export interface Protocol<A extends Accepted = Accepted> {
  /** The searched query (and what the answer echoes of the request), or the reply that refuses it. */
  read(request: StandInRequest): A | Reply;
  results(accepted: A, links: string[]): Reply;
  noFunds(): Reply;
  rateLimited(retryAfterSeconds: number): Reply;
  serverError(): Reply;
}

/** normal: answer from the index; the others answer every request with that failure. */
export type StandInMode = 'normal' | 'no-funds' | 'server-error' | 'malformed' | 'hang';

export interface StandInSettings {
  /** Pages the service has in its index, by the exact URL the adapter asks about. */
  indexed: Iterable<string>;
  /** Pages the service has in its index besides those listed (e.g. a rule for the demo's pages). */
  isIndexed: (url: string) => boolean;
  /** Show an indexed page under another form of its URL (www., trailing slash, scheme, host case). */
  vary: boolean;
  /** Also list a page under the asked URL's prefix, which a `site:` query returns and is not the page. */
  neighbours: boolean;
  latencyMs: number;
  /** Requests per second before 429s (a token bucket); Infinity for none. */
  ratePerSecond: number;
  /**
   * Requests the bucket holds: how far arrivals may bunch up without a 429. One second's worth by
   * default, the usual reading of "N requests per second"; tests set it lower to be strict.
   */
  burst: number;
  mode: StandInMode;
}

export interface StandIn {
  readonly url: string;
  readonly indexed: Set<string>;
  readonly counts: { requests: number; rateLimited: number };
  /** The latest requests (up to 1,000), oldest first. */
  readonly requests: StandInRequest[];
  set(settings: Partial<Omit<StandInSettings, 'indexed'>>): void;
  close(): Promise<void>;
}

const KEEP_REQUESTS = 1_000;

export async function startStandIn<A extends Accepted>(
  protocol: Protocol<A>,
  options: Partial<StandInSettings> & { port?: number; host?: string } = {},
): Promise<StandIn> {
  const { port = 0, host = '127.0.0.1', indexed = [], ...rest } = options;
  const settings: Omit<StandInSettings, 'indexed'> = {
    isIndexed: () => false,
    vary: true,
    neighbours: true,
    latencyMs: 0,
    ratePerSecond: Number.POSITIVE_INFINITY,
    mode: 'normal',
    ...rest,
    burst: rest.burst ?? Math.max(1, rest.ratePerSecond ?? 1),
  };
  const index = new Set(indexed);
  const requests: StandInRequest[] = [];
  const counts = { requests: 0, rateLimited: 0 };
  let tokens = settings.burst;
  let refilledAt = performance.now();

  /** Takes a token, or says in how many seconds the next one is there. */
  function admit(): number | undefined {
    const now = performance.now();
    tokens = Math.min(settings.burst, tokens + ((now - refilledAt) / 1000) * settings.ratePerSecond);
    refilledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - tokens) / settings.ratePerSecond));
  }

  function answer(request: StandInRequest): Reply | 'hang' | 'malformed' {
    const waitSeconds = admit();
    if (waitSeconds !== undefined) {
      counts.rateLimited++;
      const reply = protocol.rateLimited(waitSeconds);
      return { ...reply, headers: { 'Retry-After': String(waitSeconds), ...reply.headers } };
    }
    if (settings.mode === 'hang' || settings.mode === 'malformed') return settings.mode;
    const read = protocol.read(request);
    if (!('query' in read)) return read;
    if (settings.mode === 'no-funds') return protocol.noFunds();
    if (settings.mode === 'server-error') return protocol.serverError();
    return protocol.results(read, lookUp(read.query));
  }

  function lookUp(query: string): string[] {
    const url = query.replace(/^site:/, '').trim();
    const links: string[] = [];
    if (index.has(url) || settings.isIndexed(url)) links.push(settings.vary ? variant(url) : url);
    if (settings.neighbours) links.push(neighbour(url));
    return links;
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const address = new URL(req.url ?? '/', 'http://stand-in');
    const request: StandInRequest = {
      method: req.method ?? 'GET',
      path: address.pathname,
      searchParams: address.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    counts.requests++;
    requests.push(request);
    if (requests.length > KEEP_REQUESTS) requests.shift();
    const reply = answer(request);
    if (reply === 'hang') return;
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    if (reply === 'malformed') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"organic": [{"link": ');
      return;
    }
    const json = reply.text === undefined;
    const type = json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
    res.writeHead(reply.status, { 'Content-Type': type, ...reply.headers });
    res.end(json ? JSON.stringify(reply.body) : reply.text);
  });
  server.listen(port, host);
  await once(server, 'listening');
  const { port: boundPort } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${boundPort}`,
    indexed: index,
    counts,
    requests,
    set(changes) {
      Object.assign(settings, changes);
      if (changes.ratePerSecond !== undefined && changes.burst === undefined) {
        settings.burst = Math.max(1, changes.ratePerSecond);
      }
      if (changes.burst !== undefined || changes.ratePerSecond !== undefined) tokens = settings.burst;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** The same page as Google may list it: www. toggled, trailing slash toggled, other scheme, host in capitals. */
export function variant(url: string): string {
  const u = new URL(url);
  const host = u.hostname.startsWith('www.') ? u.hostname.slice(4) : `www.${u.hostname}`;
  const scheme = u.protocol === 'https:' ? 'http' : 'https';
  const path = u.pathname.endsWith('/') ? u.pathname.replace(/\/+$/, '') : `${u.pathname}/`;
  return `${scheme}://${host.toUpperCase()}${u.port ? `:${u.port}` : ''}${path}${u.search}`;
}

/** Another page under the asked URL's prefix (what `site:` also matches). */
export function neighbour(url: string): string {
  try {
    const u = new URL(url);
    u.pathname = `${u.pathname.replace(/\/+$/, '')}/comments/`;
    return u.href;
  } catch {
    return `${url}/comments/`;
  }
}

export function jsonBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
