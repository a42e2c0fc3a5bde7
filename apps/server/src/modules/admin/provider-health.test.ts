import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ahrefsSource } from '../../providers/crawlers/ahrefs.ts';
import { startAhrefsStandIn } from '../../providers/crawlers/stand-ins/ahrefs.ts';
import { createHealthRecorder, rateLimitedInHour } from '../../providers/health.ts';
import { testLimits } from '../../providers/index-check/adapter-suite.ts';
import { serperChecker } from '../../providers/index-check/serper.ts';
import { startSerperStandIn } from '../../providers/index-check/stand-ins/serper.ts';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The console's provider health (issue 28): the adapters' common HTTP path records what each
 * provider answered, and `GET admin/providers` shows it, here against the providers' stand-ins.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUserWithToken>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUserWithToken(t.db, { isAdmin: true });
});
afterAll(() => t?.close());

type Row = { id: string; attributes: Record<string, unknown> };
async function providers(): Promise<Map<string, Record<string, unknown>>> {
  const res = await t.api('GET', 'admin/providers', { token: admin.token });
  expect(res.status).toBe(200);
  return new Map((res.body.data as Row[]).map((row) => [row.id, row.attributes]));
}

describe('GET admin/providers', () => {
  it('counts a 429 from the search provider, with the last error, and one that does not answer', async () => {
    // Other test files in this worker (and, on PostgreSQL, other processes) ask the search provider's
    // stand-ins too: the figures are read as what this test added to them.
    const figures = async () => {
      const row = (await providers()).get('serper');
      return { row, requests: Number(row?.requests ?? 0), limited: Number(row?.rateLimitedLastHour ?? 0) };
    };
    const before = await figures();
    const key = 'k';
    const service = await startSerperStandIn({ apiKey: key, indexed: [], ratePerSecond: 0.01, burst: 1 });
    try {
      const checker = serperChecker({ apiKey: key, baseUrl: service.url, ...testLimits({ concurrency: 1 }) });
      expect(await checker.check('https://a.example/')).toMatchObject({ kind: 'not-indexed' });
      expect(await checker.check('https://b.example/')).toMatchObject({ reason: 'rate-limited' });
      const seen = await figures();
      expect(seen.row).toMatchObject({ kind: 'indexCheck', lastStatus: 429, remaining: null });
      expect(seen.requests - before.requests).toBeGreaterThanOrEqual(2);
      expect(seen.limited - before.limited).toBeGreaterThanOrEqual(1);
      expect(seen.row?.lastError).toMatch(/^HTTP 429/);
      expect(Date.parse(String(seen.row?.lastErrorAt))).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await service.close();
    }
    // A provider that does not answer at all: the last error says so, the 429 stays counted.
    const gone = serperChecker({ apiKey: key, baseUrl: service.url, ...testLimits() });
    expect(await gone.check('https://c.example/')).toMatchObject({ kind: 'unknown' });
    const after = await figures();
    expect(after.row).toMatchObject({ lastStatus: null });
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(3);
    expect(after.limited - before.limited).toBeGreaterThanOrEqual(1);
    expect(after.row?.lastError).toMatch(/fetch failed/);
  });

  it('shows the units left that Ahrefs reports', async () => {
    const service = await startAhrefsStandIn({ apiKey: 'a', backlinks: [], unitsLimit: 10_000 });
    try {
      const source = ahrefsSource({
        apiKey: 'a',
        baseUrl: service.url,
        pageSize: 1000,
        maxRows: 1000,
        ratePerSecond: 1_000,
        concurrency: 1,
        timeoutMs: 5_000,
      });
      await source.estimate('example.com');
      expect((await providers()).get('ahrefs')).toMatchObject({ kind: 'crawlers', remaining: 10_000 - 50 });
    } finally {
      await service.close();
    }
  });
});

describe('the health recorder', () => {
  it('reads the quota left from the rate-limit headers and keeps only the last hour’s 429s', () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const recorder = createHealthRecorder(() => now);
    recorder.answer('x', { status: 200, headers: new Headers({ 'X-RateLimit-Remaining': '41' }) });
    recorder.answer('x', { status: 429, headers: new Headers({ 'RateLimit-Remaining': 'r=0;w=60' }) });
    const [first] = recorder.takeChanged();
    expect(first).toMatchObject({ requests: 2, remaining: 0, lastStatus: 429 });
    expect(rateLimitedInHour(first.rateLimited, now)).toBe(1);
    expect(recorder.takeChanged()).toEqual([]);
    now = new Date('2026-11-27T11:01:00Z');
    expect(rateLimitedInHour(first.rateLimited, now)).toBe(0);
    recorder.answer('x', { status: 200, headers: new Headers() });
    expect(recorder.takeChanged()[0].rateLimited).toEqual({});
  });
});
