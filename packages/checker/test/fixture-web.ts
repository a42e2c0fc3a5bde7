import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FixturePage,
  hostilePages,
  MAIN_ROBOTS_TXT,
  pages,
  type Respond,
  redirectTo,
} from './fixture-pages/index.ts';

export type {
  ExpectedBacklink,
  FixtureExpectation,
  FixturePage,
  RenderedFixturePage,
} from './fixture-pages/index.ts';
export {
  ACCEPTOR_DOMAIN,
  FIXTURE_ACCEPTORS,
  HOSTILE_BACKLINK,
  pages,
  renderedPages,
} from './fixture-pages/index.ts';

/**
 * A local web of donor pages for tests: two node:http servers on 127.0.0.1 ports of their own,
 * `main` and `robotsDown` (whose robots.txt answers 503), serving `pages` from fixture-pages.ts
 * plus a few helper routes. It records what it was asked, so tests can see what reached it.
 */

export type FixtureServerName = 'main' | 'robotsDown';

export interface FixtureRequest {
  server: FixtureServerName;
  path: string;
  userAgent: string | undefined;
  acceptEncoding: string | undefined;
  at: number;
}

export interface FixtureWeb {
  origin: string;
  robotsDownOrigin: string;
  /** A loopback URL whose port nothing listens on. */
  refusedUrl: string;
  url(path: string): string;
  /** The URL a fixture page is checked at. */
  targetOf(page: FixturePage): string;
  /** TCP connections accepted so far by one server, or by both. */
  connectionCount(server?: FixtureServerName): number;
  /** Requests received so far, oldest first. */
  requests(): FixtureRequest[];
  /** Most requests that were being answered at the same moment since the last reset. */
  maxInFlight(): number;
  resetStats(): void;
  close(): Promise<void>;
}

function routesOf(server: FixtureServerName): Map<string, Respond> {
  const routes = new Map<string, Respond>();
  for (const page of pages) {
    if (page.respond && (page.server ?? 'main') === server) routes.set(page.path, page.respond);
  }
  if (server === 'main') for (const page of hostilePages) routes.set(page.path, page.respond);
  routes.set('/robots.txt', server === 'main' ? sendText(MAIN_ROBOTS_TXT) : sendText('try later', 503));
  // Redirects anywhere: SSRF tests use it to bounce a trusted first hop to a refused address.
  routes.set('/redirect-to', (response, request) =>
    redirectTo(queryParam(request, 'to') ?? '/', 302)(response, request),
  );
  // Answers after ?ms=..., so concurrency tests can see how many requests overlap.
  routes.set('/hold', (response) => {
    const timer = setTimeout(
      () => sendText('held')(response, response.req),
      Number(queryParam(response.req, 'ms') ?? 100),
    );
    response.on('close', () => clearTimeout(timer));
  });
  return routes;
}

function queryParam(request: IncomingMessage, name: string): string | null {
  return new URL(request.url ?? '/', 'http://fixture').searchParams.get(name);
}

function sendText(text: string, status = 200): Respond {
  return (response) => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(text);
  };
}

class RequestLog {
  entries: FixtureRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  connections: Record<FixtureServerName, number> = { main: 0, robotsDown: 0 };

  record(server: FixtureServerName, request: IncomingMessage, response: ServerResponse): void {
    this.entries.push({
      server,
      path: new URL(request.url ?? '/', 'http://fixture').pathname,
      userAgent: request.headers['user-agent'],
      acceptEncoding: request.headers['accept-encoding'],
      at: Date.now(),
    });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    response.on('close', () => this.inFlight--);
  }

  reset(): void {
    this.entries = [];
    this.maxInFlight = this.inFlight;
  }
}

async function listen(name: FixtureServerName, log: RequestLog): Promise<{ server: Server; origin: string }> {
  const routes = routesOf(name);
  const server = createServer((request, response) => {
    log.record(name, request, response);
    const respond = routes.get(new URL(request.url ?? '/', 'http://fixture').pathname);
    if (respond) respond(response, request);
    else sendText('not found', 404)(response, request);
  });
  server.on('connection', () => log.connections[name]++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

async function unusedLoopbackPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Slow pages would otherwise hold close() for their whole delay.
    server.closeAllConnections();
  });
}

export async function startFixtureWeb(): Promise<FixtureWeb> {
  const log = new RequestLog();
  const main = await listen('main', log);
  const robotsDown = await listen('robotsDown', log);
  const refusedUrl = `http://127.0.0.1:${await unusedLoopbackPort()}/page`;
  const web: FixtureWeb = {
    origin: main.origin,
    robotsDownOrigin: robotsDown.origin,
    refusedUrl,
    url: (path) => `${main.origin}${path}`,
    targetOf: (page) =>
      page.target?.(web) ?? `${page.server === 'robotsDown' ? robotsDown.origin : main.origin}${page.path}`,
    connectionCount: (server) =>
      server ? log.connections[server] : log.connections.main + log.connections.robotsDown,
    requests: () => [...log.entries],
    maxInFlight: () => log.maxInFlight,
    resetStats: () => log.reset(),
    close: async () => {
      await Promise.all([closeServer(main.server), closeServer(robotsDown.server)]);
    },
  };
  return web;
}
