import { afterEach, describe, expect, it } from 'vitest';
import { describeAdapterContract, startAnswering, testLimits } from './adapter-suite.ts';
import { serpApiChecker } from './serpapi.ts';
import { startSerpApiStandIn } from './stand-ins/serpapi.ts';
import type { StandIn } from './stand-ins/stand-in.ts';

const KEY = 'serpapi-test-key';

describeAdapterContract({
  name: 'serpapi',
  start: (settings) => startSerpApiStandIn({ apiKey: KEY, ...settings }),
  checker: ({ url, limits, wrongCredentials }) =>
    serpApiChecker({ apiKey: wrongCredentials ? 'wrong' : KEY, baseUrl: url, ...testLimits(limits) }),
  expectRequest(request, page) {
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/search.json');
    expect(Object.fromEntries(request.searchParams)).toEqual({
      engine: 'google',
      q: `site:${page}`,
      api_key: KEY,
    });
  },
  rateLimitedRetryAfterMs: 1_000,
});

describe('serpapi adapter, what only SerpApi does', () => {
  let service: StandIn;
  afterEach(() => service.close());

  it('tells a 429 for searches run out (no-funds) from a 429 for the hourly limit (rate-limited)', async () => {
    service = await startSerpApiStandIn({ apiKey: KEY, mode: 'no-funds' });
    const checker = serpApiChecker({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect(await checker.check('https://example.com/')).toEqual({
      kind: 'unknown',
      provider: 'serpapi',
      reason: 'no-funds',
      message: 'Your account has run out of searches.',
    });
  });

  it('reads a search whose metadata status is Error as a bad answer, not as "not indexed"', async () => {
    service = await startAnswering(() => ({ search_metadata: { status: 'Error' }, error: 'Search failed.' }));
    const checker = serpApiChecker({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect(await checker.check('https://example.com/')).toMatchObject({
      kind: 'unknown',
      reason: 'bad-answer',
      message: 'Search Error: Search failed.',
    });
  });
});
