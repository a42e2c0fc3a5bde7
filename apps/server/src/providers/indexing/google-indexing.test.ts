import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderLimits } from '../index-check/paced.ts';
import type { StandIn, StandInRequest } from '../index-check/stand-ins/stand-in.ts';
import { describeIndexerContract, startAnsweringWith, testLimits } from './adapter-suite.ts';
import {
  GOOGLE_INDEXING_SCOPE,
  GOOGLE_PUBLISH_PATH,
  GOOGLE_TOKEN_URL,
  googleIndexer,
  readServiceAccount,
} from './google-indexing.ts';
import {
  type GoogleIndexingState,
  STAND_IN_TOKEN_PATH,
  startGoogleIndexingStandIn,
} from './stand-ins/google-indexing.ts';

// A throwaway service account for these tests only: generated here, never written to the repository.
const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const { publicKey, privateKey } = pem();
const otherKey = pem().privateKey;
const CLIENT_EMAIL = 'linkwatch-indexing@linkwatch-test.iam.gserviceaccount.com';

const startService = (
  settings: Parameters<typeof startGoogleIndexingStandIn>[0] extends infer O ? Partial<O> : never,
) =>
  startGoogleIndexingStandIn({ clientEmail: CLIENT_EMAIL, publicKey, owned: ['example.com'], ...settings });

function indexer(
  service: StandIn,
  options: { limits?: Partial<ProviderLimits>; key?: string; dailyQuota?: number; now?: () => number } = {},
) {
  return googleIndexer({
    serviceAccount: { client_email: CLIENT_EMAIL, private_key: options.key ?? privateKey },
    baseUrl: service.url,
    tokenUrl: `${service.url}${STAND_IN_TOKEN_PATH}`,
    dailyQuota: options.dailyQuota ?? 10_000,
    now: options.now,
    ...testLimits(options.limits),
  });
}

const publishes = (requests: StandInRequest[]) => requests.filter((r) => r.path === GOOGLE_PUBLISH_PATH);
const tokenRequests = (requests: StandInRequest[]) => requests.filter((r) => r.path === STAND_IN_TOKEN_PATH);

describeIndexerContract({
  name: 'google',
  start: (settings) => startService(settings),
  indexer: ({ url, limits, wrongCredentials }) =>
    indexer({ url } as StandIn, { limits, key: wrongCredentials ? otherKey : privateKey }),
  pageRequests: publishes,
  expectRequest(request, pages) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/urlNotifications:publish');
    expect(request.headers.authorization).toMatch(/^Bearer ya29\.stand-in-[0-9a-f]{32}$/);
    expect(request.headers['content-type']).toBe('application/json');
    expect(pages).toHaveLength(1);
    expect(JSON.parse(request.body)).toEqual({ url: pages[0], type: 'URL_UPDATED' });
  },
  readsSuccessBody: true,
  taskIds: false,
  wrongCredentials: 'unauthorized',
  // The service is free: what runs out is the day's quota.
  noFundsReason: 'rate-limited',
  rateLimitedRetryAfterMs: 1_000,
});

describe('google indexer: the token', () => {
  let service: StandIn & GoogleIndexingState;
  afterEach(() => service.close());

  it('trades a signed assertion for a token at the configured token URL, once for many pages', async () => {
    service = await startService({});
    const pages = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'];
    const answer = await indexer(service).submit(pages);
    expect(answer.kind).toBe('accepted');
    expect(service.published.sort()).toEqual(pages);
    const tokens = tokenRequests(service.requests);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].method).toBe('POST');
    expect(tokens[0].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(tokens[0].body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const claims = JSON.parse(
      Buffer.from(String(form.get('assertion')).split('.')[1], 'base64url').toString(),
    );
    expect(claims).toMatchObject({ iss: CLIENT_EMAIL, scope: GOOGLE_INDEXING_SCOPE, aud: GOOGLE_TOKEN_URL });
  });

  it('mints a new token once when the API no longer takes the one it has', async () => {
    service = await startService({});
    const google = indexer(service);
    expect(await google.submit(['https://example.com/a'])).toMatchObject({ kind: 'accepted' });
    service.tokens.clear();
    expect(await google.submit(['https://example.com/b'])).toMatchObject({ kind: 'accepted' });
    expect(tokenRequests(service.requests)).toHaveLength(2);
    expect(publishes(service.requests)).toHaveLength(3);
  });
});

