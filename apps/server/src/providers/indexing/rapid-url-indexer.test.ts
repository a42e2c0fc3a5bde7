import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../index-check/stand-ins/stand-in.ts';
import { describeIndexerContract, startAnsweringWith, testLimits } from './adapter-suite.ts';
import { RAPIDURLINDEXER_PROJECTS_PATH, rapidUrlIndexer } from './rapid-url-indexer.ts';
import { startRapidUrlIndexerStandIn } from './stand-ins/rapid-url-indexer.ts';

const KEY = 'rapid-test-key';

describeIndexerContract({
  name: 'rapidurlindexer',
  start: (settings) => startRapidUrlIndexerStandIn({ apiKey: KEY, ...settings }),
  indexer: ({ url, limits, wrongCredentials }) =>
    rapidUrlIndexer({ apiKey: wrongCredentials ? 'wrong' : KEY, baseUrl: url, ...testLimits(limits) }),
  submitOptions: { title: 'Linkwatch campaign 7' },
  pageRequests: (requests) => requests,
  expectRequest(request, pages) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe(RAPIDURLINDEXER_PROJECTS_PATH);
    expect(request.headers['x-api-key']).toBe(KEY);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      project_name: 'Linkwatch campaign 7',
      urls: pages,
      notify_on_status_change: false,
    });
  },
  readsSuccessBody: true,
  taskIds: true,
  wrongCredentials: 'unauthorized',
  noFundsReason: 'no-funds',
  rateLimitedRetryAfterMs: 1_000,
});

describe('rapidurlindexer indexer, its own answers', () => {
  let service: StandIn;
  afterEach(() => service.close());

  it('names the project itself when no title is given (the service requires one), 9,999 URLs a project', async () => {
    service = await startRapidUrlIndexerStandIn({ apiKey: KEY });
    const indexer = rapidUrlIndexer({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    const pages = Array.from({ length: 10_000 }, (_, i) => `https://donor.example/${i}`);
    const answer = await indexer.submit(pages);
    expect(answer).toMatchObject({ kind: 'accepted', taskIds: ['1000', '1001'] });
    const bodies = service.requests.map(
      (r) => JSON.parse(r.body) as { urls: string[]; project_name: string },
    );
    expect(bodies.map((b) => b.urls.length).sort()).toEqual([1, 9_999]);
    expect(bodies[0].project_name).toMatch(/^Linkwatch \d{4}-\d{2}-\d{2}$/);
  });

  it('reads a 400 as refused, and a 429 without Retry-After as a minute', async () => {
    service = await startRapidUrlIndexerStandIn({ apiKey: KEY });
    const indexer = rapidUrlIndexer({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect(await indexer.submit(['ftp://donor.example/'])).toMatchObject({
      kind: 'unknown',
      reason: 'refused',
      message: 'HTTP 400: Invalid project name or URLs',
    });
    await service.close();
    service = await startAnsweringWith({ status: 429, body: { message: 'Rate limit exceeded' } });
    const limited = rapidUrlIndexer({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect(await limited.submit(['https://donor.example/'])).toMatchObject({
      kind: 'unknown',
      reason: 'rate-limited',
      retryAfterMs: 60_000,
    });
  });

  it('tells a 403 for credits (no-funds) from a 403 for permission (unauthorized)', async () => {
    service = await startAnsweringWith({ status: 403, body: { message: 'Forbidden' } });
    const indexer = rapidUrlIndexer({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect(await indexer.submit(['https://donor.example/'])).toMatchObject({ reason: 'unauthorized' });
  });
});
