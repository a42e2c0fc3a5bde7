import { hostname } from 'node:os';

/**
 * What this process saw of each outside provider (issue 28, the console's provider health): the last
 * error (when, what), the 429s by minute, and the quota left where the provider says so (a
 * `X-RateLimit-Remaining`-style header, or the adapter's own reading such as Ahrefs' units left).
 *
 * Kept in memory: the adapters' common HTTP path records every answer, and a write to the database
 * per request would double the work of a 50-requests-a-second check. Each process copies what changed
 * into the `provider_health` table every few seconds (and the console's call copies its own first),
 * so the console, served by an API process, sees what the worker processes met. The 429s go by minute
 * so an hour's count falls off even for a process that has since stopped.
 */

/** The provider groups of the console's table, by adapter name; a renamed adapter (tests) is `other`. */
const KINDS: Record<string, ProviderKind> = {
  serper: 'indexCheck',
  serpapi: 'indexCheck',
  dataforseo: 'indexCheck',
  google: 'indexing',
  indexnow: 'indexing',
  rapidurlindexer: 'indexing',
  speedyindex: 'indexing',
  moz: 'authority',
  semrush: 'authority',
  openpagerank: 'authority',
  facebook: 'authority',
  ahrefs: 'crawlers',
  stripe: 'payments',
  paypal: 'payments',
  nowpayments: 'payments',
};
export type ProviderKind = 'indexCheck' | 'indexing' | 'authority' | 'crawlers' | 'payments' | 'other';

export function kindOf(provider: string): ProviderKind {
  return KINDS[provider] ?? 'other';
}

export interface ProviderObservation {
  provider: string;
  kind: ProviderKind;
  requests: number;
  lastSeenAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  lastStatus: number | null;
  /** 429s by the minute they came in (minutes since the epoch), the last hour's only. */
  rateLimited: Record<string, number>;
  remaining: number | null;
  remainingAt: Date | null;
}

/** The headers providers report the quota left in (the first one present counts). */
const REMAINING_HEADERS = [
  'x-ratelimit-remaining',
  'ratelimit-remaining',
  'x-rate-limit-remaining',
  'x-ratelimit-requests-remaining',
];

const HOUR_MINUTES = 60;
const minuteOf = (at: Date) => Math.floor(at.getTime() / 60_000);

export function createHealthRecorder(now: () => Date = () => new Date()) {
  const seen = new Map<string, ProviderObservation>();
  const dirty = new Set<string>();

  function entry(provider: string): ProviderObservation {
    let found = seen.get(provider);
    if (!found) {
      found = {
        provider,
        kind: kindOf(provider),
        requests: 0,
        lastSeenAt: null,
        lastErrorAt: null,
        lastError: null,
        lastStatus: null,
        rateLimited: {},
        remaining: null,
        remainingAt: null,
      };
      seen.set(provider, found);
    }
    dirty.add(provider);
    return found;
  }

  function error(state: ProviderObservation, at: Date, message: string, status: number | null) {
    state.lastErrorAt = at;
    state.lastError = message.slice(0, 500);
    state.lastStatus = status;
  }

  function remainingIn(headers: Headers): number | undefined {
    for (const name of REMAINING_HEADERS) {
      const value = headers.get(name);
      // `RateLimit-Remaining` may carry a policy list ("r=5;…"): the first number is the count.
      const figure = value === null ? Number.NaN : Number(/-?\d+(\.\d+)?/.exec(value)?.[0]);
      if (Number.isFinite(figure)) return figure;
    }
    return undefined;
  }

  return {
    /** A provider's HTTP answer: its status, headers, and for an error a short excerpt of its body. */
    answer(provider: string, answer: { status: number; headers: Headers; excerpt?: string }) {
      const at = now();
      const state = entry(provider);
      state.requests++;
      state.lastSeenAt = at;
      const left = remainingIn(answer.headers);
      if (left !== undefined) {
        state.remaining = left;
        state.remainingAt = at;
      }
      if (answer.status >= 200 && answer.status < 400) return;
      const text = answer.excerpt ? `HTTP ${answer.status}: ${answer.excerpt}` : `HTTP ${answer.status}`;
      error(state, at, text, answer.status);
      if (answer.status === 429) {
        const minute = String(minuteOf(at));
        state.rateLimited[minute] = (state.rateLimited[minute] ?? 0) + 1;
      }
    },
    /** A request that got no answer (refused, reset, timed out). */
    failure(provider: string, message: string) {
      const at = now();
      const state = entry(provider);
      state.requests++;
      error(state, at, message, null);
    },
    /** The quota left as the adapter read it from the provider's own answer. */
    quota(provider: string, remaining: number) {
      const state = entry(provider);
      state.remaining = remaining;
      state.remainingAt = now();
    },
    /** The providers whose figures changed since the last call, the last hour's 429s only. */
    takeChanged(): ProviderObservation[] {
      const from = minuteOf(now()) - HOUR_MINUTES;
      const changed = [...dirty].map((provider) => {
        const state = seen.get(provider) as ProviderObservation;
        for (const minute of Object.keys(state.rateLimited))
          if (Number(minute) <= from) delete state.rateLimited[minute];
        return { ...state, rateLimited: { ...state.rateLimited } };
      });
      dirty.clear();
      return changed;
    },
    /** Given back when copying them failed, to be copied with the next ones. */
    putBack(providers: string[]) {
      for (const provider of providers) if (seen.has(provider)) dirty.add(provider);
    },
  };
}

export type HealthRecorder = ReturnType<typeof createHealthRecorder>;

/** This process's recorder: every adapter records into it through the common HTTP path. */
export const providerHealth: HealthRecorder = createHealthRecorder();

/** This process, as the rows of `provider_health` name it. */
export const PROCESS_ID = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/** The 429s of the last hour in minute buckets, as of `at`. */
export function rateLimitedInHour(buckets: Record<string, number>, at: Date): number {
  const from = minuteOf(at) - HOUR_MINUTES;
  return Object.entries(buckets).reduce((sum, [minute, n]) => (Number(minute) > from ? sum + n : sum), 0);
}

/**
 * `fetch` with the answer (or its absence) recorded for the provider: for adapters that read the
 * response themselves (payments). A caller's own abort (the task stopped) is no provider's failure.
 */
export async function observedFetch(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    const response = await fetch(url, init);
    providerHealth.answer(provider, { status: response.status, headers: response.headers });
    return response;
  } catch (error) {
    noteFailure(provider, error);
    throw error;
  }
}

export function noteFailure(provider: string, error: unknown) {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError') return;
  // undici's "fetch failed" says why in its cause (ECONNREFUSED, ENOTFOUND, …).
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const message =
    name === 'TimeoutError'
      ? 'No answer in time'
      : `${error instanceof Error ? error.message : String(error)}${typeof cause === 'string' ? ` (${cause})` : ''}`;
  providerHealth.failure(provider, message);
}
