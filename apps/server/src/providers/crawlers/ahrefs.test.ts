import { afterEach, describe, expect, it } from 'vitest';
import { ahrefsSource, pullUnits, requestUnits } from './ahrefs.ts';
import { type AhrefsBacklink, type AhrefsStandIn, startAhrefsStandIn } from './stand-ins/ahrefs.ts';
import { type BacklinkPage, BacklinkPullError, type BacklinkSource } from './types.ts';

const KEY = 'ahrefs-test-key';

/** n backlinks to example.com (and its www.), from pages in a known order, and two to elsewhere. */
function table(n: number): AhrefsBacklink[] {
  const rows: AhrefsBacklink[] = Array.from({ length: n }, (_, i) => ({
    url_from: `https://donor-${String(i).padStart(5, '0')}.example/post`,
    url_to: i % 2 ? 'https://www.example.com/' : 'https://example.com/pricing',
    anchor: `anchor ${i}`,
    is_nofollow: i % 3 === 0,
    first_seen_link: '2026-01-02T03:04:05Z',
    last_visited: '2026-11-01T00:00:00Z',
  }));
  return [
    ...rows.reverse(),
    { url_from: 'https://other.example/', url_to: 'https://not-example.com/' },
    { url_from: 'https://other.example/2', url_to: 'https://example.community/' },
  ];
}

let service: AhrefsStandIn;
afterEach(() => service.close());

const source = (options: Partial<Parameters<typeof ahrefsSource>[0]> = {}): BacklinkSource =>
  ahrefsSource({
    apiKey: KEY,
    baseUrl: service.url,
    pageSize: 1000,
    maxRows: 100_000,
    ratePerSecond: 1_000,
    concurrency: 1,
    timeoutMs: 5_000,
    ...options,
  });

async function pullAll(s: BacklinkSource, target = 'example.com') {
  const pages: BacklinkPage[] = [];
  for await (const page of s.backlinks(target)) pages.push(page);
  return pages;
}

async function failure(run: Promise<unknown>): Promise<BacklinkPullError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BacklinkPullError);
  return error as BacklinkPullError;
}

