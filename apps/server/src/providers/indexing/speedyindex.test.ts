import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../index-check/stand-ins/stand-in.ts';
import { describeIndexerContract, startAnsweringWith, testLimits } from './adapter-suite.ts';
import { SPEEDYINDEX_INDEXER_PATH, speedyIndexIndexer } from './speedyindex.ts';
import { startSpeedyIndexStandIn } from './stand-ins/speedyindex.ts';

const KEY = 'speedyindex-test-key';

describeIndexerContract({
  name: 'speedyindex',
  start: (settings) => startSpeedyIndexStandIn({ apiKey: KEY, ...settings }),
  indexer: ({ url, limits, wrongCredentials }) =>
    speedyIndexIndexer({ apiKey: wrongCredentials ? 'wrong' : KEY, baseUrl: url, ...testLimits(limits) }),
  submitOptions: { title: 'Linkwatch: campaign 7' },
  pageRequests: (requests) => requests,
  expectRequest(request, pages) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe(SPEEDYINDEX_INDEXER_PATH);
    expect(request.headers.authorization).toBe(KEY);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ title: 'Linkwatch: campaign 7', urls: pages });
  },
  readsSuccessBody: true,
  taskIds: true,
  wrongCredentials: 'unauthorized',
  noFundsReason: 'no-funds',
  rateLimitedRetryAfterMs: 1_000,
});

describe('speedyindex indexer, its own answers', () => {
  let service: StandIn;
  afterEach(() => service.close());

  it('sends no title when none is given, and one task per 10,000 URLs', async () => {
    service = await startSpeedyIndexStandIn({ apiKey: KEY });
    const indexer = speedyIndexIndexer({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    const pages = Array.from({ length: 20_001 }, (_, i) => `https://donor.example/${i}`);
    const answer = await indexer.submit(pages);
    expect(answer.kind).toBe('accepted');
    if (answer.kind !== 'accepted') return;
    expect(answer.taskIds).toHaveLength(3);
    expect(new Set(answer.taskIds).size).toBe(3);
    const bodies = service.requests.map((r) => JSON.parse(r.body) as { urls: string[]; title?: string });
    expect(bodies.map((b) => b.urls.length).sort()).toEqual([1, 10_000, 10_000]);
    expect(bodies.every((b) => b.title === undefined)).toBe(true);
  });

  it('reads code 2 (server overloaded) as rate-limited, a minute without Retry-After', async () => {
    service = await startAnsweringWith({ status: 200, body: { code: 2 } });
    const indexer = speedyIndexIndexer({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect(await indexer.submit(['https://donor.example/'])).toMatchObject({
      kind: 'unknown',
      reason: 'rate-limited',
      retryAfterMs: 60_000,
    });
  });
});
