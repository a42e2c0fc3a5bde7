import { afterEach, describe, expect, it } from 'vitest';
import { describeAdapterContract, startAnswering, testLimits } from './adapter-suite.ts';
import { DATAFORSEO_LIVE_PATH, dataForSeoChecker } from './dataforseo.ts';
import { startDataForSeoStandIn } from './stand-ins/dataforseo.ts';
import type { StandIn } from './stand-ins/stand-in.ts';

const LOGIN = 'login@example.com';
const PASSWORD = 'dataforseo-test-password';

const checkerFor = (baseUrl: string, password = PASSWORD) =>
  dataForSeoChecker({ login: LOGIN, password, baseUrl, ...testLimits() });

describeAdapterContract({
  name: 'dataforseo',
  start: (settings) => startDataForSeoStandIn({ login: LOGIN, password: PASSWORD, ...settings }),
  checker: ({ url, limits, wrongCredentials }) =>
    dataForSeoChecker({
      login: LOGIN,
      password: wrongCredentials ? 'wrong' : PASSWORD,
      baseUrl: url,
      ...testLimits(limits),
    }),
  expectRequest(request, page) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe(DATAFORSEO_LIVE_PATH);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`,
    );
    expect(JSON.parse(request.body)).toEqual([
      { keyword: `site:${page}`, location_code: 2840, language_code: 'en' },
    ]);
  },
  // A per-minute limit, signalled in the body with no Retry-After: the adapter waits the minute out.
  rateLimitedRetryAfterMs: 60_000,
});

describe('dataforseo adapter, what only DataForSEO does', () => {
  let service: StandIn;
  afterEach(() => service.close());

  it("escapes the URL's own % and + so the service's decoding gives back the exact URL", async () => {
    const page = 'https://example.com/a+b/caf%C3%A9?q=1%202';
    service = await startDataForSeoStandIn({ login: LOGIN, password: PASSWORD, indexed: [page] });
    expect(await checkerFor(service.url).check(page)).toMatchObject({ kind: 'indexed' });
    expect(JSON.parse(service.requests[0].body)[0].keyword).toBe(
      'site:https://example.com/a%2Bb/caf%25C3%25A9?q=1%25202',
    );
  });

  it('reads 401 with status_code 40100 as unauthorized and a 402 as no-funds', async () => {
    service = await startDataForSeoStandIn({ login: LOGIN, password: PASSWORD });
    expect(await checkerFor(service.url, 'wrong').check('https://example.com/')).toMatchObject({
      reason: 'unauthorized',
      message: expect.stringContaining('HTTP 401: You are not authorized'),
    });
    service.set({ mode: 'no-funds' });
    expect(await checkerFor(service.url).check('https://example.com/')).toMatchObject({
      reason: 'no-funds',
      message: 'HTTP 402: Payment Required.',
    });
  });

  it('reads the task-level status codes: 40102 not indexed, 40210 no funds, 40501 bad answer', async () => {
    let taskCode = 40102;
    service = await startAnswering(() => ({
      status_code: 20000,
      status_message: 'Ok.',
      tasks: [{ status_code: taskCode, status_message: `Code ${taskCode}.`, result: null }],
    }));
    const checker = checkerFor(service.url);
    expect(await checker.check('https://example.com/')).toEqual({
      kind: 'not-indexed',
      provider: 'dataforseo',
    });
    taskCode = 40210;
    expect(await checker.check('https://example.com/')).toMatchObject({ reason: 'no-funds' });
    taskCode = 40501;
    expect(await checker.check('https://example.com/')).toMatchObject({
      reason: 'bad-answer',
      message: '40501 Code 40501.',
    });
  });
});
