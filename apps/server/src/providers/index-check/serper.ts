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

export interface SerperOptions extends ProviderLimits {
  /** "serper" unless another service speaks its protocol (the offline demo's stand-in: "demo"). */
  name?: string;
  apiKey: string;
  /** https://google.serper.dev unless pointed elsewhere. */
  baseUrl: string;
}

const ZSerperAnswer = z.object({
  searchParameters: z.object({ q: z.string() }).loose(),
  organic: z.array(z.object({ link: z.string() }).loose()).default([]),
});

/** Serper's error body: `{"message": "Unauthorized.", "statusCode": 403}`. */
const ZSerperError = z.object({ message: z.string() }).loose();

/**
 * Serper (serper.dev): `POST /search` with the key in `X-API-KEY` and `{"q": …}`; the organic
 * results are `organic[].link`. A refused key is 401/403; an account out of credits answers an
 * error whose message speaks of credits, which is read as no-funds whatever its status.
 */
export function serperChecker(options: SerperOptions): IndexChecker {
  const name = options.name ?? 'serper';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/search`;
  return pacedChecker(name, options, async (url, signal) => {
    const answer = await fetchJson(
      endpoint,
      {
        method: 'POST',
        headers: { 'X-API-KEY': options.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: siteQuery(url) }),
        signal,
      },
      name,
    );
    const failure = failureOfStatus(answer.status);
    if (failure) {
      const message = ZSerperError.safeParse(answer.json).data?.message ?? excerpt(answer.text);
      if (/credit/i.test(message)) return unknown(name, 'no-funds', message);
      return unknown(
        name,
        failure,
        `HTTP ${answer.status}: ${message}`,
        retryAfterMs(answer.headers.get('retry-after')),
      );
    }
    const parsed = ZSerperAnswer.safeParse(answer.json);
    if (!parsed.success) return unknown(name, 'bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
    const found = parsed.data.organic.some((result) => samePage(result.link, url));
    return { kind: found ? 'indexed' : 'not-indexed', provider: name };
  });
}
