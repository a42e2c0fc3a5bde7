/**
 * Index check providers (issue 11, action 1): one interface, one adapter per SERP service. An adapter
 * asks its service for the page's exact URL and says whether a result is that page; it never guesses:
 * anything but a clean answer is an `unknown`, which leaves the link Unverified.
 */
export type IndexCheckAnswer =
  | { kind: 'indexed'; provider: string }
  | { kind: 'not-indexed'; provider: string }
  | { kind: 'unknown'; provider: string; reason: IndexCheckFailure; retryAfterMs?: number; message: string };

/**
 * Why a query gave no verdict: the key is refused, the account has no funds left, the service limits
 * the rate (retryAfterMs says when to come back), it did not answer in time, or it answered something
 * we cannot read (an error status or a malformed body).
 */
export type IndexCheckFailure = 'unauthorized' | 'no-funds' | 'rate-limited' | 'timeout' | 'bad-answer';

/** Failures that may pass by themselves (worth a retry); a refused key or an empty account will not. */
export function isTransientFailure(reason: IndexCheckFailure): boolean {
  return reason === 'rate-limited' || reason === 'timeout';
}

export interface IndexChecker {
  /** A short stable name, stored with each index-history entry ("serper", "serpapi", "dataforseo"). */
  readonly name: string;
  check(url: string, options?: { signal?: AbortSignal }): Promise<IndexCheckAnswer>;
}
