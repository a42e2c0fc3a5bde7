import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../fetch/http-client.ts';
import { HostLimiter } from '../limits/host-limiter.ts';
import { fetchRobotsTxt } from './fetch-robots.ts';

/** Each scenario gets its own loopback origin, whose /robots.txt answers as the scenario says. */
const scenarios: Record<string, RequestListener> = {
  rules: (_request, response) => response.end('User-agent: *\nDisallow: /private\n'),
  missing: (_request, response) => response.writeHead(404).end('no'),
  broken: (_request, response) => response.writeHead(503).end('later'),
  redirected: (request, response) => {
    if (request.url === '/robots.txt') response.writeHead(301, { location: '/real-robots.txt' }).end();
    else response.end('User-agent: *\nDisallow: /moved-rules\n');
  },
  looping: (_request, response) => response.writeHead(302, { location: '/robots.txt?again' }).end(),
  // A partial byte-order mark and a Latin-1 byte: only a parser given the bytes reads them as Google does.
  latin1: (_request, response) =>
    response.end(Buffer.from([0xef, 0xbb, ...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9, 0x0a])),
  huge: (_request, response) =>
    response.end(`User-agent: *\nDisallow: /early\n${'# filler\n'.repeat(80_000)}Disallow: /late\n`),
};

const servers = new Map<string, Server>();
const origins = new Map<string, string>();
const client = new HttpClient({
  userAgent: 'test',
  connectTimeoutMs: 1_000,
  timeoutMs: 2_000,
  allowPrivateNetworks: true,
  allowOrigins: [],
});
const hosts = new HostLimiter({ perHost: 2, delayMs: 0 });

beforeAll(async () => {
  for (const [name, listener] of Object.entries(scenarios)) {
    const server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.set(name, server);
    origins.set(name, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});

afterAll(async () => {
  await client.close();
  await Promise.all([...servers.values()].map((server) => new Promise((resolve) => server.close(resolve))));
});

const robotsOf = (name: string) =>
  fetchRobotsTxt({ origin: origins.get(name) ?? '', client, hosts, timeoutMs: 2_000 });

describe('fetchRobotsTxt', () => {
  test('a 2xx file is parsed into rules', async () => {
    const robots = await robotsOf('rules');
    if (robots.kind !== 'rules') throw new Error(`expected rules, got ${robots.kind}`);
    expect(robots.rules.isAllowed(`${origins.get('rules')}/private/x`, 'LinkwatchBot')).toBe(false);
    expect(robots.rules.isAllowed(`${origins.get('rules')}/public`, 'LinkwatchBot')).toBe(true);
  });

  test('4xx means there are no rules', async () => {
    expect(await robotsOf('missing')).toEqual({ kind: 'allow-all' });
  });

  test('5xx means crawlers must hold back', async () => {
    expect(await robotsOf('broken')).toEqual({ kind: 'unreachable', reason: 'HTTP 503' });
  });

  test('rules found after a redirect apply to the origin that was asked', async () => {
    const robots = await robotsOf('redirected');
    if (robots.kind !== 'rules') throw new Error(`expected rules, got ${robots.kind}`);
    expect(robots.rules.isAllowed(`${origins.get('redirected')}/moved-rules`, 'Googlebot')).toBe(false);
  });

  test('endless redirects count as no robots.txt', async () => {
    expect(await robotsOf('looping')).toEqual({ kind: 'allow-all' });
  });

  test('the body is parsed as bytes, not as decoded text', async () => {
    const robots = await robotsOf('latin1');
    if (robots.kind !== 'rules') throw new Error(`expected rules, got ${robots.kind}`);
    expect(robots.rules.isAllowed(`${origins.get('latin1')}/caf%E9`, 'LinkwatchBot')).toBe(false);
    expect(robots.rules.isAllowed(`${origins.get('latin1')}/caf%EF%BF%BD`, 'LinkwatchBot')).toBe(true);
  });

  test('only the first 500 KiB is read', async () => {
    const robots = await robotsOf('huge');
    if (robots.kind !== 'rules') throw new Error(`expected rules, got ${robots.kind}`);
    expect(robots.rules.isAllowed(`${origins.get('huge')}/early`, 'LinkwatchBot')).toBe(false);
    expect(robots.rules.isAllowed(`${origins.get('huge')}/late`, 'LinkwatchBot')).toBe(true);
  });

  test('no answer at all is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      await fetchRobotsTxt({ origin: `http://127.0.0.1:${port}`, client, hosts, timeoutMs: 2_000 }),
    ).toEqual({
      kind: 'unreachable',
      reason: 'connection_refused',
    });
  });
});
