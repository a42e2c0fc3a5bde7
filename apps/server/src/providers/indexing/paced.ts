import { createPace, type ProviderLimits } from '../index-check/paced.ts';
import type { Indexer, IndexingAnswer, IndexingFailure, SubmitOptions, UrlVerdict } from './types.ts';

/** What one request to the service answered for the pages it carried. */
export type PortionAnswer =
  | { kind: 'accepted'; taskId?: string }
  | { kind: 'unknown'; reason: IndexingFailure; retryAfterMs?: number; message: string };

export interface IndexerSpec {
  name: string;
  kind: Indexer['kind'];
  maxBatch: number;
  limits: ProviderLimits;
  /** The requests a list becomes, in order; by default `maxBatch` URLs each. */
  portions?(urls: string[]): string[][];
  /** An answer given without asking the service (a quota known to be used up, a URL that is none). */
  before?(portion: string[]): PortionAnswer | undefined;
  /** One request to the service for one portion, already inside the pace; never throws for what it did. */
  send(portion: string[], options: SubmitOptions, signal: AbortSignal): Promise<PortionAnswer>;
  /** Told every answer that came from the service (a quota counts them). */
  after?(portion: string[], answer: PortionAnswer): void;
  /** Told of a request the caller gave up (aborted) before it had an answer, sent or still queued. */
  abandoned?(portion: string[]): void;
  /**
   * Whether an answer should pause every further request, and how long (undefined: 1 s). By default
   * every rate-limited answer does; a daily quota should not hold the queue until midnight.
   */
  pauses?(answer: PortionAnswer): { retryAfterMs?: number } | undefined;
}

/**
 * An indexer whose requests go through one pace (the index check's `createPace`: rate, open requests,
 * a 429's back-off, the timeout, the caller's abort). `submit` takes a list of any length, splits it
 * into the requests the service takes, sends them all, and answers for each page: `accepted` when the
 * service took at least one request, else `unknown` with the first failure's reason.
 * The caller's abort rejects `submit` with its reason, even when some requests were already taken.
 */
export function pacedIndexer(spec: IndexerSpec): Indexer {
  const pace = createPace(spec.limits);
  const pauses =
    spec.pauses ??
    ((answer) => (answer.kind === 'unknown' && answer.reason === 'rate-limited' ? answer : undefined));

  function ask(portion: string[], options: SubmitOptions): Promise<PortionAnswer> {
    const early = spec.before?.(portion);
    if (early) return Promise.resolve(early);
    return pace
      .run(
        async (signal) => {
          const answer = await spec.send(portion, options, signal);
          spec.after?.(portion, answer);
          return answer;
        },
        {
          signal: options.signal,
          fail: (reason, message): PortionAnswer => ({ kind: 'unknown', reason, message }),
          rateLimited: pauses,
        },
      )
      .catch((error: unknown) => {
        spec.abandoned?.(portion);
        throw error;
      });
  }

  return {
    name: spec.name,
    kind: spec.kind,
    maxBatch: spec.maxBatch,
    async submit(urls, options = {}) {
      const portions = (spec.portions ?? ((list) => chunks(list, spec.maxBatch)))(urls);
      const answers = await Promise.all(portions.map((portion) => ask(portion, options)));
      return combine(spec.name, portions, answers);
    },
  };
}

/** A request the service did not take, and why. */
export function notTaken(reason: IndexingFailure, message: string, retryAfterMs?: number): PortionAnswer {
  return retryAfterMs === undefined
    ? { kind: 'unknown', reason, message }
    : { kind: 'unknown', reason, message, retryAfterMs };
}

export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function combine(provider: string, portions: string[][], answers: PortionAnswer[]): IndexingAnswer {
  const urls: UrlVerdict[] = [];
  const taskIds: string[] = [];
  let failure: Extract<PortionAnswer, { kind: 'unknown' }> | undefined;
  portions.forEach((portion, i) => {
    const answer = answers[i];
    if (answer.kind === 'accepted') {
      if (answer.taskId) taskIds.push(answer.taskId);
      for (const url of portion) urls.push({ url, accepted: true });
      return;
    }
    failure ??= answer;
    const { reason, message, retryAfterMs } = answer;
    for (const url of portion) {
      urls.push(
        retryAfterMs === undefined
          ? { url, accepted: false, reason, message }
          : { url, accepted: false, reason, message, retryAfterMs },
      );
    }
  });
  if (!failure || answers.some((answer) => answer.kind === 'accepted')) {
    return { kind: 'accepted', provider, taskIds, urls };
  }
  const { reason, message, retryAfterMs } = failure;
  return retryAfterMs === undefined
    ? { kind: 'unknown', provider, reason, message, urls }
    : { kind: 'unknown', provider, reason, message, retryAfterMs, urls };
}
