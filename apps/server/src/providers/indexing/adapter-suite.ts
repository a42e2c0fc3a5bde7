import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderLimits } from '../index-check/paced.ts';
import {
  type Reply,
  type StandIn,
  type StandInRequest,
  type StandInSettings,
  startStandIn,
} from '../index-check/stand-ins/stand-in.ts';
import { chunks } from './paced.ts';
import type { Indexer, IndexingFailure, SubmitOptions } from './types.ts';

/**
 * What every indexing adapter must do against its service's stand-in (request shape and auth, the
 * answer page by page, each failure kind, splitting, the pace, the timeout, the caller's abort). Each
 * adapter's test file runs it with its own stand-in and adds what only its service does.
 */
export interface IndexerUnderTest {
  name: string;
  start(settings: Partial<StandInSettings>): Promise<StandIn>;
  indexer(options: { url: string; limits?: Partial<ProviderLimits>; wrongCredentials?: boolean }): Indexer;
  /** What every submit carries besides the signal (IndexNow: the project's key). */
  submitOptions?: SubmitOptions;
  /** The requests that carry pages (Google's token requests are not). */
  pageRequests(requests: StandInRequest[]): StandInRequest[];
  /** Asserts one page-carrying request the adapter sent for `pages`: method, path, auth, body. */
  expectRequest(request: StandInRequest, pages: string[]): void;
  /** Whether an accepted request comes back with the service's id for it (a task, a project). */
  taskIds: boolean;
  /** Whether a success's body is read (IndexNow's 200 says it all: its body is empty). */
  readsSuccessBody: boolean;
  /** How refused credentials read: `unauthorized`, or `refused` for IndexNow's project key. */
  wrongCredentials: IndexingFailure;
  /** How the service's no-funds mode reads (a free service has its own way to say "no more"). */
  noFundsReason: IndexingFailure;
  /** The back-off a rate-limited answer asks for: Retry-After, or the service's own rule. */
  rateLimitedRetryAfterMs: number;
}

export const PAGES = ['https://example.com/blog/post-1', 'https://example.com/blog/post-2'];

