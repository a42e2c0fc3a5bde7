import { z } from 'zod';
import {
  excerpt,
  failureOfStatus,
  fetchJson,
  type ProviderLimits,
  pacedChecker,
  retryAfterMs,
  siteQuery,
  unknown,
} from './paced.ts';
import { samePage } from './same-page.ts';
import type { IndexChecker } from './types.ts';

export interface SerpApiOptions extends ProviderLimits {
  apiKey: string;
  /** https://serpapi.com unless pointed elsewhere. */
  baseUrl: string;
}

const ZSerpApiAnswer = z.object({
  search_metadata: z.object({ status: z.string() }).loose(),
  organic_results: z.array(z.object({ link: z.string() }).loose()).default([]),
  search_information: z.object({ organic_results_state: z.string().optional() }).loose().optional(),
  error: z.string().optional(),
});

/** Every SerpApi error is `{"error": "…"}`. */
const ZSerpApiError = z.object({ error: z.string() }).loose();

/** spec (serpapi.com/api-status-and-error-codes): 429 means the hourly limit OR no searches left. */
const OUT_OF_SEARCHES = /run out of searches|searches for the month have run out|upgrade your plan/i;

/**
 * SerpApi: `GET /search.json?engine=google&q=…&api_key=…`, results in `organic_results[].link`.
 * A search Google answered with nothing is still a success: `search_metadata.status` "Success", no
 * organic results and an `error` saying so; that is a clean "not indexed". A search whose status is
 * "Error" is not. The official `serpapi` package is not used: it cannot be pointed at another host.
 */
export function serpApiChecker(options: SerpApiOptions): IndexChecker {
  const name = 'serpapi';
  const base = options.baseUrl.replace(/\/+$/, '');
  return pacedChecker(name, options, async (url, signal) => {
    const query = new URLSearchParams({ engine: 'google', q: siteQuery(url), api_key: options.apiKey });
    const answer = await fetchJson(`${base}/search.json?${query}`, { method: 'GET', signal }, name);
    const failure = failureOfStatus(answer.status);
    if (failure) {
      const message = ZSerpApiError.safeParse(answer.json).data?.error ?? excerpt(answer.text);
      if (answer.status === 429 && OUT_OF_SEARCHES.test(message)) return unknown(name, 'no-funds', message);
      return unknown(
        name,
        failure,
        `HTTP ${answer.status}: ${message}`,
        retryAfterMs(answer.headers.get('retry-after')),
      );
    }
    const parsed = ZSerpApiAnswer.safeParse(answer.json);
    if (!parsed.success) return unknown(name, 'bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
    const { search_metadata: metadata, organic_results: results, error } = parsed.data;
    if (metadata.status !== 'Success') {
      return unknown(name, 'bad-answer', `Search ${metadata.status}: ${error ?? 'no message'}`);
    }
    const found = results.some((result) => samePage(result.link, url));
    return { kind: found ? 'indexed' : 'not-indexed', provider: name };
  });
}
