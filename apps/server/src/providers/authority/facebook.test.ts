import { afterEach, describe, expect, it } from 'vitest';
import { describeAuthorityContract, testLimits } from './adapter-suite.ts';
import { facebookProvider } from './facebook.ts';
import type { AuthorityStandIn } from './stand-ins/common.ts';
import { type FacebookEngagement, startFacebookStandIn } from './stand-ins/facebook.ts';
import { EMPTY_DOMAIN } from './types.ts';

const TOKEN = '1234567890|app-secret';
const BACKOFF_MS = 1_000;
const domain = (i: number) => (i === 0 ? 'example.com' : `unknown-${i}.example`);
const table = () =>
  new Map<string, FacebookEngagement>([
    [
      'https://example.com/',
      { reaction_count: 1_200, comment_count: 85, share_count: 430, comment_plugin_count: 3 },
    ],
  ]);
const options = (url: string) => ({ baseUrl: url, version: 'v24.0', rateLimitBackoffMs: BACKOFF_MS });

describeAuthorityContract({
  name: 'facebook',
  start: (settings) => startFacebookStandIn({ accessToken: TOKEN, engagement: table(), ...settings }),
  provider: ({ url, limits, wrongCredentials }) =>
    facebookProvider({ apiKey: wrongCredentials ? 'wrong' : TOKEN, ...options(url), ...testLimits(limits) }),
  one: (i) => ({ domains: [domain(i)] }),
  entry: (answer, i) => answer.domains.get(domain(i)),
  expectRequest(request) {
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v24.0/');
    expect(Object.fromEntries(request.searchParams)).toEqual({
      id: 'https://example.com/',
      fields: 'engagement',
      access_token: TOKEN,
    });
  },
  // Reactions, comments and shares; the comments of Facebook's plugin on the site itself are not activity on Facebook.
  known: { ...EMPTY_DOMAIN, faceBookActivity: 1_715 },
  nothing: { ...EMPTY_DOMAIN, faceBookActivity: 0 },
  noFunds: 'rate-limited',
  rateLimitedRetryAfterMs: BACKOFF_MS,
});

describe('facebook adapter', () => {
  let service: AuthorityStandIn<FacebookEngagement>;
  afterEach(() => service.close());

  it('asks one URL a request, each domain once, and rates no pages', async () => {
    service = await startFacebookStandIn({ accessToken: TOKEN, engagement: table() });
    const provider = facebookProvider({ apiKey: TOKEN, ...options(service.url), ...testLimits() });
    const answer = await provider.lookup({
      domains: ['example.com', 'Other.example ', 'example.com'],
      pages: ['https://example.com/a'],
    });
    expect(service.requests.map((r) => r.searchParams.get('id')).sort()).toEqual([
      'https://example.com/',
      'https://other.example/',
    ]);
    expect([...answer.domains.keys()]).toEqual(['example.com', 'Other.example ']);
    expect(provider.ratesPages).toBe(false);
    expect(answer.pages.size).toBe(0);
  });

  it('reads an error body as its Graph API code says, whatever the HTTP status', async () => {
    service = await startFacebookStandIn({ accessToken: TOKEN });
    const provider = facebookProvider({ apiKey: 'expired', ...options(service.url), ...testLimits() });
    const answer = await provider.lookup({ domains: ['example.com'] });
    expect(answer.domains.get('example.com')).toEqual({
      kind: 'unknown',
      reason: 'unauthorized',
      message: 'HTTP 400: (#190) Invalid OAuth access token - Cannot parse access token',
    });
  });
});
