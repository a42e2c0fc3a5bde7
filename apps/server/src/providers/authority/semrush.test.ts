import { afterEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../index-check/stand-ins/stand-in.ts';
import { describeAuthorityContract, testLimits } from './adapter-suite.ts';
import { semrushProvider } from './semrush.ts';
import type { AuthorityStandIn } from './stand-ins/common.ts';
import { type SemrushFigures, startSemrushStandIn } from './stand-ins/semrush.ts';
import { EMPTY_DOMAIN, EMPTY_PAGE } from './types.ts';

const KEY = 'semrush-test-key';
const page = (i: number) =>
  i === 0 ? 'https://example.com/blog/post-1' : `https://example.com/unknown/${i}`;
const table = () =>
  new Map<string, SemrushFigures>([
    [
      'example.com',
      { Rk: 51_234, Or: 3_400, Ot: 12_800, total: 98_765, domains_num: 1_234, urls_num: 45_678 },
    ],
    ['links-only.example', { total: 12, domains_num: 3, urls_num: 9 }],
    [page(0), { total: 57, domains_num: 8, urls_num: 40 }],
  ]);

const provider = (url: string, limits = testLimits(), apiKey = KEY) =>
  semrushProvider({ apiKey, baseUrl: url, database: 'uk', ...limits });

describeAuthorityContract({
  name: 'semrush',
  start: (settings) => startSemrushStandIn({ apiKey: KEY, figures: table(), ...settings }),
  provider: ({ url, limits, wrongCredentials }) =>
    provider(url, testLimits(limits), wrongCredentials ? 'wrong' : KEY),
  // A page costs one request (the backlinks overview); a domain two.
  one: (i) => ({ pages: [page(i)] }),
  entry: (answer, i) => answer.pages.get(page(i)),
  expectRequest(request) {
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/analytics/v1/');
    expect(Object.fromEntries(request.searchParams)).toEqual({
      type: 'backlinks_overview',
      target: page(0),
      target_type: 'url',
      key: KEY,
      export_columns: 'total',
    });
  },
  known: { ...EMPTY_PAGE, semRushULinks: 57 },
  nothing: EMPTY_PAGE,
  noFunds: 'no-funds',
  rateLimitedRetryAfterMs: 1_000,
});

describe('semrush adapter, domains', () => {
  let service: AuthorityStandIn<SemrushFigures>;
  afterEach(() => service.close());

  it('asks the domain overview in the configured database and the backlinks overview of the root domain', async () => {
    service = await startSemrushStandIn({ apiKey: KEY, figures: table() });
    const answer = await provider(service.url).lookup({ domains: ['example.com'] });
    expect(answer.domains.get('example.com')).toEqual({
      kind: 'figures',
      figures: {
        ...EMPTY_DOMAIN,
        semRushRank: 51_234,
        semRushKeywords: 3_400,
        semRushTraffic: 12_800,
        semRushLinks: 98_765,
        linksIn: 98_765,
        referringPage: 45_678,
      },
    });
    const [rank, links] = service.requests;
    expect(rank.path).toBe('/');
    expect(Object.fromEntries(rank.searchParams)).toEqual({
      type: 'domain_rank',
      domain: 'example.com',
      database: 'uk',
      key: KEY,
      export_columns: 'Rk,Or,Ot',
    });
    expect(links.path).toBe('/analytics/v1/');
    expect(Object.fromEntries(links.searchParams)).toMatchObject({
      type: 'backlinks_overview',
      target: 'example.com',
      target_type: 'root_domain',
      export_columns: 'total,domains_num,urls_num',
    });
  });

  it('reads NOTHING FOUND as no data: nulls where the report has none, the other report still read', async () => {
    service = await startSemrushStandIn({ apiKey: KEY, figures: table() });
    const answer = await provider(service.url).lookup({ domains: ['links-only.example', 'nowhere.example'] });
    expect(answer.domains.get('links-only.example')).toEqual({
      kind: 'figures',
      figures: { ...EMPTY_DOMAIN, semRushLinks: 12, linksIn: 12, referringPage: 9 },
    });
    expect(answer.domains.get('nowhere.example')).toEqual({ kind: 'figures', figures: EMPTY_DOMAIN });
  });

  it('answers a domain unknown when its second request fails', async () => {
    service = await startSemrushStandIn({ apiKey: KEY, figures: table(), ratePerSecond: 1, burst: 1 });
    const answer = await provider(service.url).lookup({ domains: ['example.com'] });
    expect(answer.domains.get('example.com')).toMatchObject({ kind: 'unknown', reason: 'rate-limited' });
    expect(service.counts).toEqual({ requests: 2, rateLimited: 1 });
  });

  it('stops at the first request when the key is refused or the units are spent', async () => {
    service = await startSemrushStandIn({ apiKey: KEY, figures: table() });
    const refused = await provider(service.url, testLimits(), 'wrong').lookup({ domains: ['example.com'] });
    expect(refused.domains.get('example.com')).toMatchObject({
      kind: 'unknown',
      reason: 'unauthorized',
      message: 'ERROR 120 :: WRONG KEY - ID PAIR',
    });
    service.set({ mode: 'no-funds' });
    const spent = await provider(service.url).lookup({ domains: ['example.com'] });
    expect(spent.domains.get('example.com')).toMatchObject({ kind: 'unknown', reason: 'no-funds' });
    expect(service.counts.requests).toBe(2);
  });
});

describe('semrush adapter, answers the stand-in never gives', () => {
  /** A server answering every request with one fixed text. */
  const startText = (text: string) =>
    startStandIn({
      read: () => ({ query: '' }),
      results: () => ({ status: 200, body: null, text }),
      noFunds: () => ({ status: 200, body: null, text }),
      rateLimited: () => ({ status: 429, body: null, text }),
      serverError: () => ({ status: 200, body: null, text }),
    });

  it('reads an unknown ERROR code in a 200, a row of the wrong width and an empty body as bad answers', async () => {
    for (const text of ['ERROR 999 :: SOMETHING NEW', 'total\r\n1;2\r\n', '']) {
      const server = await startText(text);
      const answer = await provider(server.url).lookup({ pages: ['https://example.com/'] });
      expect(answer.pages.get('https://example.com/')).toMatchObject({
        kind: 'unknown',
        reason: 'bad-answer',
      });
      await server.close();
    }
  });
});
