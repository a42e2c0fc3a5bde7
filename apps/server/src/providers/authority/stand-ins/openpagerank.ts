import type { Protocol, Reply } from '../../index-check/stand-ins/stand-in.ts';
import { OPENPAGERANK_BATCH, OPENPAGERANK_PATH } from '../openpagerank.ts';
import {
  type AuthorityAccepted,
  type AuthorityStandIn,
  type AuthorityStandInSettings,
  startAuthorityStandIn,
} from './common.ts';

export interface OpenPageRankFigures {
  page_rank_decimal: number;
  /** The global position; the service writes it as a string. */
  rank: number;
}

/**
 * Open PageRank as it answers: `GET /api/v1.0/getPageRank?domains[]=…` (at most 100), key in
 * `API-OPR`; `{status_code, response: [{status_code, error, page_rank_integer, page_rank_decimal,
 * rank, domain}], last_updated}`, a domain it does not know with its own 404 "Domain not found".
 * The service is free: past its hourly limit it answers 429, which is also what `no-funds` gives.
 * The error bodies' wording is ours where DomCop does not document it.
 */
export function openPageRankProtocol(
  apiKey: string,
  figures: Map<string, OpenPageRankFigures>,
): Protocol<AuthorityAccepted> {
  const error = (status: number, message: string): Reply => ({
    status,
    body: { status_code: status, error: message },
  });
  return {
    read(request) {
      if (request.path !== OPENPAGERANK_PATH) return error(404, 'Not found');
      if (request.method !== 'GET') return error(405, 'Method not allowed');
      if (request.headers['api-opr'] !== apiKey) return error(401, 'Unauthorized: invalid API key');
      const targets = request.searchParams.getAll('domains[]');
      if (targets.length === 0) return error(400, 'No domains given');
      if (targets.length > OPENPAGERANK_BATCH) return error(400, 'At most 100 domains per request');
      return { query: targets.join(','), targets };
    },
    results({ targets }) {
      return {
        status: 200,
        body: {
          status_code: 200,
          response: targets.map((domain) => {
            const known = figures.get(domain);
            return known
              ? {
                  status_code: 200,
                  error: '',
                  page_rank_integer: Math.round(known.page_rank_decimal),
                  page_rank_decimal: known.page_rank_decimal,
                  rank: String(known.rank),
                  domain,
                }
              : {
                  status_code: 404,
                  error: 'Domain not found',
                  page_rank_integer: 0,
                  page_rank_decimal: 0,
                  rank: null,
                  domain,
                };
          }),
          last_updated: '1st Nov 2026',
        },
      };
    },
    noFunds: () => ({ ...error(429, 'Hourly limit exceeded'), headers: { 'Retry-After': '3600' } }),
    rateLimited: () => error(429, 'Too many requests'),
    serverError: () => error(500, 'Internal server error'),
  };
}

export function startOpenPageRankStandIn(
  options: AuthorityStandInSettings & { apiKey: string; figures?: Map<string, OpenPageRankFigures> },
): Promise<AuthorityStandIn<OpenPageRankFigures>> {
  const { apiKey, figures = new Map(), ...settings } = options;
  return startAuthorityStandIn(openPageRankProtocol(apiKey, figures), figures, settings);
}
