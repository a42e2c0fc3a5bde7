import PQueue from 'p-queue';
import { noteFailure, providerHealth } from '../health.ts';
import type { IndexCheckAnswer, IndexChecker, IndexCheckFailure } from './types.ts';

/** How hard an adapter may press its service: requests started per second, requests open at once. */
export interface ProviderLimits {
  ratePerSecond: number;
  concurrency: number;
  /** How long one request may take before its answer is `unknown: timeout`. */
  timeoutMs: number;
}

/** One query to the service, already inside the pace; answers, never throws for what the service did. */
export type Ask = (url: string, signal: AbortSignal) => Promise<IndexCheckAnswer>;

/** A 429 without Retry-After still pauses the adapter this long before its next request. */
const DEFAULT_BACKOFF_MS = 1_000;

/**
 * One service's pace, shared by every request to it: requests start at `ratePerSecond`, spread over
 * each second (p-queue's sliding window, so no second ever holds more than the service's limit) with
 * at most `concurrency` open; an answer that says the service limits the rate pauses every further
 * start for its Retry-After. The timeout counts from the request's start, not from its wait in the
 * queue. A caller's abort (the task stopped) rejects with the signal's reason: that is not the
 * provider's answer.
 */
export interface Pace {
  run<T>(ask: (signal: AbortSignal) => Promise<T>, handling: PaceHandling<T>): Promise<T>;
}

export interface PaceHandling<T> {
  /** The answer for a request that threw: no answer in time, or none that could be read. */
  fail(reason: 'timeout' | 'bad-answer', message: string): T;
  /** Whether an answer says the service limits the rate, and for how long (undefined: 1 s). */
  rateLimited(answer: T): { retryAfterMs?: number } | undefined;
  signal?: AbortSignal;
}

export function createPace(limits: ProviderLimits): Pace {
  // Starts are let through in slices of a tenth of a second (5 per 100 ms at 50/s), never more in any
  // sliding slice: one timer per request loses ~10% of the rate to timer lateness on a busy machine.
  const intervalCap = Math.max(1, Math.round(limits.ratePerSecond / 10));
  const queue = new PQueue({
    concurrency: limits.concurrency,
    intervalCap,
    interval: (intervalCap * 1000) / limits.ratePerSecond,
    strict: true,
  });
  let resume: NodeJS.Timeout | undefined;
  let resumeAt = 0;

  function backOff(ms: number) {
    const until = Date.now() + ms;
    if (until <= resumeAt) return;
    resumeAt = until;
    queue.pause();
    clearTimeout(resume);
    resume = setTimeout(() => queue.start(), ms);
    resume.unref();
  }

  return {
    run(ask, handling) {
      const caller = handling.signal;
      return queue.add(
        async () => {
          const timeout = AbortSignal.timeout(limits.timeoutMs);
          const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
          const answer = await ask(signal).catch((error: unknown) => {
            if (caller?.aborted) throw caller.reason;
            if (timeout.aborted) return handling.fail('timeout', `No answer within ${limits.timeoutMs} ms`);
            return handling.fail('bad-answer', error instanceof Error ? error.message : String(error));
          });
          const limited = handling.rateLimited(answer);
          if (limited) backOff(limited.retryAfterMs ?? DEFAULT_BACKOFF_MS);
          return answer;
        },
        { signal: caller },
      );
    },
  };
}

/** An index checker asking its service through a pace of its own (see `createPace`). */
export function pacedChecker(name: string, limits: ProviderLimits, ask: Ask): IndexChecker {
  const pace = createPace(limits);
  return {
    name,
    check(url, options = {}) {
      return pace.run((signal) => ask(url, signal), {
        signal: options.signal,
        fail: (reason, message) => unknown(name, reason, message),
        rateLimited: (answer) =>
          answer.kind === 'unknown' && answer.reason === 'rate-limited' ? answer : undefined,
      });
    },
  };
}

export function unknown(
  provider: string,
  reason: IndexCheckFailure,
  message: string,
  retryAfterMs?: number,
): IndexCheckAnswer {
  return retryAfterMs === undefined
    ? { kind: 'unknown', provider, reason, message }
    : { kind: 'unknown', provider, reason, message, retryAfterMs };
}

/** The common meaning of an HTTP status; undefined for a success, whose body decides. */
export function failureOfStatus(status: number): IndexCheckFailure | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 402) return 'no-funds';
  if (status === 429) return 'rate-limited';
  return 'bad-answer';
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Every HTTP-date form starts with the day's name; Date.parse alone would take '1.5' for a date.
  // HTTP dates are GMT, asctime's form without saying so.
  const date = /^[A-Za-z]{3}/.test(value)
    ? Date.parse(/GMT$/.test(value) ? value : `${value} GMT`)
    : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The service's answer read whole: its status, headers and JSON body (undefined when it is not JSON). */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

/**
 * The adapters' common HTTP path: every answer (and every request left without one) is recorded for
 * the provider named, for the console's provider health (see ../health.ts).
 */
export async function fetchJson(url: string, init: RequestInit, provider: string): Promise<HttpAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, init);
    text = await response.text();
  } catch (error) {
    noteFailure(provider, error);
    throw error;
  }
  providerHealth.answer(provider, {
    status: response.status,
    headers: response.headers,
    excerpt: response.ok ? undefined : excerpt(text),
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The query that finds one exact page: Google documents `site:` with a full URL for this use. */
export function siteQuery(url: string): string {
  return `site:${url.trim()}`;
}

/** A short excerpt of an unreadable body for the answer's message. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
