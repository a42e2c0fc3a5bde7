import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The scale-out bench's donor web, in a child process of its own: HOSTS servers, one per loopback
 * address (127.1.0.1, 127.1.0.2, …: Linux routes all of 127/8 to lo, and the checker's host limits
 * key on the address), each answering every request after DELAY_MS with a small page that links to
 * the bench project. It counts what the workers did to it: pages fetched, pages fetched more than
 * once, and the most requests one host had at once. Asked over IPC ('reset', 'stats').
 */

export interface SlowWebReady {
  type: 'ready';
  origins: string[];
}

export interface SlowWebStats {
  type: 'stats';
  pages: number;
  /** Pages asked for more than once (a page processed twice, or a retry). */
  repeated: number;
  robots: number;
  /** The most requests one host had in flight at once. */
  mostPerHost: number;
  /** First request in, last answer out (ms since the epoch). */
  firstAt: number;
  lastAt: number;
  /** Requests in flight (all hosts), sampled every 50 ms from the first request on. */
  inFlightSamples: number[];
}

const HOSTS = Number(process.argv[2] ?? 256);
const DELAY_MS = Number(process.argv[3] ?? 200);
const PAGE = Buffer.from(
  '<!doctype html><html><head><title>A donor page</title></head><body><h1>Post</h1>' +
    '<p>Some text about the subject, and <a href="https://acceptor.example/landing">a link to the project</a>.</p>' +
    '</body></html>',
);
const ROBOTS = Buffer.from('User-agent: *\nDisallow: /private/\n');

let hits = new Map<string, number>();
let total = 0;
let inFlight = new Map<string, number>();
let stats = emptyStats();

function emptyStats(): SlowWebStats {
  return {
    type: 'stats',
    pages: 0,
    repeated: 0,
    robots: 0,
    mostPerHost: 0,
    firstAt: 0,
    lastAt: 0,
    inFlightSamples: [],
  };
}

function handle(host: string, request: IncomingMessage, response: ServerResponse) {
  const path = request.url ?? '/';
  const now = Date.now();
  if (stats.firstAt === 0) stats.firstAt = now;
  total++;
  const running = (inFlight.get(host) ?? 0) + 1;
  inFlight.set(host, running);
  stats.mostPerHost = Math.max(stats.mostPerHost, running);
  if (path === '/robots.txt') {
    stats.robots++;
  } else {
    const seen = (hits.get(path) ?? 0) + 1;
    hits.set(path, seen);
    if (seen === 1) stats.pages++;
    else stats.repeated++;
  }
  setTimeout(() => {
    inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    total--;
    const body = path === '/robots.txt' ? ROBOTS : PAGE;
    const type = path === '/robots.txt' ? 'text/plain' : 'text/html; charset=utf-8';
    response.writeHead(200, { 'content-type': type, 'content-length': body.length });
    response.end(body);
    stats.lastAt = Date.now();
  }, DELAY_MS);
}

async function listenOn(address: string): Promise<Server> {
  const server = createServer({ keepAliveTimeout: 30_000 }, (request, response) =>
    handle(address, request, response),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, resolve);
  });
  return server;
}

const addresses = Array.from({ length: HOSTS }, (_, i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`);
const servers = await Promise.all(addresses.map(listenOn));
const origins = servers.map(
  (server, i) => `http://${addresses[i]}:${(server.address() as AddressInfo).port}`,
);
process.send?.({ type: 'ready', origins } satisfies SlowWebReady);
setInterval(() => {
  if (stats.firstAt > 0) stats.inFlightSamples.push(total);
}, 50);
process.on('message', (message) => {
  if (message === 'reset') {
    hits = new Map();
    inFlight = new Map();
    total = 0;
    stats = emptyStats();
  }
  if (message === 'stats') process.send?.(stats);
});
process.on('disconnect', () => process.exit(0));
