import { z } from 'zod';
import {
  excerpt,
  failureOfStatus,
  fetchJson,
  type ProviderLimits,
  pacedChecker,
  siteQuery,
  unknown,
} from './paced.ts';
import { samePage } from './same-page.ts';
import type { IndexCheckAnswer, IndexChecker, IndexCheckFailure } from './types.ts';

export interface DataForSeoOptions extends ProviderLimits {
  login: string;
  password: string;
  /** https://api.dataforseo.com unless pointed elsewhere. */
  baseUrl: string;
}

export const DATAFORSEO_LIVE_PATH = '/v3/serp/google/organic/live/advanced';

const ZStatus = z.object({ status_code: z.number(), status_message: z.string().default('') }).loose();

const ZDataForSeoAnswer = ZStatus.extend({
  tasks: z
    .array(
      ZStatus.extend({
        result: z
          .array(
            z
              .object({
                items: z.array(z.object({ type: z.string(), url: z.string().nullish() }).loose()).nullish(),
              })
              .loose(),
          )
          .nullish(),
      }),
    )
    .min(1),
});

/** A per-minute limit: past it, nothing is accepted until the minute is over. */
const PER_MINUTE_BACKOFF_MS = 60_000;

/**
 * What a DataForSEO status code says (docs.dataforseo.com/v3/appendix/errors). The service answers
 * HTTP 200 for almost everything and puts the verdict in `status_code`, at the top level and again
 * per task; 40102 "No Search Results" is a clean answer: Google has nothing for the query.
 */
function failureOfCode(
  code: number,
): { reason: IndexCheckFailure; retryAfterMs?: number } | 'empty' | undefined {
  if (code >= 20000 && code < 30000) return undefined;
  if (code === 40102) return 'empty';
  // 40100 not authorised, 40104 account not verified, 40201 account paused, 40204 no subscription, 40207 IP not whitelisted.
  if ([40100, 40104, 40201, 40204, 40207].includes(code)) return { reason: 'unauthorized' };
  // 40200 payment required, 40203 the account's daily cost limit, 40210 insufficient funds.
  if ([40200, 40203, 40210].includes(code)) return { reason: 'no-funds' };
  if (code === 40202) return { reason: 'rate-limited', retryAfterMs: PER_MINUTE_BACKOFF_MS };
  // 40209: more than 30 requests open at once.
  if (code === 40209) return { reason: 'rate-limited' };
  return { reason: 'bad-answer' };
}

/**
 * DataForSEO SERP API, Google Organic Live Advanced: `POST /v3/serp/google/organic/live/advanced`
 * with HTTP Basic auth and an array of one task; organic results are `tasks[0].result[0].items[]`
 * of type "organic". The official `dataforseo-client` is a generated client for every endpoint of
 * the service; one request does not need it, and plain fetch keeps the AbortSignal and the statuses.
 */
export function dataForSeoChecker(options: DataForSeoOptions): IndexChecker {
  const name = 'dataforseo';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${DATAFORSEO_LIVE_PATH}`;
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  return pacedChecker(name, options, async (url, signal): Promise<IndexCheckAnswer> => {
    const task = {
      // The service decodes %XX and '+' in the keyword; a URL's own must reach Google as written.
      keyword: siteQuery(url).replaceAll('%', '%25').replaceAll('+', '%2B'),
      // Required by the endpoint; the index a site: query reads is the same in every location.
      location_code: 2840,
      language_code: 'en',
    };
    const answer = await fetchJson(
      endpoint,
      {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify([task]),
        signal,
      },
      name,
    );
    const status = ZStatus.safeParse(answer.json).data;
    const httpFailure = failureOfStatus(answer.status);
    if (httpFailure) {
      const byCode = status && failureOfCode(status.status_code);
      const reason = byCode && byCode !== 'empty' ? byCode.reason : httpFailure;
      return unknown(
        name,
        reason,
        `HTTP ${answer.status}: ${status?.status_message ?? excerpt(answer.text)}`,
      );
    }
    const parsed = ZDataForSeoAnswer.safeParse(answer.json);
    if (!parsed.success) {
      const top = status && failureOfCode(status.status_code);
      if (top && top !== 'empty') return unknown(name, top.reason, status.status_message, top.retryAfterMs);
      return unknown(name, 'bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
    }
    for (const level of [parsed.data, parsed.data.tasks[0]]) {
      const failure = failureOfCode(level.status_code);
      if (failure === 'empty') return { kind: 'not-indexed', provider: name };
      if (failure) {
        return unknown(
          name,
          failure.reason,
          `${level.status_code} ${level.status_message}`,
          failure.retryAfterMs,
        );
      }
    }
    const result = parsed.data.tasks[0].result;
    if (!result) return unknown(name, 'bad-answer', 'A successful task without a result');
    const found = result.some((page) =>
      (page.items ?? []).some((item) => item.type === 'organic' && !!item.url && samePage(item.url, url)),
    );
    return { kind: found ? 'indexed' : 'not-indexed', provider: name };
  });
}
