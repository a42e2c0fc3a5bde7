import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type BenchBody, bodyPoolSize, generateBody, HOST_COUNT, planPages, truthOf } from './generate.ts';

/**
 * The benchmark's donor web, run in a child process of its own so serving pages does not share
 * the measured process's event loop. One server per loopback address 127.0.0.1–127.0.0.50 (Linux
 * routes all of 127/8 to lo), so the checker sees 50 distinct hosts. It reports its origins and
 * the ground truth over IPC, then serves until the parent disconnects.
 */

export interface FixtureReady {
  type: 'ready';
  origins: string[];
  truth: Array<{ responseCode: number; backlinks: string[] }>;
  kinds: string[];
}

const pageCount = Number(process.argv[2] ?? 10_000);
const pages = planPages(pageCount);
const bodies: BenchBody[] = Array.from({ length: bodyPoolSize(pageCount) }, (_, index) =>
  generateBody(index),
);
const gzipped = new Map<number, Buffer>();
const ROBOTS_TXT = Buffer.from('User-agent: *\nDisallow: /private/\n');

function sendBody(response: ServerResponse, bodyIndex: number, compress: boolean): void {
  let html = bodies[bodyIndex].html;
  const headers: Record<string, string | number> = { 'content-type': 'text/html; charset=utf-8' };
  if (compress) {
    html = gzipped.get(bodyIndex) ?? gzipSync(html);
    gzipped.set(bodyIndex, html);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = html.length;
  response.writeHead(200, headers);
  response.end(html);
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  if (path === '/robots.txt') {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': ROBOTS_TXT.length });
    response.end(ROBOTS_TXT);
    return;
  }
  const match = /^\/p\/(\d+)(\/moved)?$/.exec(path);
  const page = match ? pages[Number(match[1])] : undefined;
  if (!page) {
    response.writeHead(404, { 'content-length': 0 });
    response.end();
    return;
  }
  if (page.kind === 'redirect' && !match?.[2]) {
    response.writeHead(301, { location: `/p/${page.index}/moved`, 'content-length': 0 });
    response.end();
    return;
  }
  if (page.kind === 'not-found' || page.kind === 'error') {
    const body = Buffer.from('<html><body>gone</body></html>');
    response.writeHead(page.kind === 'not-found' ? 404 : 500, {
      'content-type': 'text/html',
      'content-length': body.length,
    });
    response.end(body);
    return;
  }
  sendBody(response, page.body, page.kind === 'gzip');
}

async function listenOn(address: string): Promise<Server> {
  const server = createServer({ keepAliveTimeout: 30_000 }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, resolve);
  });
  return server;
}

const servers = await Promise.all(
  Array.from({ length: HOST_COUNT }, (_, index) => listenOn(`127.0.0.${index + 1}`)),
);
const ready: FixtureReady = {
  type: 'ready',
  origins: servers.map((server) => {
    const { address, port } = server.address() as AddressInfo;
    return `http://${address}:${port}`;
  }),
  truth: pages.map((page) => truthOf(page, bodies)),
  kinds: pages.map((page) => page.kind),
};
process.send?.(ready);
// The parent going away (normally or not) ends the fixture web.
process.on('disconnect', () => {
  for (const server of servers) server.closeAllConnections();
  process.exit(0);
});
