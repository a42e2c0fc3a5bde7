import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderLimits } from './paced.ts';
import {
  type StandIn,
  type StandInRequest,
  type StandInSettings,
  startStandIn,
} from './stand-ins/stand-in.ts';
import type { IndexChecker } from './types.ts';

/**
 * What every index-check adapter must do against its service's stand-in (request shape and auth,
 * the verdicts, each failure kind, the pace, the timeout). Each adapter's test file runs it with
 * its own stand-in and adds what only its service does.
 */
export interface AdapterUnderTest {
  name: string;
  start(settings: Partial<StandInSettings>): Promise<StandIn>;
  checker(options: {
    url: string;
    limits?: Partial<ProviderLimits>;
    wrongCredentials?: boolean;
  }): IndexChecker;
  /** Asserts the request the adapter sent for `page`: method, path, auth, body. */
  expectRequest(request: StandInRequest, page: string): void;
  /** The back-off a rate-limited answer asks for: Retry-After, or the service's own rule. */
  rateLimitedRetryAfterMs: number;
}

const PAGE = 'https://example.com/blog/post-1';

export function describeAdapterContract(adapter: AdapterUnderTest) {
  describe(`${adapter.name} adapter against its stand-in`, () => {
    let service: StandIn;
    beforeEach(async () => {
      service = await adapter.start({ indexed: [PAGE] });
    });
    afterEach(() => service.close());

    const checker = (limits?: Partial<ProviderLimits>) => adapter.checker({ url: service.url, limits });

    it('sends the service its request: method, path, auth and a site: query for the exact URL', async () => {
      await checker().check(PAGE);
      expect(service.requests).toHaveLength(1);
      adapter.expectRequest(service.requests[0], PAGE);
    });

    it('calls a page indexed when a result is that page under another form of its URL', async () => {
      expect(await checker().check(PAGE)).toEqual({ kind: 'indexed', provider: adapter.name });
    });

    it('calls a page not indexed when only other pages under its prefix come back', async () => {
      const answer = await checker().check('https://example.com/blog/post-2');
      expect(answer).toEqual({ kind: 'not-indexed', provider: adapter.name });
    });

    it('calls a page not indexed when the search comes back empty', async () => {
      service.set({ neighbours: false });
      const answer = await checker().check('https://example.com/blog/post-2');
      expect(answer).toEqual({ kind: 'not-indexed', provider: adapter.name });
    });

    it('answers unauthorized when the service refuses the credentials', async () => {
      const answer = await adapter.checker({ url: service.url, wrongCredentials: true }).check(PAGE);
      expect(answer).toMatchObject({ kind: 'unknown', provider: adapter.name, reason: 'unauthorized' });
    });

    it('answers no-funds when the account has nothing left', async () => {
      service.set({ mode: 'no-funds' });
      expect(await checker().check(PAGE)).toMatchObject({ kind: 'unknown', reason: 'no-funds' });
    });

    it('answers bad-answer for a server error and for a malformed body, and never throws', async () => {
      service.set({ mode: 'server-error' });
      expect(await checker().check(PAGE)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      service.set({ mode: 'malformed' });
      expect(await checker().check(PAGE)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      await service.close();
      expect(await checker().check(PAGE)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      service = await adapter.start({});
    });

    it('answers timeout when the service does not answer in time', async () => {
      service.set({ mode: 'hang' });
      const started = performance.now();
      const answer = await checker({ timeoutMs: 300 }).check(PAGE);
      expect(answer).toMatchObject({ kind: 'unknown', reason: 'timeout' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('answers rate-limited with the back-off when over the service limit', async () => {
      service.set({ ratePerSecond: 1, burst: 1 });
      const fast = checker({ ratePerSecond: 100 });
      const [first, second] = await Promise.all([fast.check(PAGE), fast.check(PAGE)]);
      expect(first).toMatchObject({ kind: 'indexed' });
      expect(second).toMatchObject({
        kind: 'unknown',
        reason: 'rate-limited',
        retryAfterMs: adapter.rateLimitedRetryAfterMs,
      });
    });

    it('keeps under its configured rate: N requests at R/s take at least (N-1)/R s and get no 429', async () => {
      service.set({ ratePerSecond: 10, burst: 2, latencyMs: 50 });
      const paced = checker({ ratePerSecond: 10, concurrency: 4 });
      const pages = Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? PAGE : `${PAGE}?v=${i}`));
      const started = performance.now();
      const answers = await Promise.all(pages.map((page) => paced.check(page)));
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);
      expect(service.counts.rateLimited).toBe(0);
      expect(answers.filter((a) => a.kind === 'indexed')).toHaveLength(5);
      expect(answers.filter((a) => a.kind === 'not-indexed')).toHaveLength(10);
    });

    it("rejects with the caller's reason when the caller aborts, queued or asking", async () => {
      service.set({ mode: 'hang' });
      const slow = checker({ ratePerSecond: 1 });
      const controller = new AbortController();
      const asking = slow.check(PAGE, { signal: controller.signal });
      const queued = slow.check(PAGE, { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('task stopped')), 50);
      await expect(asking).rejects.toThrow('task stopped');
      await expect(queued).rejects.toThrow('task stopped');
    });
  });
}

/** The pace, limits and credentials the suite's checkers get unless a test says otherwise. */
export function testLimits(limits: Partial<ProviderLimits> = {}): ProviderLimits {
  return { ratePerSecond: 1_000, concurrency: 10, timeoutMs: 5_000, ...limits };
}

/** A server that answers every request with one fixed JSON body: for answers the stand-ins never give. */
export function startAnswering(body: () => unknown): Promise<StandIn> {
  const reply = () => ({ status: 200, body: body() });
  return startStandIn({
    read: () => ({ query: '' }),
    results: reply,
    noFunds: reply,
    rateLimited: reply,
    serverError: reply,
  });
}