describe('ahrefs adapter against its stand-in', () => {
  it('asks all-backlinks of the whole domain with the Bearer key, then pages on by url_from', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(3) });
    await pullAll(source({ pageSize: 2 }));
    const [first, second] = service.requests;
    expect(first.method).toBe('GET');
    expect(first.path).toBe('/v3/site-explorer/all-backlinks');
    expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(Object.fromEntries(first.searchParams)).toEqual({
      target: 'example.com',
      mode: 'subdomains',
      protocol: 'both',
      history: 'live',
      aggregation: 'all',
      select: 'url_from,url_to,anchor,is_nofollow,first_seen_link,last_visited',
      order_by: 'url_from:asc',
      limit: '2',
      output: 'json',
    });
    expect(JSON.parse(second.searchParams.get('where') ?? '')).toEqual({
      field: 'url_from',
      is: ['gt', 'https://donor-00001.example/post'],
    });
  });

  it('pulls every backlink of the target in pages, in our field names, with the units each page cost', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(2_500) });
    const pages = await pullAll(source());
    expect(pages.map((p) => p.rows.length)).toEqual([1_000, 1_000, 500]);
    const rows = pages.flatMap((p) => p.rows);
    expect(new Set(rows.map((r) => r.urlFrom)).size).toBe(2_500);
    expect(rows[1]).toEqual({
      urlFrom: 'https://donor-00001.example/post',
      urlTo: 'https://www.example.com/',
      anchor: 'anchor 1',
      nofollow: false,
      firstSeen: '2026-01-02T03:04:05Z',
      lastVisited: '2026-11-01T00:00:00Z',
    });
    expect(rows[0].nofollow).toBe(true);
    expect(pages.map((p) => p.units)).toEqual([
      { rows: 1_000, costTotal: 6_000, costActual: 6_000 },
      { rows: 1_000, costTotal: 6_000, costActual: 6_000 },
      { rows: 500, costTotal: 3_000, costActual: 3_000 },
    ]);
    expect(service.account.unitsUsed).toBe(pullUnits(2_500, 1_000).units);
  });

  it('ends rows that fill whole pages with one more, empty, page (50 units, as the estimate counts)', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(4) });
    const pages = await pullAll(source({ pageSize: 2 }));
    expect(pages.map((p) => p.rows.length)).toEqual([2, 2, 0]);
    expect(service.account.unitsUsed).toBe(50 + 50 + 50);
    expect(pullUnits(4, 2)).toEqual({ requests: 3, units: 150 });
    expect(pullUnits(0, 1_000)).toEqual({ requests: 1, units: 50 });
    expect(pullUnits(2_500, 1_000)).toEqual({ requests: 3, units: 15_000 });
    expect(requestUnits(3)).toBe(50);
  });

  it('estimates the pull from the live count and the units left on the key, and reuses it for a while', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(2_500), unitsLimit: 100_000 });
    const s = source();
    const estimate = await s.estimate('example.com');
    expect(estimate).toEqual({
      backlinks: 2_500,
      rows: 2_500,
      requests: 3,
      units: 15_000,
      estimateUnits: 50,
      unitsLeft: 100_000 - 50,
      tooMany: false,
    });
    const stats = service.requests.find((r) => r.path === '/v3/site-explorer/backlinks-stats');
    expect(stats?.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(service.requests.some((r) => r.path === '/v3/subscription-info/limits-and-usage')).toBe(true);
    const asked = service.counts.requests;
    await s.estimate('example.com');
    expect(service.counts.requests).toBe(asked);
    expect(await source({ maxRows: 1_000 }).estimate('example.com')).toMatchObject({
      rows: 1_000,
      tooMany: true,
    });
  });

  it('refuses the key: unauthorized at once, not retried', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(3) });
    const error = await failure(pullAll(source({ apiKey: 'wrong' })));
    expect(error).toMatchObject({ reason: 'unauthorized', message: 'HTTP 401: Invalid API key' });
    expect(error.transient).toBe(false);
    expect(service.counts.requests).toBe(1);
  });

  it('reads a 403 about spent units as no-funds', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(3), unitsLimit: 50 });
    service.account.unitsUsed = 50;
    const error = await failure(pullAll(source()));
    expect(error).toMatchObject({ reason: 'no-funds' });
    expect(error.message).toContain('API units limit reached');
  });

  it('waits out a 429 (Retry-After) and asks the same page again', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(5), ratePerSecond: 1, burst: 1 });
    const started = performance.now();
    const pages = await pullAll(source({ pageSize: 2 }));
    expect(pages.flatMap((p) => p.rows)).toHaveLength(5);
    expect(service.counts.rateLimited).toBeGreaterThan(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('gives up as rate-limited, with the back-off, when its retries are spent', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(5), ratePerSecond: 0.5, burst: 1 });
    const error = await failure(pullAll(source({ pageSize: 2, maxRetries: 0 })));
    expect(error).toMatchObject({ reason: 'rate-limited', retryAfterMs: 2_000 });
    expect(error.transient).toBe(true);
  });

  it('retries a server error, then answers bad-answer; a malformed body too; never a half pull', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(5), mode: 'server-error' });
    const error = await failure(pullAll(source({ maxRetries: 2 })));
    expect(error).toMatchObject({ reason: 'bad-answer', message: 'HTTP 500: Internal server error' });
    expect(service.counts.requests).toBe(3);
    service.set({ mode: 'malformed' });
    expect(await failure(pullAll(source({ maxRetries: 0 })))).toMatchObject({ reason: 'bad-answer' });
  });

  it('answers timeout when Ahrefs does not answer in time', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(5), mode: 'hang' });
    const error = await failure(pullAll(source({ timeoutMs: 300, maxRetries: 0 })));
    expect(error).toMatchObject({ reason: 'timeout' });
  });

  it('refuses a target with more backlinks than its maximum rather than cutting it short', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(5) });
    const error = await failure(pullAll(source({ pageSize: 2, maxRows: 3 })));
    expect(error).toMatchObject({ reason: 'too-many' });
  });

  it('tells a 400 of the API (its error text) as a bad answer', async () => {
    service = await startAhrefsStandIn({ apiKey: KEY, backlinks: table(5) });
    const error = await failure(pullAll(source({ pageSize: 0, maxRetries: 0 })));
    expect(error).toMatchObject({ reason: 'bad-answer', message: "HTTP 400: Invalid value for 'limit': 0" });
  });
});
