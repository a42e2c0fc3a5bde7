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

export interface RapidUrlIndexerOptions extends ProviderLimits {
  apiKey: string;
  /** https://rapidurlindexer.com unless pointed elsewhere (the API lives under its /wp-json/). */
  baseUrl: string;
}

export const RAPIDURLINDEXER_PROJECTS_PATH = '/wp-json/api/v1/projects';

/** Rapid URL Indexer takes up to 9,999 URLs in one project. */
export const RAPIDURLINDEXER_MAX_URLS = 9_999;

/** Its limit is per minute (100 requests): a 429 without Retry-After waits for the minute to pass. */
const PER_MINUTE_BACKOFF_MS = 60_000;

const ZCreated = z.object({ project_id: z.union([z.number(), z.string()]) }).loose();
const ZError = z.object({ message: z.string() }).loose();

/**
 * Rapid URL Indexer projects (rapidurlindexer.com/indexing-api): `POST /wp-json/api/v1/projects`
 * with the key in `X-API-Key` and `{"project_name", "urls", "notify_on_status_change"}`; a created
 * project is 201 `{"message", "project_id"}`. A refused key is 401; an account without enough credits
 * is 403 "Insufficient credits" (403 also means a key without permission, so the message decides).
 * One credit per URL; the service itself refunds the URLs still not indexed after 14 days.
 */
export function rapidUrlIndexer(options: RapidUrlIndexerOptions): Indexer {
  const name = 'rapidurlindexer';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${RAPIDURLINDEXER_PROJECTS_PATH}`;
  return pacedIndexer({
    name,
    kind: 'donor',
    maxBatch: RAPIDURLINDEXER_MAX_URLS,
    limits: options,
    async send(urls, { title }, signal): Promise<PortionAnswer> {
      const answer = await fetchJson(
        endpoint,
        {
          method: 'POST',
          headers: { 'X-API-Key': options.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            // Required; the service strips special characters and tags from it.
            project_name: title ?? `Linkwatch ${new Date().toISOString().slice(0, 10)}`,
            urls,
            notify_on_status_change: false,
          }),
          signal,
        },
        name,
      );
      const failure = failureOfStatus(answer.status);
      if (failure) {
        const message = ZError.safeParse(answer.json).data?.message ?? excerpt(answer.text);
        if (/credit/i.test(message)) return notTaken('no-funds', message);
        if (answer.status === 400) return notTaken('refused', `HTTP 400: ${message}`);
        const retryAfter = retryAfterMs(answer.headers.get('retry-after'));
        return notTaken(
          failure,
          `HTTP ${answer.status}: ${message}`,
          failure === 'rate-limited' ? (retryAfter ?? PER_MINUTE_BACKOFF_MS) : retryAfter,
        );
      }
      const parsed = ZCreated.safeParse(answer.json);
      if (!parsed.success) return notTaken('bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
      return { kind: 'accepted', taskId: String(parsed.data.project_id) };
    },
  });
}
