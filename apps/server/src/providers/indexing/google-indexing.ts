import { readFileSync } from 'node:fs';
import { gaxios, JWT } from 'google-auth-library';
import { z } from 'zod';
import { excerpt, fetchJson, type ProviderLimits, retryAfterMs } from '../index-check/paced.ts';
import { dailyQuota } from './daily-quota.ts';
import { notTaken, type PortionAnswer, pacedIndexer } from './paced.ts';
import type { DailyQuota, Indexer } from './types.ts';

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_INDEXING_SCOPE = 'https://www.googleapis.com/auth/indexing';
export const GOOGLE_PUBLISH_PATH = '/v3/urlNotifications:publish';

/** The part of a service account's JSON key file the adapter needs. */
export const ZServiceAccount = z
  .object({
    type: z.literal('service_account').optional(),
    client_email: z.string(),
    private_key: z.string(),
  })
  .loose();
export type ServiceAccount = z.infer<typeof ZServiceAccount>;

/** Reads the service account's JSON key file; throws, naming the file, when it is not one. */
export function readServiceAccount(file: string): ServiceAccount {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `GOOGLE_INDEXING_CREDENTIALS_FILE: cannot read ${file} as JSON (${(error as Error).message})`,
    );
  }
  const parsed = ZServiceAccount.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `GOOGLE_INDEXING_CREDENTIALS_FILE: ${file} is not a service account key (client_email, private_key)`,
    );
  }
  return parsed.data;
}

export interface GoogleIndexingOptions extends ProviderLimits {
  serviceAccount: ServiceAccount;
  /** https://indexing.googleapis.com unless pointed elsewhere. */
  baseUrl: string;
  /** Where the service account's signed assertion is traded for an access token (Google's by default). */
  tokenUrl: string;
  /** Publish requests a day for the Google Cloud project: 200 unless Google granted more. */
  dailyQuota: number;
  now?: () => number;
}

export interface GoogleIndexer extends Indexer {
  /** The day's publish quota as counted here: what is left today, and when it is whole again. */
  quota(): DailyQuota;
}

/** A per-minute limit (380 requests a minute for the project by default): wait for the minute. */
const PER_MINUTE_BACKOFF_MS = 60_000;

const ZGoogleError = z
  .object({
    error: z.object({ code: z.number(), message: z.string(), status: z.string().optional() }).loose(),
  })
  .loose();
const ZPublished = z.object({ urlNotificationMetadata: z.object({ url: z.string() }).loose() }).loose();

/**
 * Google's Indexing API: `POST /v3/urlNotifications:publish` with `{"url", "type": "URL_UPDATED"}`, one
 * URL per request, an OAuth 2 bearer token minted from a service account (google-auth-library's JWT
 * client: a signed assertion traded at the token URL, kept until it nearly expires). The service
 * account must be an owner of the site in Search Console, else 403 "Failed to verify the URL
 * ownership". Free; a daily quota per Google Cloud project (200 by default) that resets at midnight
 * Pacific Time: the adapter counts it, answers rate-limited until the reset without asking once it is
 * used up, and believes the service's 429 "Quota exceeded … per day". Google documents the API for
 * pages with JobPosting or BroadcastEvent (livestream) markup only.
 */
