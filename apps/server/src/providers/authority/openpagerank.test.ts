import { afterEach, describe, expect, it } from 'vitest';
import { describeAuthorityContract, testLimits } from './adapter-suite.ts';
import { OPENPAGERANK_PATH, openPageRankProvider } from './openpagerank.ts';
import type { AuthorityStandIn } from './stand-ins/common.ts';
import { type OpenPageRankFigures, startOpenPageRankStandIn } from './stand-ins/openpagerank.ts';
import { EMPTY_DOMAIN } from './types.ts';

const KEY = 'opr-test-key';
const domain = (i: number) => (i === 0 ? 'example.com' : `unknown-${i}.example`);
const table = () =>
  new Map<string, OpenPageRankFigures>([['example.com', { page_rank_decimal: 4.71, rank: 120_345 }]]);

describeAuthorityContract({
  name: 'openpagerank',
  start: (settings) => startOpenPageRankStandIn({ apiKey: KEY, figures: table(), ...settings }),
  provider: ({ url, limits, wrongCredentials }) =>
    openPageRankProvider({ apiKey: wrongCredentials ? 'wrong' : KEY, baseUrl: url, ...testLimits(limits) }),
  one: (i) => ({ domains: [domain(i)] }),
  entry: (answer, i) => answer.domains.get(domain(i)),
  expectRequest(request) {
    expect(request.method).toBe('GET');
    expect(request.path).toBe(OPENPAGERANK_PATH);
    expect(request.headers['api-opr']).toBe(KEY);
    expect(request.searchParams.getAll('domains[]')).toEqual(['example.com']);
  },
  known: { ...EMPTY_DOMAIN, pageRankDecimal: 4.71, pageRank: 120_345 },
  nothing: EMPTY_DOMAIN,
  noFunds: 'rate-limited',
  rateLimitedRetryAfterMs: 1_000,
});

describe('openpagerank adapter, batches', () => {
  let service: AuthorityStandIn<OpenPageRankFigures>;
  afterEach(() => service.close());

  it('asks 100 domains a request (101 domains: 2 requests) and answers each, in the asked order', async () => {
    service = await startOpenPageRankStandIn({ apiKey: KEY, figures: table() });
    const domains = Array.from({ length: 101 }, (_, i) => domain(i));
    service.figures.set(domain(100), { page_rank_decimal: 2, rank: 9_000_000 });
    const provider = openPageRankProvider({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    const answer = await provider.lookup({
      domains: [...domains, 'example.com'],
      pages: ['https://example.com/a'],
    });
    expect(
      service.requests.map((r) => r.searchParams.getAll('domains[]').length).sort((a, b) => a - b),
    ).toEqual([1, 100]);
    expect([...answer.domains.keys()]).toEqual(domains);
    expect(answer.domains.get('example.com')).toMatchObject({ figures: { pageRankDecimal: 4.71 } });
    expect(answer.domains.get(domain(100))).toMatchObject({
      figures: { pageRankDecimal: 2, pageRank: 9_000_000 },
    });
    expect(answer.domains.get(domain(50))).toEqual({ kind: 'figures', figures: EMPTY_DOMAIN });
    // Open PageRank rates domains only.
    expect(provider.ratesPages).toBe(false);
    expect(answer.pages.size).toBe(0);
  });

  it('gives a whole batch the failure of its request, and the other batch its figures', async () => {
    service = await startOpenPageRankStandIn({ apiKey: KEY, figures: table(), ratePerSecond: 1, burst: 1 });
    const provider = openPageRankProvider({
      apiKey: KEY,
      baseUrl: service.url,
      ...testLimits({ concurrency: 2 }),
    });
    const domains = Array.from({ length: 150 }, (_, i) => domain(i));
    const answer = await provider.lookup({ domains });
    const kinds = [...answer.domains.values()].map((looked) => looked.kind);
    expect(kinds.filter((k) => k === 'figures')).toHaveLength(kinds[0] === 'figures' ? 100 : 50);
    expect(kinds.filter((k) => k === 'unknown')).toHaveLength(kinds[0] === 'figures' ? 50 : 100);
    expect(service.counts).toEqual({ requests: 2, rateLimited: 1 });
  });

  it('asks nothing for no domains', async () => {
    service = await startOpenPageRankStandIn({ apiKey: KEY });
    const provider = openPageRankProvider({ apiKey: KEY, baseUrl: service.url, ...testLimits() });
    expect((await provider.lookup({})).domains.size).toBe(0);
    expect(service.counts.requests).toBe(0);
  });
});
