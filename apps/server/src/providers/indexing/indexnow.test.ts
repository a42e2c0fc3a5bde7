import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../index-check/stand-ins/stand-in.ts';
import { describeIndexerContract, startAnsweringWith, testLimits } from './adapter-suite.ts';
import { INDEXNOW_MAX_URLS, indexNowIndexer } from './indexnow.ts';
import { isIndexNowKey, keyFileUrl, newIndexNowKey, verifyKeyFile } from './indexnow-key.ts';
import { startIndexNowStandIn } from './stand-ins/indexnow.ts';

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

describeIndexerContract({
  name: 'indexnow',
  start: (settings) => startIndexNowStandIn({ keyFiles: { 'example.com': KEY }, ...settings }),
  indexer({ url, limits, wrongCredentials }) {
    const indexer = indexNowIndexer({ baseUrl: url, ...testLimits(limits) });
    if (!wrongCredentials) return indexer;
    return {
      ...indexer,
      submit: (urls, options) => indexer.submit(urls, { ...options, indexNow: { key: 'not-the-key' } }),
    };
  },
  submitOptions: { indexNow: { key: KEY } },
  pageRequests: (requests) => requests,
  expectRequest(request, pages) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/indexnow');
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(request.body)).toEqual({ host: 'example.com', key: KEY, urlList: pages });
  },
  readsSuccessBody: false,
  taskIds: false,
  // IndexNow has no credentials of ours: a key the site does not hold is the project's problem.
  wrongCredentials: 'refused',
  noFundsReason: 'bad-answer',
  rateLimitedRetryAfterMs: 1_000,
});

describe('indexnow indexer, batching and the answers only it gives', () => {
  let service: StandIn & { keyFiles: Map<string, string>; pending: Set<string> };
  beforeEach(async () => {
    service = await startIndexNowStandIn({
      keyFiles: { 'example.com': KEY, 'www.example.com': KEY, 'blog.example.org': 'another-key-1234' },
    });
  });
  afterEach(() => service.close());
  const indexer = () => indexNowIndexer({ baseUrl: service.url, ...testLimits() });

  it('sends 10,001 URLs of one host as two requests of 10,000 and 1', async () => {
    const pages = Array.from({ length: INDEXNOW_MAX_URLS + 1 }, (_, i) => `https://example.com/p/${i}`);
    const answer = await indexer().submit(pages, { indexNow: { key: KEY } });
    expect(answer.kind).toBe('accepted');
    expect(answer.urls.filter((v) => v.accepted)).toHaveLength(10_001);
    const lists = service.requests.map((r) => (JSON.parse(r.body) as { urlList: string[] }).urlList.length);
    expect(lists.sort()).toEqual([1, 10_000]);
  });

  it('sends one request per host, and answers page by page when one host refuses', async () => {
    const pages = [
      'https://example.com/a',
      'https://www.example.com/b',
      'https://blog.example.org/c',
      'https://example.com/d',
      'not a url',
    ];
    const answer = await indexer().submit(pages, { indexNow: { key: KEY } });
    expect(answer.kind).toBe('accepted');
    const verdict = (url: string) => answer.urls.find((v) => v.url === url);
    expect(verdict('https://example.com/a')).toEqual({ url: 'https://example.com/a', accepted: true });
    expect(verdict('https://example.com/d')).toEqual({ url: 'https://example.com/d', accepted: true });
    expect(verdict('https://www.example.com/b')).toMatchObject({ accepted: true });
    expect(verdict('https://blog.example.org/c')).toMatchObject({
      accepted: false,
      reason: 'refused',
      message: expect.stringMatching(/^HTTP 403: User is unauthorized.*key file on blog\.example\.org/),
    });
    expect(verdict('not a url')).toMatchObject({ accepted: false, reason: 'refused' });
    const hosts = service.requests.map((r) => (JSON.parse(r.body) as { host: string }).host).sort();
    expect(hosts).toEqual(['blog.example.org', 'example.com', 'www.example.com']);
  });

  it('sends keyLocation only with URLs of its host', async () => {
    service.keyFiles.set('example.com', KEY);
    const keyLocation = 'https://example.com/keys/indexnow.txt';
    await indexer().submit(['https://example.com/a', 'https://www.example.com/b'], {
      indexNow: { key: KEY, keyLocation },
    });
    const bodies = service.requests.map((r) => JSON.parse(r.body) as { host: string; keyLocation?: string });
    expect(bodies.find((b) => b.host === 'example.com')?.keyLocation).toBe(keyLocation);
    expect(bodies.find((b) => b.host === 'www.example.com')).not.toHaveProperty('keyLocation');
  });

  it('takes 202 (received, key check pending) as accepted', async () => {
    service.pending.add('example.com');
    expect(await indexer().submit(['https://example.com/a'], { indexNow: { key: KEY } })).toMatchObject({
      kind: 'accepted',
    });
  });

  it('reads 422 and 400 as refused', async () => {
    for (const status of [422, 400]) {
      const answering = await startAnsweringWith({
        status,
        body: { code: 'InvalidRequestParameters', message: 'No' },
      });
      const answer = await indexNowIndexer({ baseUrl: answering.url, ...testLimits() }).submit(
        ['https://example.com/a'],
        { indexNow: { key: KEY } },
      );
      expect(answer).toMatchObject({
        kind: 'unknown',
        reason: 'refused',
        message: expect.stringContaining(`HTTP ${status}: No`),
      });
      await answering.close();
    }
  });

  it('will not submit without a well-formed project key', async () => {
    await expect(indexer().submit(['https://example.com/a'])).rejects.toThrow(TypeError);
    await expect(indexer().submit(['https://example.com/a'], { indexNow: { key: 'short' } })).rejects.toThrow(
      TypeError,
    );
    expect(service.requests).toHaveLength(0);
  });
});