describe('google indexer: the site and the daily quota', () => {
  let service: StandIn & GoogleIndexingState;
  afterEach(() => service.close());

  it('reads "failed to verify the URL ownership" as refused, page by page', async () => {
    service = await startService({});
    const answer = await indexer(service).submit(['https://example.com/a', 'https://not-ours.example/b']);
    expect(answer.kind).toBe('accepted');
    expect(answer.urls.find((v) => v.url === 'https://not-ours.example/b')).toMatchObject({
      accepted: false,
      reason: 'refused',
      message: 'HTTP 403: Permission denied. Failed to verify the URL ownership.',
    });
  });

  it('sends no more than the daily quota, says what is left, and carries the rest to Pacific midnight', async () => {
    service = await startService({});
    const now = Date.parse('2026-11-22T19:00:00Z'); // 11:00 in California, PST
    const google = indexer(service, { dailyQuota: 3, now: () => now });
    const pages = Array.from({ length: 5 }, (_, i) => `https://example.com/p/${i}`);
    const answer = await google.submit(pages);
    expect(answer.kind).toBe('accepted');
    expect(answer.urls.filter((v) => v.accepted)).toHaveLength(3);
    const untilMidnight = Date.parse('2026-11-23T08:00:00Z') - now;
    expect(answer.urls.filter((v) => !v.accepted)).toEqual([
      expect.objectContaining({ reason: 'rate-limited', retryAfterMs: untilMidnight }),
      expect.objectContaining({ reason: 'rate-limited', retryAfterMs: untilMidnight }),
    ]);
    expect(publishes(service.requests)).toHaveLength(3);
    expect(google.quota()).toEqual({
      limit: 3,
      used: 3,
      remaining: 0,
      resetsAt: new Date('2026-11-23T08:00:00Z'),
    });
  });

  it("believes the service's 429 for the day (it counts what this process did not), without pausing", async () => {
    service = await startService({ dailyQuota: 2 });
    const google = indexer(service);
    const pages = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'];
    const answers = [];
    for (const page of pages) answers.push(await google.submit([page]));
    expect(answers.map((a) => a.kind)).toEqual(['accepted', 'accepted', 'unknown']);
    expect(answers[2]).toMatchObject({ reason: 'rate-limited', message: expect.stringContaining('per day') });
    expect(google.quota().remaining).toBe(0);
    const started = performance.now();
    expect(await google.submit(['https://example.com/d'])).toMatchObject({ reason: 'rate-limited' });
    expect(performance.now() - started).toBeLessThan(500);
    expect(publishes(service.requests)).toHaveLength(3);
  });

  it('gives back the quota of pages still queued when the task stops, not of one already sent', async () => {
    service = await startService({ mode: 'hang' });
    const google = indexer(service, { dailyQuota: 5, limits: { ratePerSecond: 1, concurrency: 1 } });
    const controller = new AbortController();
    const pages = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'];
    const submitting = google.submit(pages, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('task stopped')), 100);
    await expect(submitting).rejects.toThrow('task stopped');
    expect(google.quota()).toMatchObject({ used: 1, remaining: 4 });
  });

  it('waits a minute after a per-minute 429 without Retry-After', async () => {
    service = await startService({});
    const answering = await startAnsweringWith({
      status: 429,
      body: {
        error: {
          code: 429,
          message: "Quota exceeded for 'Requests per minute'",
          status: 'RESOURCE_EXHAUSTED',
        },
      },
    });
    const google = googleIndexer({
      serviceAccount: { client_email: CLIENT_EMAIL, private_key: privateKey },
      baseUrl: answering.url,
      tokenUrl: `${service.url}${STAND_IN_TOKEN_PATH}`,
      dailyQuota: 200,
      ...testLimits(),
    });
    expect(await google.submit(['https://example.com/a'])).toMatchObject({
      reason: 'rate-limited',
      retryAfterMs: 60_000,
    });
    expect(google.quota().used).toBe(0);
    await answering.close();
  });
});

describe('readServiceAccount', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkwatch-sa-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a service account key file and names the file when it is not one', () => {
    const file = path.join(dir, 'sa.json');
    writeFileSync(
      file,
      JSON.stringify({ type: 'service_account', client_email: CLIENT_EMAIL, private_key: privateKey }),
    );
    expect(readServiceAccount(file)).toMatchObject({ client_email: CLIENT_EMAIL, private_key: privateKey });
    writeFileSync(file, '{"type": "authorized_user"}');
    expect(() => readServiceAccount(file)).toThrow(/sa\.json is not a service account key/);
    expect(() => readServiceAccount(path.join(dir, 'none.json'))).toThrow(/cannot read .*none\.json/);
  });
});