export function googleIndexer(options: GoogleIndexingOptions): GoogleIndexer {
  const name = 'google';
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${GOOGLE_PUBLISH_PATH}`;
  const quota = dailyQuota(options.dailyQuota, options.now);
  let client = jwtClient(options);
  const sent = new WeakSet<string[]>();

  const indexer = pacedIndexer({
    name,
    kind: 'own-site',
    maxBatch: 1,
    limits: options,
    before: () =>
      quota.take()
        ? undefined
        : notTaken('rate-limited', "Today's publish quota is used up", quota.msUntilReset()),
    async send(portion, _options, signal): Promise<PortionAnswer> {
      sent.add(portion);
      const [url] = portion;
      const token = await accessToken(client, signal);
      if (typeof token !== 'string') return token;
      let answer = await publish(url, token, signal);
      if (answer.status === 401) {
        // A token revoked or expired early: mint a new one once (a new client: the old one keeps its token).
        client = jwtClient(options);
        const fresh = await accessToken(client, signal);
        if (typeof fresh !== 'string') return fresh;
        answer = await publish(url, fresh, signal);
      }
      return readAnswer(answer);
    },
    after(_portion, answer) {
      // What Google did not count: our credentials refused, a per-minute limit, an unreadable answer.
      // A refusal of the page counts; so does a request that timed out (it may have arrived).
      if (answer.kind === 'accepted' || answer.reason === 'refused') return;
      if (answer.reason === 'rate-limited' && dailyLimit(answer.message)) return;
      quota.give();
    },
    abandoned(portion) {
      // Still queued when the task stopped: never sent, so never counted by Google.
      if (!sent.has(portion)) quota.give();
    },
    pauses: (answer) =>
      answer.kind === 'unknown' && answer.reason === 'rate-limited' && !dailyLimit(answer.message)
        ? answer
        : undefined,
  });

  function publish(url: string, token: string, signal: AbortSignal) {
    return fetchJson(
      endpoint,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url, type: 'URL_UPDATED' }),
        signal,
      },
      name,
    );
  }

  function readAnswer(answer: Awaited<ReturnType<typeof publish>>): PortionAnswer {
    if (answer.status === 200) {
      return ZPublished.safeParse(answer.json).success
        ? { kind: 'accepted' }
        : notTaken('bad-answer', `Unexpected answer: ${excerpt(answer.text)}`);
    }
    const error = ZGoogleError.safeParse(answer.json).data?.error;
    const message = `HTTP ${answer.status}: ${error?.message ?? excerpt(answer.text)}`;
    if (answer.status === 429) {
      if (dailyLimit(message)) {
        quota.exhaust();
        return notTaken('rate-limited', message, quota.msUntilReset());
      }
      return notTaken(
        'rate-limited',
        message,
        retryAfterMs(answer.headers.get('retry-after')) ?? PER_MINUTE_BACKOFF_MS,
      );
    }
    if (answer.status === 400) return notTaken('refused', message);
    if (answer.status === 403 && /ownership/i.test(message)) return notTaken('refused', message);
    if (answer.status === 401 || answer.status === 403) return notTaken('unauthorized', message);
    return notTaken('bad-answer', message);
  }

  return { ...indexer, quota: () => quota.state() };
}

function dailyLimit(message: string): boolean {
  return /per day|daily/i.test(message);
}

/**
 * The JWT client, its token request sent to `tokenUrl`: the library always asks Google's own token
 * URL (and names it as the assertion's audience, which a proxy or a stand-in in its place reads as is).
 */
function jwtClient(options: GoogleIndexingOptions): JWT {
  const transporter = new gaxios.Gaxios();
  if (options.tokenUrl !== GOOGLE_TOKEN_URL) {
    transporter.interceptors.request.add({
      resolved: async (config) => {
        if (config.url.href === GOOGLE_TOKEN_URL) config.url = new URL(options.tokenUrl);
        return config;
      },
    });
  }
  return new JWT({
    email: options.serviceAccount.client_email,
    key: options.serviceAccount.private_key,
    scopes: [GOOGLE_INDEXING_SCOPE],
    transporter,
  });
}

/** A valid access token, or the answer that says why there is none. */
async function accessToken(client: JWT, signal: AbortSignal): Promise<string | PortionAnswer> {
  signal.throwIfAborted();
  // The library takes no signal: the request goes on, but the task does not wait for it.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const { token } = await Promise.race([client.getAccessToken(), aborted]);
    return token ?? notTaken('bad-answer', 'The token endpoint gave no access token');
  } catch (error) {
    if (signal.aborted) throw error;
    const status = error instanceof gaxios.GaxiosError ? error.response?.status : undefined;
    const message = `Access token: ${error instanceof Error ? error.message : String(error)}`;
    // invalid_grant (a deleted key, a wrong signature), invalid_client, unauthorized_client.
    if (status === 400 || status === 401 || status === 403) return notTaken('unauthorized', message);
    if (status === 429) return notTaken('rate-limited', message);
    return notTaken('bad-answer', message);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