describe('IndexNow keys', () => {
  it('makes 32 hexadecimal characters, new each time, of the protocol format', () => {
    const keys = Array.from({ length: 20 }, newIndexNowKey);
    expect(new Set(keys).size).toBe(20);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(isIndexNowKey(key)).toBe(true);
    }
  });

  it('knows the format: 8 to 128 of a-z, A-Z, 0-9 and -', () => {
    expect(['abcd-123', 'A'.repeat(128), KEY].map(isIndexNowKey)).toEqual([true, true, true]);
    expect(['abc-123', 'A'.repeat(129), 'abcd_1234', 'abcd 1234', ''].map(isIndexNowKey)).toEqual(
      Array(5).fill(false),
    );
  });
});

describe('verifyKeyFile', () => {
  let site: Server;
  let host: string;
  const files = new Map<string, { status: number; body: string }>();
  beforeEach(async () => {
    files.clear();
    site = createServer((req, res) => {
      const file = files.get(req.url ?? '');
      if (file?.status === 0) return; // hangs
      res.writeHead(file?.status ?? 404, { 'Content-Type': 'text/plain' }).end(file?.body ?? 'Not found');
    }).listen(0, '127.0.0.1');
    await once(site, 'listening');
    host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    site.closeAllConnections();
    site.close();
  });
  const verify = (extra: { keyLocation?: string; timeoutMs?: number } = {}) =>
    verifyKeyFile({ host, key: KEY, scheme: 'http', fetch, ...extra });

  it('finds the key file at the root, a byte-order mark and a newline around the key allowed', async () => {
    files.set(`/${KEY}.txt`, { status: 200, body: `\uFEFF${KEY}\r\n` });
    expect(await verify()).toEqual({ ok: true, url: `http://${host}/${KEY}.txt` });
  });

  it('finds it at keyLocation on the same host', async () => {
    files.set('/keys/indexnow.txt', { status: 200, body: KEY });
    const keyLocation = `http://${host}/keys/indexnow.txt`;
    expect(await verify({ keyLocation })).toEqual({ ok: true, url: keyLocation });
  });

  it('says when the file holds something else', async () => {
    files.set(`/${KEY}.txt`, { status: 200, body: '<html>Welcome</html>' });
    expect(await verify()).toMatchObject({ ok: false, problem: 'wrong-content' });
  });

  it('says when the file is missing, and when the site answers otherwise', async () => {
    expect(await verify()).toMatchObject({ ok: false, problem: 'missing', status: 404 });
    files.set(`/${KEY}.txt`, { status: 500, body: 'oops' });
    expect(await verify()).toMatchObject({ ok: false, problem: 'unreachable', status: 500 });
  });

  it('says when the site does not answer in time', async () => {
    files.set(`/${KEY}.txt`, { status: 0, body: '' });
    expect(await verify({ timeoutMs: 200 })).toMatchObject({ ok: false, problem: 'unreachable' });
  });

  it('refuses a keyLocation on another host without fetching it', async () => {
    let fetched = 0;
    const counting: typeof fetch = (...args) => {
      fetched++;
      return fetch(...args);
    };
    const answer = await verifyKeyFile({
      host,
      key: KEY,
      keyLocation: 'https://elsewhere.example/key.txt',
      fetch: counting,
    });
    expect(answer).toMatchObject({ ok: false, problem: 'not-on-host' });
    expect(fetched).toBe(0);
  });

  it('names the default location on https', () => {
    expect(keyFileUrl({ host: 'example.com', key: KEY })).toBe(`https://example.com/${KEY}.txt`);
  });
});
