import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderLimits } from '../index-check/paced.ts';
import type { StandInRequest } from '../index-check/stand-ins/stand-in.ts';
import type { AuthorityStandIn, AuthorityStandInSettings } from './stand-ins/common.ts';
import type {
  AuthorityAnswer,
  AuthorityFailure,
  AuthorityProvider,
  AuthorityTargets,
  Looked,
} from './types.ts';

/**
 * What every authority adapter must do against its service's stand-in (request shape and auth, the
 * figures, each failure kind, the pace, the timeout). Target 0 is one the service knows; the others
 * it does not. Each adapter's test file runs it and adds what only its service does (batching, …).
 */
export interface AuthorityAdapterUnderTest {
  name: string;
  /** Starts the stand-in knowing target 0. */
  start(settings: AuthorityStandInSettings): Promise<AuthorityStandIn<unknown>>;
  provider(options: {
    url: string;
    limits?: Partial<ProviderLimits>;
    wrongCredentials?: boolean;
  }): AuthorityProvider;
  /** A lookup of target i that costs the service exactly one request. */
  one(i: number): AuthorityTargets;
  entry(answer: AuthorityAnswer, i: number): Looked<unknown> | undefined;
  /** Asserts the request the adapter sent for `one(0)`: method, path, auth, query or body. */
  expectRequest(request: StandInRequest): void;
  /** The figures of target 0, as the adapter gives them. */
  known: unknown;
  /** The figures of a target the service has no data on (nulls, or the zeros the service writes). */
  nothing: unknown;
  /** The kind an account out of funds gives (a free service has only its rate limit). */
  noFunds: AuthorityFailure;
  rateLimitedRetryAfterMs: number;
}

export function describeAuthorityContract(adapter: AuthorityAdapterUnderTest) {
  describe(`${adapter.name} authority adapter against its stand-in`, () => {
    let service: AuthorityStandIn<unknown>;
    beforeEach(async () => {
      service = await adapter.start({});
    });
    afterEach(() => service.close());

    const provider = (limits?: Partial<ProviderLimits>) => adapter.provider({ url: service.url, limits });
    const ask = async (p: AuthorityProvider, i: number) => adapter.entry(await p.lookup(adapter.one(i)), i);

    it('sends the service its request: method, path, auth and the target', async () => {
      await provider().lookup(adapter.one(0));
      expect(service.requests).toHaveLength(1);
      adapter.expectRequest(service.requests[0]);
    });

    it("gives the service's figures in our field names, and nulls for a target it has no data on", async () => {
      expect(await ask(provider(), 0)).toEqual({ kind: 'figures', figures: adapter.known });
      expect(await ask(provider(), 1)).toEqual({ kind: 'figures', figures: adapter.nothing });
    });

    it('answers unauthorized when the service refuses the credentials', async () => {
      const wrong = adapter.provider({ url: service.url, wrongCredentials: true });
      expect(await ask(wrong, 0)).toMatchObject({ kind: 'unknown', reason: 'unauthorized' });
    });

    it('answers its no-funds kind when the account has nothing left', async () => {
      service.set({ mode: 'no-funds' });
      expect(await ask(provider(), 0)).toMatchObject({ kind: 'unknown', reason: adapter.noFunds });
    });

    it('answers bad-answer for a server error, a malformed body and no server, and never throws', async () => {
      service.set({ mode: 'server-error' });
      expect(await ask(provider(), 0)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      service.set({ mode: 'malformed' });
      expect(await ask(provider(), 0)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      await service.close();
      expect(await ask(provider(), 0)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      service = await adapter.start({});
    });

    it('answers timeout when the service does not answer in time', async () => {
      service.set({ mode: 'hang' });
      const started = performance.now();
      expect(await ask(provider({ timeoutMs: 300 }), 0)).toMatchObject({
        kind: 'unknown',
        reason: 'timeout',
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('answers rate-limited with the back-off when over the service limit, then waits it out', async () => {
      service.set({ ratePerSecond: 1, burst: 1 });
      const fast = provider({ ratePerSecond: 100, concurrency: 1 });
      const [first, second] = await Promise.all([ask(fast, 0), ask(fast, 0)]);
      expect(first).toMatchObject({ kind: 'figures' });
      expect(second).toMatchObject({
        kind: 'unknown',
        reason: 'rate-limited',
        retryAfterMs: adapter.rateLimitedRetryAfterMs,
      });
      const limitedAt = performance.now();
      expect(await ask(fast, 0)).toMatchObject({ kind: 'figures' });
      expect(performance.now() - limitedAt).toBeGreaterThanOrEqual(adapter.rateLimitedRetryAfterMs - 50);
    });

    it('keeps under its configured rate: N requests at R/s take at least (N-1)/R s and get no 429', async () => {
      // A bucket of 3: the stand-in shares this process, so a busy machine may bunch two arrivals.
      service.set({ ratePerSecond: 10, burst: 3, latencyMs: 30 });
      const paced = provider({ ratePerSecond: 10, concurrency: 4 });
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(paced, i % 3)));
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_050);
      expect(service.counts).toEqual({ requests: 12, rateLimited: 0 });
      expect(answers.every((a) => a?.kind === 'figures')).toBe(true);
    });

    it("rejects with the caller's reason when the caller aborts", async () => {
      service.set({ mode: 'hang' });
      const controller = new AbortController();
      const asking = provider().lookup(adapter.one(0), { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('task stopped')), 50);
      await expect(asking).rejects.toThrow('task stopped');
    });
  });
}

/** The pace and limits the suite's providers get unless a test says otherwise. */
export function testLimits(limits: Partial<ProviderLimits> = {}): ProviderLimits {
  return { ratePerSecond: 1_000, concurrency: 10, timeoutMs: 5_000, ...limits };
}
