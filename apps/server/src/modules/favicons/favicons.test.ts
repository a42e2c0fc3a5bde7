import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { FAVICON_MAX_BYTES } from './favicons.service.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(60, 7),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A site on loopback whose /favicon.ico is what `files` says for the Host it is asked as. */
async function site(files: Record<string, { type: string; body: Buffer }>) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const name = (req.headers.host ?? '').split(':')[0];
    hits.push(`${name}${req.url}`);
    const file = files[name];
    if (req.url !== '/favicon.ico' || !file) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return { port, hits, close: () => new Promise((resolve) => server.close(resolve)) };
}

const get = (t: TestApp, host: string) => t.app.inject({ method: 'GET', url: `/api/favicons/${host}` });

describe('GET favicons/{host}', () => {
  let t: TestApp;
  let web: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    // The fixture sites are on loopback, which the guard refuses unless told otherwise (as the demo is).
    t = await createTestApp({ env: { CHECKER_ALLOW_PRIVATE_NETWORKS: '1' } });
    web = await site({
      localhost: { type: 'image/png', body: PNG },
      '127.0.0.1': { type: 'image/svg+xml', body: SVG },
    });
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  it('serves the site’s favicon through our server, cached here and by the browser', async () => {
    const res = await get(t, `LOCALHOST:${web.port}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const asked = web.hits.length;
    expect((await get(t, `localhost:${web.port}`)).statusCode).toBe(200);
    expect(web.hits).toHaveLength(asked);
  });

  it('answers 404 (the page then shows its default image) for no favicon or one that is not a small image', async () => {
    const none = await get(t, `nowhere.localhost:${web.port}`);
    expect(none.statusCode).toBe(404);
    // An SVG could carry script: never served from our origin.
    expect((await get(t, `127.0.0.1:${web.port}`)).statusCode).toBe(404);
    const big = await site({
      localhost: { type: 'image/png', body: Buffer.concat([PNG, Buffer.alloc(FAVICON_MAX_BYTES)]) },
    });
    try {
      expect((await get(t, `localhost:${big.port}`)).statusCode).toBe(404);
      expect(big.hits.length).toBeGreaterThan(0);
    } finally {
      await big.close();
    }
  });

  it('refuses what is not a host name', async () => {
    for (const host of ['exa%20mple.com', 'a..b', '-x.com', 'user@host']) {
      expect((await get(t, host)).statusCode).toBe(422);
    }
  });
});

describe('GET favicons/{host} behind the SSRF guard', () => {
  let t: TestApp;
  let web: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    t = await createTestApp();
    web = await site({ localhost: { type: 'image/png', body: PNG } });
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });

  it('never reaches a private address: 404 and no request made', async () => {
    expect((await get(t, `localhost:${web.port}`)).statusCode).toBe(404);
    expect(web.hits).toEqual([]);
  });
});
