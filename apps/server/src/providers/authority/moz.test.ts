import { afterEach, describe, expect, it } from 'vitest';
import { describeAuthorityContract, testLimits } from './adapter-suite.ts';
import { MOZ_URL_METRICS_PATH, type MozCredentials, mozProvider } from './moz.ts';
import type { AuthorityStandIn } from './stand-ins/common.ts';
import { type MozFigures, startMozStandIn } from './stand-ins/moz.ts';
import { EMPTY_DOMAIN, EMPTY_PAGE } from './types.ts';

const TOKEN = { token: 'moz-test-token' };
const PAIR = { accessId: 'mozscape-1234', secretKey: 'secret' };
const domain = (i: number) => (i === 0 ? 'example.com' : `unknown-${i}.example`);
const EXAMPLE: MozFigures = {
  domain_authority: 41,
  page_authority: 37,
  spam_score: 3,
  external_pages_to_root_domain: 52_000,
  root_domains_to_root_domain: 880,
};
const table = () =>
  new Map<string, MozFigures>([
    ['example.com', EXAMPLE],
    ['https://example.com/blog/post-1', { ...EXAMPLE, page_authority: 22 }],
  ]);

const provider = (url: string, credentials: MozCredentials = TOKEN, limits = testLimits()) =>
  mozProvider({ credentials, baseUrl: url, ...limits });

describeAuthorityContract({
  name: 'moz',
  start: (settings) => startMozStandIn({ credentials: TOKEN, figures: table(), ...settings }),
  provider: ({ url, limits, wrongCredentials }) =>
    provider(url, wrongCredentials ? { token: 'wrong' } : TOKEN, testLimits(limits)),
  one: (i) => ({ domains: [domain(i)] }),
  entry: (answer, i) => answer.domains.get(domain(i)),
  expectRequest(request) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe(MOZ_URL_METRICS_PATH);
    expect(request.headers['x-moz-token']).toBe(TOKEN.token);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ targets: ['example.com'] });
  },
  known: { ...EMPTY_DOMAIN, da: 41, spamScore: 3, referringPage: 52_000 },
  // What Moz writes for a site it has not crawled: zeros, and -1 for "no spam score".
  nothing: { ...EMPTY_DOMAIN, da: 0, referringPage: 0 },
  noFunds: 'no-funds',
  rateLimitedRetryAfterMs: 1_000,
});

describe('moz adapter, batches, pages and the legacy credentials', () => {
  let service: AuthorityStandIn<MozFigures>;
  afterEach(() => service.close());

  it('asks domains and pages together, 50 targets a request (60 targets: 2 requests)', async () => {
    service = await startMozStandIn({ credentials: TOKEN, figures: table() });
    const domains = Array.from({ length: 45 }, (_, i) => domain(i));
    const pages = [
      'https://example.com/blog/post-1',
      ...Array.from({ length: 14 }, (_, i) => `https://x.example/${i}`),
    ];
    const answer = await provider(service.url).lookup({ domains, pages });
    const sizes = service.requests.map((r) => (JSON.parse(r.body) as { targets: string[] }).targets.length);
    expect(sizes.sort((a, b) => a - b)).toEqual([10, 50]);
    expect(answer.domains.size).toBe(45);
    expect(answer.pages.size).toBe(15);
    expect(answer.domains.get('example.com')).toEqual({
      kind: 'figures',
      figures: { ...EMPTY_DOMAIN, da: 41, spamScore: 3, referringPage: 52_000 },
    });
    expect(answer.pages.get('https://example.com/blog/post-1')).toEqual({
      kind: 'figures',
      figures: { ...EMPTY_PAGE, pa: 22, spamScore: 3 },
    });
    expect(answer.pages.get('https://x.example/3')).toEqual({
      kind: 'figures',
      figures: { ...EMPTY_PAGE, pa: 0 },
    });
  });

  it('authenticates with HTTP Basic when given the legacy access id and secret key', async () => {
    service = await startMozStandIn({ credentials: PAIR, figures: table() });
    const answer = await provider(service.url, PAIR).lookup({ domains: ['example.com'] });
    expect(answer.domains.get('example.com')).toMatchObject({ kind: 'figures', figures: { da: 41 } });
    const basic = `Basic ${Buffer.from('mozscape-1234:secret').toString('base64')}`;
    expect(service.requests[0].headers.authorization).toBe(basic);
    const wrong = await provider(service.url, { ...PAIR, secretKey: 'nope' }).lookup({
      domains: ['example.com'],
    });
    expect(wrong.domains.get('example.com')).toMatchObject({ kind: 'unknown', reason: 'unauthorized' });
  });

  it('reads a 429 that speaks of the quota as no funds (a plain 429 is the rate limit: see the contract)', async () => {
    service = await startMozStandIn({ credentials: TOKEN, figures: table() });
    service.set({ mode: 'no-funds' });
    const noRows = await provider(service.url).lookup({ domains: ['example.com'] });
    expect(noRows.domains.get('example.com')).toMatchObject({
      reason: 'no-funds',
      message: expect.stringMatching(/Quota/),
    });
  });
});
