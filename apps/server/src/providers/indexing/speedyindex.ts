import { z } from 'zod';
import {
  excerpt,
  failureOfStatus,
  fetchJson,
  type ProviderLimits,
  retryAfterMs,
} from '../index-check/paced.ts';
import { notTaken, type PortionAnswer, pacedIndexer } from './paced.ts';
import type { Indexer } from './types.ts';

export interface SpeedyIndexOptions extends ProviderLimits {
  apiKey: string;
  /** https://api.speedyindex.com unless pointed elsewhere. */
  baseUrl: string;
  /** Stored with each request; the offline demo's stand-in is named "demo". */
  name?: string;
}

export const SPEEDYINDEX_INDEXER_PATH = '/v2/task/google/indexer/create';

/** SpeedyIndex takes up to 10,000 URLs in one task. */
export const SPEEDYINDEX_MAX_URLS = 10_000;

/** "Server overloaded, try later" (code 2) says no more: come back in a minute. */
const OVERLOADED_BACKOFF_MS = 60_000;

const ZAnswer = z
  .object({ code: z.number(), task_id: z.string().optional(), message: z.string().optional() })
  .loose();

/**
 * SpeedyIndex indexer tasks (speedyindex.com API v2): `POST /v2/task/google/indexer/create` with the
 * key, bare, in `Authorization` and `{"title", "urls"}`; the answer is HTTP 200 with `code` 0 and the
 * new `task_id`, code 1 when the indexer balance is too low for the list, code 2 when the service is
 * overloaded. One indexer credit is spent per URL. The status of a refused key is not documented: a
 * 401/403 is read as unauthorized.
 */
export function speedyIndexIndexer(options: SpeedyIndexOptions): Indexer {
  const name = options.name ?? 'speedyindex';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${SPEEDYINDEX_INDEXER_PATH}`;
  return pacedIndexer({
    name,
    kind: 'donor',
    maxBatch: SPEEDYINDEX_MAX_URLS,
    limits: options,
    async send(urls, { title }, signal): Promise<PortionAnswer> {
      const answer = await fetchJson(
        endpoint,
        {
          method: 'POST',
          headers: { Authorization: options.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(title ? { title, urls } : { urls }),
          signal,
        },
        name,
      );
      const parsed = ZAnswer.safeParse(answer.json);
      const retryAfter = retryAfterMs(answer.headers.get('retry-after'));
      const failure = failureOfStatus(answer.status);
      if (failure) {
        const message = `HTTP ${answer.status}: ${parsed.data?.message ?? excerpt(answer.text)}`;
        if (parsed.data?.code === 1) return notTaken('no-funds', message);
        return notTaken(failure, message, retryAfter);
      }
      if (!parsed.success) return notTaken('bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
      const { code, task_id: taskId } = parsed.data;
      if (code === 0 && taskId) return { kind: 'accepted', taskId };
      if (code === 1) return notTaken('no-funds', 'Code 1: the indexer balance is too low for these URLs');
      if (code === 2)
        return notTaken('rate-limited', 'Code 2: server overloaded', retryAfter ?? OVERLOADED_BACKOFF_MS);
      return notTaken('bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
    },
  });
}
