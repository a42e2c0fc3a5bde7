import { z } from 'zod';
import {
  excerpt,
  failureOfStatus,
  fetchJson,
  type ProviderLimits,
  retryAfterMs,
} from '../index-check/paced.ts';
import { distinct, figure, found, inBatches, pacedRequester, unknown } from './lookup.ts';
import { type AuthorityProvider, type DomainFigures, EMPTY_DOMAIN, type Looked } from './types.ts';

export interface OpenPageRankOptions extends ProviderLimits {
  /** `openpagerank` unless named otherwise (the offline demo's stand-in is `demo`). */
  name?: string;
  apiKey: string;
  /** https://openpagerank.com unless pointed elsewhere. */
  baseUrl: string;
}

export const OPENPAGERANK_PATH = '/api/v1.0/getPageRank';
/** The documented most domains in one request. */
export const OPENPAGERANK_BATCH = 100;

const ZEntry = z
  .object({
    status_code: z.number(),
    error: z.string().nullish(),
    page_rank_decimal: z.union([z.number(), z.string()]).nullish(),
    rank: z.union([z.number(), z.string()]).nullish(),
    domain: z.string(),
  })
  .loose();

const ZAnswer = z.object({ status_code: z.number(), response: z.array(ZEntry) }).loose();
const ZError = z.object({ status_code: z.number().optional(), error: z.string().optional() }).loose();

/**
 * Open PageRank (DomCop): `GET /api/v1.0/getPageRank?domains[]=…` with up to 100 domains and the key
 * in `API-OPR`; `response[]` gives per domain its own `status_code` (404: not in their data, a clean
 * answer without figures), `page_rank_decimal` (0–10) and `rank` (its global position, a string).
 * Domains only: pages are not rated.
 */
export function openPageRankProvider(options: OpenPageRankOptions): AuthorityProvider {
  const name = options.name ?? 'openpagerank';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${OPENPAGERANK_PATH}`;
  const request = pacedRequester(options);

  function ask(batch: string[], signal?: AbortSignal): Promise<Looked<Looked<DomainFigures>[]>> {
    return request(async (paced) => {
      const query = new URLSearchParams(batch.map((domain): [string, string] => ['domains[]', domain]));
      const answer = await fetchJson(
        `${endpoint}?${query}`,
        {
          headers: { 'API-OPR': options.apiKey, Accept: 'application/json' },
          signal: paced,
        },
        name,
      );
      const error = ZError.safeParse(answer.json).data;
      // The service also puts an error status in the body of a 200.
      const failure = failureOfStatus(answer.status) ?? failureOfStatus(error?.status_code ?? 200);
      if (failure) {
        const message = error?.error ?? excerpt(answer.text);
        return unknown(
          failure,
          `HTTP ${answer.status}: ${message}`,
          retryAfterMs(answer.headers.get('retry-after')),
        );
      }
      const parsed = ZAnswer.safeParse(answer.json);
      if (!parsed.success) return unknown('bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
      const byDomain = new Map(parsed.data.response.map((entry) => [entry.domain.toLowerCase(), entry]));
      return found(
        batch.map((domain, i): Looked<DomainFigures> => {
          const entry = byDomain.get(domain.trim().toLowerCase()) ?? parsed.data.response[i];
          if (!entry) return unknown('bad-answer', `The answer has no entry for ${domain}`);
          if (entry.status_code === 404) return found({ ...EMPTY_DOMAIN });
          if (entry.status_code !== 200) {
            return unknown('bad-answer', `${entry.status_code} ${entry.error ?? ''}`.trim());
          }
          return found({
            ...EMPTY_DOMAIN,
            pageRankDecimal: figure(entry.page_rank_decimal),
            pageRank: figure(entry.rank),
          });
        }),
      );
    }, signal);
  }

  return {
    name,
    ratesPages: false,
    async lookup(targets, { signal } = {}) {
      const domains = await inBatches(distinct(targets.domains), OPENPAGERANK_BATCH, (batch) =>
        ask(batch, signal),
      );
      return { provider: name, domains, pages: new Map() };
    },
  };
}