export function describeIndexerContract(adapter: IndexerUnderTest) {
  describe(`${adapter.name} indexer against its stand-in`, () => {
    let service: StandIn;
    beforeEach(async () => {
      service = await adapter.start({});
    });
    afterEach(() => service.close());

    const indexer = (limits?: Partial<ProviderLimits>) => adapter.indexer({ url: service.url, limits });
    const submit = (target: Indexer, pages: string[], options: SubmitOptions = {}) =>
      target.submit(pages, { ...adapter.submitOptions, ...options });

    it('sends the service its request: method, path, auth and the pages', async () => {
      const target = indexer();
      await submit(target, PAGES);
      const sent = adapter.pageRequests(service.requests);
      const portions = chunks(PAGES, Math.min(PAGES.length, target.maxBatch));
      expect(sent).toHaveLength(portions.length);
      for (const portion of portions) adapter.expectRequest(carrying(sent, portion[0]), portion);
    });

    it('answers accepted, page by page, with the service ids of what it created', async () => {
      const answer = await submit(indexer(), PAGES);
      expect(answer).toMatchObject({
        kind: 'accepted',
        provider: adapter.name,
        urls: PAGES.map((url) => ({ url, accepted: true })),
      });
      if (answer.kind !== 'accepted') return;
      if (adapter.taskIds) expect(answer.taskIds).toEqual([expect.stringMatching(/\S/)]);
      else expect(answer.taskIds).toEqual([]);
    });

    it('splits a list longer than one request takes, and answers for every page', async () => {
      const target = indexer();
      const pages = Array.from({ length: target.maxBatch + 1 }, (_, i) => `https://example.com/p/${i}`);
      const answer = await submit(target, pages);
      expect(answer.kind).toBe('accepted');
      expect(answer.urls.map((v) => v.url)).toEqual(pages);
      const sent = adapter.pageRequests(service.requests);
      expect(sent).toHaveLength(2);
      adapter.expectRequest(carrying(sent, pages[target.maxBatch]), pages.slice(target.maxBatch));
    });

    it('answers for every page when the service refuses the credentials', async () => {
      const answer = await submit(adapter.indexer({ url: service.url, wrongCredentials: true }), PAGES);
      expect(answer).toMatchObject({
        kind: 'unknown',
        provider: adapter.name,
        reason: adapter.wrongCredentials,
      });
      expect(answer.urls).toEqual(PAGES.map((url) => expect.objectContaining({ url, accepted: false })));
    });

    it('answers when the account has nothing left', async () => {
      service.set({ mode: 'no-funds' });
      const answer = await submit(indexer(), PAGES);
      expect(answer).toMatchObject({ kind: 'unknown', reason: adapter.noFundsReason });
    });

    it('answers bad-answer for a server error, a malformed success and a closed port, and never throws', async () => {
      service.set({ mode: 'server-error' });
      expect(await submit(indexer(), PAGES)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      service.set({ mode: 'malformed' });
      expect(await submit(indexer(), PAGES)).toMatchObject(
        adapter.readsSuccessBody ? { kind: 'unknown', reason: 'bad-answer' } : { kind: 'accepted' },
      );
      await service.close();
      expect(await submit(indexer(), PAGES)).toMatchObject({ kind: 'unknown', reason: 'bad-answer' });
      service = await adapter.start({});
    });

    it('answers timeout when the service does not answer in time', async () => {
      service.set({ mode: 'hang' });
      const started = performance.now();
      const answer = await submit(indexer({ timeoutMs: 300 }), PAGES.slice(0, 1));
      expect(answer).toMatchObject({ kind: 'unknown', reason: 'timeout' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('answers rate-limited with the back-off when over the service limit', async () => {
      const fast = indexer({ ratePerSecond: 100 });
      expect(await submit(fast, PAGES.slice(0, 1))).toMatchObject({ kind: 'accepted' });
      service.set({ ratePerSecond: 1, burst: 1 });
      const [first, second] = await Promise.all([
        submit(fast, PAGES.slice(0, 1)),
        submit(fast, PAGES.slice(1)),
      ]);
      expect(first).toMatchObject({ kind: 'accepted' });
      expect(second).toMatchObject({
        kind: 'unknown',
        reason: 'rate-limited',
        retryAfterMs: adapter.rateLimitedRetryAfterMs,
      });
    });

    it('keeps under its configured rate: N requests at R/s take at least (N-1)/R s and get no 429', async () => {
      const paced = indexer({ ratePerSecond: 10, concurrency: 4 });
      await submit(paced, PAGES.slice(0, 1));
      service.set({ ratePerSecond: 10, burst: 2, latencyMs: 50 });
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => submit(paced, [`https://example.com/p/${i}`])),
      );
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_050);
      expect(service.counts.rateLimited).toBe(0);
      expect(answers.every((a) => a.kind === 'accepted')).toBe(true);
    });

    it("rejects with the caller's reason when the caller aborts, queued or asking", async () => {
      service.set({ mode: 'hang' });
      const slow = indexer({ ratePerSecond: 1 });
      const controller = new AbortController();
      const asking = submit(slow, PAGES.slice(0, 1), { signal: controller.signal });
      const queued = submit(slow, PAGES.slice(1), { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('task stopped')), 50);
      await expect(asking).rejects.toThrow('task stopped');
      await expect(queued).rejects.toThrow('task stopped');
    });
  });
}

/** The request that carries `page` (requests sent at once may arrive in any order). */
function carrying(requests: StandInRequest[], page: string): StandInRequest {
  const request = requests.find((r) => r.body.includes(JSON.stringify(page)));
  if (!request) throw new Error(`No request carried ${page}`);
  return request;
}

/** The pace, limits and credentials the suite's indexers get unless a test says otherwise. */
export function testLimits(limits: Partial<ProviderLimits> = {}): ProviderLimits {
  return { ratePerSecond: 1_000, concurrency: 10, timeoutMs: 5_000, ...limits };
}

/** A server that answers every request with one fixed reply: for answers the stand-ins never give. */
export function startAnsweringWith(reply: Reply): Promise<StandIn> {
  return startStandIn({
    read: () => reply,
    results: () => reply,
    noFunds: () => reply,
    rateLimited: () => reply,
    serverError: () => reply,
  });
}
