import { createPace, type Pace, type ProviderLimits } from '../index-check/paced.ts';
import type { AuthorityFailure, Looked } from './types.ts';

export type Unknown = Extract<Looked<unknown>, { kind: 'unknown' }>;

export function unknown(reason: AuthorityFailure, message: string, retryAfterMs?: number): Unknown {
  return retryAfterMs === undefined
    ? { kind: 'unknown', reason, message }
    : { kind: 'unknown', reason, message, retryAfterMs };
}

export function found<F>(figures: F): Looked<F> {
  return { kind: 'figures', figures };
}

/**
 * One request to a service inside its pace (index-check's `createPace`: rate, open requests, the
 * back-off after a rate-limited answer, the timeout); whatever goes wrong is an `unknown`.
 */
export type Requester = <R>(
  ask: (signal: AbortSignal) => Promise<Looked<R>>,
  signal?: AbortSignal,
) => Promise<Looked<R>>;

export function pacedRequester(limits: ProviderLimits): Requester {
  const pace: Pace = createPace(limits);
  return (ask, signal) =>
    pace.run(ask, {
      signal,
      fail: (reason, message) => unknown(reason, message),
      rateLimited: (answer) =>
        answer.kind === 'unknown' && answer.reason === 'rate-limited' ? answer : undefined,
    });
}

/** The asked targets without repeats (surrounding space aside) and empty ones, in their first order. */
export function distinct(targets: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const target of targets ?? []) {
    const key = target.trim();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(target);
  }
  return out;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Asks a service for `targets` in batches of `size` (all batches queued at once: the pace spreads
 * them) and gives one entry per target: its own answer, or its batch's failure.
 */
export async function inBatches<F>(
  targets: readonly string[],
  size: number,
  ask: (batch: string[]) => Promise<Looked<Looked<F>[]>>,
): Promise<Map<string, Looked<F>>> {
  const entries = new Map<string, Looked<F>>();
  await Promise.all(
    chunk(targets, size).map(async (batch) => {
      const answer = await ask(batch);
      batch.forEach((target, i) => {
        entries.set(target, answer.kind === 'unknown' ? answer : (answer.figures[i] ?? missing(target)));
      });
    }),
  );
  // In the asked order, whatever order the batches came back in.
  return new Map(targets.map((target) => [target, entries.get(target) ?? missing(target)]));
}

function missing(target: string): Unknown {
  return unknown('bad-answer', `The answer has no entry for ${target}`);
}

/** A count or score as services write it: a number, or digits in a string; anything else is null. */
export function figure(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}
