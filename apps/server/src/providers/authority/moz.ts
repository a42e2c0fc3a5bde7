import { z } from 'zod';
import {
  excerpt,
  failureOfStatus,
  fetchJson,
  type ProviderLimits,
  retryAfterMs,
} from '../index-check/paced.ts';
import { distinct, figure, found, inBatches, pacedRequester, unknown } from './lookup.ts';
import {
  type AuthorityProvider,
  type DomainFigures,
  EMPTY_DOMAIN,
  EMPTY_PAGE,
  type Looked,
  type PageFigures,
} from './types.ts';

/** A token (`x-moz-token`, every account since March 2024) or a legacy access id and secret key (HTTP Basic). */
export type MozCredentials = { token: string } | { accessId: string; secretKey: string };

export type MozOptions = ProviderLimits & {
  credentials: MozCredentials;
  /** https://lsapi.seomoz.com unless pointed elsewhere. */
  baseUrl: string;
};

export const MOZ_URL_METRICS_PATH = '/v2/url_metrics';
/** The documented most targets in one url_metrics request. */
export const MOZ_BATCH = 50;

const ZResult = z
  .object({
    page_authority: z.number().nullish(),
    domain_authority: z.number().nullish(),
    spam_score: z.number().nullish(),
    external_pages_to_root_domain: z.number().nullish(),
  })
  .loose();

const ZAnswer = z.object({ results: z.array(ZResult) }).loose();
const ZError = z.object({ name: z.string().optional(), message: z.string().optional() }).loose();

type Metrics = z.infer<typeof ZResult>;

/** Moz writes -1 where it has no score (a site too small or too new to be rated). */
function score(value: number | null | undefined): number | null {
  const n = figure(value);
  return n === null || n < 0 ? null : n;
}

export function mozAuthorization(credentials: MozCredentials): Record<string, string> {
  if ('token' in credentials) return { 'x-moz-token': credentials.token };
  const basic = Buffer.from(`${credentials.accessId}:${credentials.secretKey}`).toString('base64');
  return { Authorization: `Basic ${basic}` };
}

/**
 * Moz Links API v2, URL Metrics: `POST /v2/url_metrics` with `{"targets": [...]}` (up to 50, domains
 * and pages alike), answered by `results[]` in the asked order. v2 is Moz's current Links API (the
 * newer JSON-RPC "Moz API" at api.moz.com adds keyword and brand data, not these metrics), so this
 * adapter speaks v2. A domain's `domain_authority`, `spam_score` and external pages linking to its
 * root domain; a page's `page_authority` and its subdomain's `spam_score`. A refused key is 401; a
 * 429 that speaks of the account's quota or rows is read as no-funds, any other 429 as the rate.
 */
export function mozProvider(options: MozOptions): AuthorityProvider {
  const name = 'moz';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${MOZ_URL_METRICS_PATH}`;
  const headers = { ...mozAuthorization(options.credentials), 'Content-Type': 'application/json' };
  const request = pacedRequester(options);

  function ask(batch: string[], signal?: AbortSignal): Promise<Looked<Looked<Metrics>[]>> {
    return request(async (paced) => {
      const answer = await fetchJson(
        endpoint,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ targets: batch }),
          signal: paced,
        },
        name,
      );
      const failure = failureOfStatus(answer.status);
      if (failure) {
        const error = ZError.safeParse(answer.json).data;
        const message = [error?.name, error?.message].filter(Boolean).join(': ') || excerpt(answer.text);
        if (/quota|rows|credit|balance/i.test(message))
          return unknown('no-funds', `HTTP ${answer.status}: ${message}`);
        return unknown(
          failure,
          `HTTP ${answer.status}: ${message}`,
          retryAfterMs(answer.headers.get('retry-after')),
        );
      }
      const parsed = ZAnswer.safeParse(answer.json);
      if (!parsed.success) return unknown('bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
      if (parsed.data.results.length !== batch.length) {
        return unknown('bad-answer', `${parsed.data.results.length} results for ${batch.length} targets`);
      }
      return found(parsed.data.results.map((metrics) => found(metrics)));
    }, signal);
  }

  return {
    name,
    ratesPages: true,
    async lookup(targets, { signal } = {}) {
      const domains = distinct(targets.domains);
      const pages = distinct(targets.pages);
      // Domains and pages share the requests: a target is a target to url_metrics.
      const tagged = [...domains.map((d) => `d:${d}`), ...pages.map((p) => `p:${p}`)];
      const answers = await inBatches(tagged, MOZ_BATCH, (batch) =>
        ask(
          batch.map((t) => t.slice(2)),
          signal,
        ),
      );
      const pick = <F>(tag: string, read: (m: Metrics) => F): Looked<F> => {
        const looked = answers.get(tag) ?? unknown('bad-answer', 'No answer');
        return looked.kind === 'figures' ? found(read(looked.figures)) : looked;
      };
      return {
        provider: name,
        domains: new Map(
          domains.map((domain) => [
            domain,
            pick(
              `d:${domain}`,
              (m): DomainFigures => ({
                ...EMPTY_DOMAIN,
                da: score(m.domain_authority),
                spamScore: score(m.spam_score),
                referringPage: figure(m.external_pages_to_root_domain),
              }),
            ),
          ]),
        ),
        pages: new Map(
          pages.map((page) => [
            page,
            pick(
              `p:${page}`,
              (m): PageFigures => ({
                ...EMPTY_PAGE,
                pa: score(m.page_authority),
                spamScore: score(m.spam_score),
              }),
            ),
          ]),
        ),
      };
    },
  };
}
