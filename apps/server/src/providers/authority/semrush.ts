import {
  excerpt,
  failureOfStatus,
  fetchJson,
  type ProviderLimits,
  retryAfterMs,
} from '../index-check/paced.ts';
import { distinct, figure, found, pacedRequester, type Unknown, unknown } from './lookup.ts';
import {
  type AuthorityFailure,
  type AuthorityProvider,
  type DomainFigures,
  EMPTY_DOMAIN,
  EMPTY_PAGE,
  type Looked,
  type PageFigures,
} from './types.ts';

export interface SemrushOptions extends ProviderLimits {
  apiKey: string;
  /** https://api.semrush.com unless pointed elsewhere. */
  baseUrl: string;
  /** The regional database of the domain overview ("us", "uk", "de", …). */
  database: string;
}

/** Domain overview (one database): Semrush Rank, organic keywords, organic traffic. */
export const DOMAIN_RANK_COLUMNS = ['Rk', 'Or', 'Ot'] as const;
/** Backlinks overview: backlinks, referring domains, referring URLs. */
export const BACKLINKS_COLUMNS = ['total', 'domains_num', 'urls_num'] as const;

type Row<C extends string> = Record<C, number | null>;

/**
 * What an `ERROR nn :: TEXT` answer means (developer.semrush.com, API basics, errors). 50 NOTHING
 * FOUND is a clean answer: the service has no data for the target.
 */
function failureOfCode(code: number): AuthorityFailure | 'nothing' | undefined {
  if (code === 50) return 'nothing';
  // 70 key hash failure, 120 wrong key - id pair, 121/122 wrong format or empty key, 130 API disabled,
  // 133 database access denied, 135 report type disabled for the key.
  if ([70, 120, 121, 122, 130, 133, 135].includes(code)) return 'unauthorized';
  // 132 API units balance is zero, 134 total limit exceeded.
  if (code === 132 || code === 134) return 'no-funds';
  // Any other (40 a parameter missing, …): the HTTP status decides, else the answer is unreadable.
  return undefined;
}

/**
 * Semrush Analytics API (API units): per domain the domain overview `GET /?type=domain_rank` and
 * the backlinks overview `GET /analytics/v1/?type=backlinks_overview` (target_type root_domain);
 * per page the backlinks overview with target_type url. The key goes in the `key` parameter; answers
 * are `;`-separated text with a header line and one row, read by the position of `export_columns`.
 * Errors come as `ERROR nn :: TEXT` in a 200 or 4xx body. One target per request (the domain
 * overview has no batch form); the pace spreads them. A domain is answered only when both of its
 * requests are.
 */
export function semrushProvider(options: SemrushOptions): AuthorityProvider {
  const name = 'semrush';
  const base = options.baseUrl.replace(/\/+$/, '');
  const request = pacedRequester(options);

  function ask<C extends string>(
    url: string,
    params: Record<string, string>,
    columns: readonly C[],
    signal?: AbortSignal,
  ): Promise<Looked<Row<C> | null>> {
    const query = new URLSearchParams({ ...params, key: options.apiKey, export_columns: columns.join(',') });
    return request(async (paced) => {
      const answer = await fetchJson(`${url}?${query}`, { signal: paced }, name);
      const text = answer.text.trim();
      const error = /^ERROR (\d+) :: (.*)$/s.exec(text);
      const status = failureOfStatus(answer.status);
      const failure = error ? failureOfCode(Number(error[1])) : undefined;
      if (failure === 'nothing') return found(null);
      if (failure) return unknown(failure, text);
      if (status || error) {
        return unknown(
          status ?? 'bad-answer',
          `HTTP ${answer.status}: ${excerpt(text)}`,
          retryAfterMs(answer.headers.get('retry-after')),
        );
      }
      return readRow(text, columns);
    }, signal);
  }

  async function lookUpDomain(domain: string, signal?: AbortSignal): Promise<Looked<DomainFigures>> {
    const rank = await ask(
      `${base}/`,
      { type: 'domain_rank', domain, database: options.database },
      DOMAIN_RANK_COLUMNS,
      signal,
    );
    if (rank.kind === 'unknown') return rank;
    const links = await ask(
      `${base}/analytics/v1/`,
      { type: 'backlinks_overview', target: domain, target_type: 'root_domain' },
      BACKLINKS_COLUMNS,
      signal,
    );
    if (links.kind === 'unknown') return links;
    const r = rank.figures;
    const l = links.figures;
    return found({
      ...EMPTY_DOMAIN,
      semRushRank: r?.Rk ?? null,
      semRushKeywords: r?.Or ?? null,
      semRushTraffic: r?.Ot ?? null,
      semRushLinks: l?.total ?? null,
      linksIn: l?.total ?? null,
      referringPage: l?.urls_num ?? null,
    });
  }

  async function lookUpPage(page: string, signal?: AbortSignal): Promise<Looked<PageFigures>> {
    const links = await ask(
      `${base}/analytics/v1/`,
      { type: 'backlinks_overview', target: page, target_type: 'url' },
      ['total'] as const,
      signal,
    );
    if (links.kind === 'unknown') return links;
    return found({ ...EMPTY_PAGE, semRushULinks: links.figures?.total ?? null });
  }

  return {
    name,
    ratesPages: true,
    async lookup(targets, { signal } = {}) {
      const domains = distinct(targets.domains);
      const pages = distinct(targets.pages);
      const [domainAnswers, pageAnswers] = await Promise.all([
        Promise.all(domains.map((domain) => lookUpDomain(domain, signal))),
        Promise.all(pages.map((page) => lookUpPage(page, signal))),
      ]);
      return {
        provider: name,
        domains: new Map(domains.map((domain, i) => [domain, domainAnswers[i]])),
        pages: new Map(pages.map((page, i) => [page, pageAnswers[i]])),
      };
    },
  };
}

/** The one row of a `;`-separated answer, by the position of the asked columns. */
function readRow<C extends string>(text: string, columns: readonly C[]): Looked<Row<C> | null> | Unknown {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const [header, row] = lines;
  if (!header || !row || header.split(';').length !== columns.length) {
    return unknown('bad-answer', `Unexpected answer: ${excerpt(text)}`);
  }
  const values = row.split(';');
  if (values.length !== columns.length) return unknown('bad-answer', `Unexpected row: ${excerpt(row)}`);
  return found(Object.fromEntries(columns.map((column, i) => [column, figure(values[i])])) as Row<C>);
}
