import { IndexState } from '@linkwatch/shared';
import {
  type IndexCheckAnswer,
  type IndexChecker,
  isTransientFailure,
} from '../../../providers/index-check/types.ts';

/**
 * What the providers said about one page, as the task acts on it. "Indexed" needs one clean answer;
 * "not indexed" needs two that agree (a second provider, or the same one asked again later), so a
 * SERP that missed the page once does not mark it lost. No clean answer leaves the link as it was.
 */
export type Verdict =
  | { kind: 'state'; state: typeof IndexState.Indexed | typeof IndexState.NotIndexed; provider: string }
  | { kind: 'confirm-later'; provider: string }
  | { kind: 'no-answer'; transient: boolean; retryAfterMs?: number; message: string };

/** Stored on the item between its two tries: its first query said "not indexed". */
export const NOT_INDEXED_ONCE = 'not indexed once: asking again to confirm';

export async function decideIndexState(
  adapters: readonly IndexChecker[],
  url: string,
  params: { notIndexedBefore: boolean },
): Promise<Verdict> {
  const notIndexedBy: string[] = [];
  const failures: Extract<IndexCheckAnswer, { kind: 'unknown' }>[] = [];
  for (const adapter of adapters) {
    const answer = await adapter.check(url);
    if (answer.kind === 'indexed')
      return { kind: 'state', state: IndexState.Indexed, provider: answer.provider };
    if (answer.kind === 'unknown') {
      failures.push(answer);
      continue;
    }
    notIndexedBy.push(answer.provider);
    if (notIndexedBy.length === 2 || params.notIndexedBefore) {
      return { kind: 'state', state: IndexState.NotIndexed, provider: notIndexedBy.join('+') };
    }
  }
  if (notIndexedBy.length === 1) return { kind: 'confirm-later', provider: notIndexedBy[0] };
  return noAnswer(failures);
}

function noAnswer(failures: Extract<IndexCheckAnswer, { kind: 'unknown' }>[]): Verdict {
  const transient = failures.length > 0 && failures.some((f) => isTransientFailure(f.reason));
  const waits = failures.map((f) => f.retryAfterMs ?? 0);
  return {
    kind: 'no-answer',
    transient,
    retryAfterMs: waits.length > 0 ? Math.max(...waits) : undefined,
    message:
      failures.map((f) => `${f.provider}: ${f.message}`).join('; ') || 'no index check provider answered',
  };
}
