import { afterEach, describe, expect, it } from 'vitest';
import { describeAdapterContract, testLimits } from './adapter-suite.ts';
import { serperChecker } from './serper.ts';
import { startSerperStandIn } from './stand-ins/serper.ts';
import type { StandIn } from './stand-ins/stand-in.ts';

const KEY = 'serper-test-key';

describeAdapterContract({
  name: 'serper',
  start: (settings) => startSerperStandIn({ apiKey: KEY, ...settings }),
  checker: ({ url, limits, wrongCredentials }) =>
    serperChecker({ apiKey: wrongCredentials ? 'wrong' : KEY, baseUrl: url, ...testLimits(limits) }),
  expectRequest(request, page) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/search');
    expect(request.headers['x-api-key']).toBe(KEY);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ q: `site:${page}` });
  },
  rateLimitedRetryAfterMs: 1_000,
});

describe('serper adapter, back-off', () => {
  let service: StandIn;
  afterEach(() => service.close());

  it('waits for Retry-After after a 429 before its next request', async () => {
    service = await startSerperStandIn({
      apiKey: KEY,
      indexed: ['https://example.com/'],
      ratePerSecond: 1,
      burst: 1,
    });
    const checker = serperChecker({ apiKey: KEY, baseUrl: service.url, ...testLimits({ concurrency: 1 }) });
    const first = checker.check('https://example.com/');
    const second = checker.check('https://example.com/');
    const third = checker.check('https://example.com/');
    expect(await first).toMatchObject({ kind: 'indexed' });
    expect(await second).toMatchObject({ kind: 'unknown', reason: 'rate-limited', retryAfterMs: 1_000 });
    const limitedAt = performance.now();
    expect(await third).toMatchObject({ kind: 'indexed' });
    expect(performance.now() - limitedAt).toBeGreaterThanOrEqual(950);
    expect(service.counts).toEqual({ requests: 3, rateLimited: 1 });
  });
});

describe('serper stand-in, indexed by a rule', () => {
  it('answers from isIndexed as well as from the list', async () => {
    const service = await startSerperStandIn({ apiKey: KEY, isIndexed: (url) => url.endsWith('/even/2') });
    const checker = serperChecker({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect(await checker.check('https://demo.example/even/2')).toMatchObject({ kind: 'indexed' });
    expect(await checker.check('https://demo.example/odd/3')).toMatchObject({ kind: 'not-indexed' });
    await service.close();
  });
});
