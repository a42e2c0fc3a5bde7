import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import {
  isForbiddenAddress,
  literalAddressOf,
  specialUseNameOf,
  TrustedOrigins,
} from '../net/address-policy.ts';
import { BlockedAddressError, createGuardedLookup, type LookupFunction } from '../net/guarded-lookup.ts';
import { isBlockedTrackerHost } from './blocked-hosts.ts';

/**
 * The rendering browser's only way out: an HTTP proxy (plain requests and CONNECT tunnels) on a
 * loopback port that applies the checker's SSRF rules to every request Chromium makes, after DNS
 * resolution (the guarded lookup filters the addresses the socket will really use, so DNS
 * rebinding cannot slip through) and again for every redirect, since Chromium follows a redirect
 * with a new request through this proxy. Refused requests are answered 403 and logged.
 */

/** blocked_resource: an image, font or media the browser was stopped from requesting at all. */
export type RefusalReason = 'blocked_address' | 'blocked_tracker' | 'blocked_resource' | 'unsupported';

export interface RefusedRequest {
  /** The URL (plain HTTP) or host:port (CONNECT tunnel) the browser asked for. */
  target: string;
  reason: RefusalReason;
  detail: string;
  at: number;
}

export interface GuardProxyOptions {
  allowPrivateNetworks: boolean;
  /** host:port origins reachable even when private networks are refused. */
  allowOrigins: readonly string[];
  lookup?: LookupFunction;
  connectTimeoutMs: number;
  onRefused?: (refused: RefusedRequest) => void;
}

export interface GuardProxy {
  /** http://127.0.0.1:port, for Chromium's --proxy-server. */
  readonly url: string;
  /** The latest refusals, oldest first (at most REFUSALS_KEPT). */
  refused(): RefusedRequest[];
  /** Logs a request the browser itself was stopped from making (see the renderer's request filter). */
  note(target: string, reason: RefusalReason, detail: string): void;
  close(): Promise<void>;
}

const REFUSALS_KEPT = 1_000;
/** Request headers that describe the hop to the proxy, not the request itself. */
const HOP_HEADERS = new Set([
  'proxy-connection',
  'proxy-authorization',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
]);

export async function startGuardProxy(options: GuardProxyOptions): Promise<GuardProxy> {
  const trusted = new TrustedOrigins(options.allowOrigins);
  const guardedLookup = createGuardedLookup({ lookup: options.lookup, refusePrivate: true });
  const openLookup = createGuardedLookup({ lookup: options.lookup, refusePrivate: false });
  const log: RefusedRequest[] = [];
  const sockets = new Set<Socket>();

  const refuse = (target: string, reason: RefusalReason, detail: string) => {
    const entry = { target, reason, detail, at: Date.now() };
    log.push(entry);
    if (log.length > REFUSALS_KEPT) log.shift();
    options.onRefused?.(entry);
  };

  /** Why a connection to this URL must not be opened before any DNS, or null; then the lookup to use. */
  const judge = (url: URL): { refusal: [RefusalReason, string] } | { lookup: LookupFunction } => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { refusal: ['unsupported', `scheme ${url.protocol}`] };
    }
    if (isBlockedTrackerHost(url.hostname)) return { refusal: ['blocked_tracker', url.hostname] };
    const mustGuard = !options.allowPrivateNetworks && !trusted.includes(url);
    if (!mustGuard) return { lookup: openLookup };
    const literal = literalAddressOf(url.hostname);
    if (literal !== null && isForbiddenAddress(literal)) {
      return { refusal: ['blocked_address', new BlockedAddressError(url.host).message] };
    }
    // localhost is answered by the guarded lookup itself (loopback, refused), never by DNS.
    if (specialUseNameOf(url.hostname) === 'invalid') return { refusal: ['unsupported', 'invalid name'] };
    return { lookup: guardedLookup };
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      refuse(request.url ?? '', 'unsupported', 'not an absolute URL');
      return deny(response, 400);
    }
    const verdict = judge(url);
    if ('refusal' in verdict) {
      refuse(url.href, ...verdict.refusal);
      return deny(response, 403);
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
    }
    const upstream = httpRequest({
      host: bareHost(url.hostname),
      port: url.port || 80,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
      lookup: verdict.lookup,
      timeout: options.connectTimeoutMs,
      agent: false,
    });
    upstream.on('response', (answer) => {
      // Redirects are handed to the browser as they are: it asks again, through this proxy.
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('connect timeout')));
    upstream.on('error', (error) => {
      if (isBlocked(error)) refuse(url.href, 'blocked_address', error.message);
      if (!response.headersSent) deny(response, isBlocked(error) ? 403 : 502);
      else response.destroy();
    });
    request.pipe(upstream);
    response.on('close', () => upstream.destroy());
  };

  const onConnect = (request: IncomingMessage, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    let url: URL;
    try {
      url = new URL(`https://${target}`);
    } catch {
      refuse(target, 'unsupported', 'bad CONNECT target');
      return client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    }
    const verdict = judge(url);
    if ('refusal' in verdict) {
      refuse(target, ...verdict.refusal);
      return client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    }
    const upstream = connect({
      host: bareHost(url.hostname),
      port: Number(url.port || 443),
      lookup: verdict.lookup,
      timeout: options.connectTimeoutMs,
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('connect timeout')));
    upstream.on('error', (error) => {
      if (isBlocked(error)) {
        refuse(target, 'blocked_address', error.message);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      } else if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  };

  const server: Server = createServer(onRequest);
  server.on('connect', onConnect);
  // WebSocket upgrades over plain HTTP are not needed to find a link.
  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    refuse(request.url ?? '', 'unsupported', 'websocket upgrade');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    refused: () => [...log],
    note: refuse,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function deny(response: ServerResponse, status: number): void {
  response.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
  response.end(status === 403 ? 'refused by the Linkwatch SSRF guard' : 'bad request');
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function isBlocked(error: unknown): error is BlockedAddressError {
  return (
    error instanceof BlockedAddressError ||
    (error as { code?: string })?.code === 'ERR_LINKWATCH_BLOCKED_ADDRESS'
  );
}
