import type { IndexCheckFailure } from '../index-check/types.ts';

/**
 * Backlink data services (issue 13, action 10 "load to crawlers"): an adapter pulls a target's live
 * backlinks page by page, in our field names, and says what the pull costs in the service's own
 * units before and while it runs. One adapter today: Ahrefs API v3 (ahrefs.ts).
 */
export interface BacklinkRow {
  /** The referring page. */
  urlFrom: string;
  /** The page of ours it links to. */
  urlTo: string | null;
  anchor: string | null;
  /** rel nofollow/ugc/sponsored on the link or the page; null when the service does not say. */
  nofollow: boolean | null;
  /** When the service first found the link on that page (ISO date-time), null if it does not say. */
  firstSeen: string | null;
  /** When the service last saw the link live. */
  lastVisited: string | null;
}

/** What one request cost, as the service reported it (Ahrefs: its x-api-* headers). */
export interface UnitsSpent {
  rows: number;
  /** What the service says the request costs, before its cache. */
  costTotal: number;
  /** What it actually took from the account (0 when served from its cache). */
  costActual: number;
}

export interface BacklinkPage {
  rows: BacklinkRow[];
  units: UnitsSpent;
}

/** What a pull of a target would take, asked before it starts (the price preview). */
export interface PullEstimate {
  /** Live backlinks the service counts for the target (an upper bound of the rows pulled). */
  backlinks: number;
  /** Rows the pull would fetch: the backlinks, at most the configured maximum. */
  rows: number;
  /** Requests the pull would make. */
  requests: number;
  /** The service's units the pull would consume (its documented formula). */
  units: number;
  /** Units the estimate itself took (the count request). */
  estimateUnits: number;
  /** Units left on the key this month, null when unlimited or not said. */
  unitsLeft: number | null;
  /** More backlinks than the configured maximum: the pull would refuse them (see maxRows). */
  tooMany: boolean;
}

export type BacklinkFailure = IndexCheckFailure | 'too-many';

/** A pull that could not finish: nothing of it is imported. */
export class BacklinkPullError extends Error {
  constructor(
    readonly reason: BacklinkFailure,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'BacklinkPullError';
  }

  /** Failures that may pass by themselves: the pull is worth another try later. */
  get transient(): boolean {
    return this.reason === 'rate-limited' || this.reason === 'timeout' || this.reason === 'bad-answer';
  }
}

export interface BacklinkSource {
  name: string;
  /** The most rows one pull takes; a target with more is refused (`too-many`), not cut short. */
  maxRows: number;
  /** The pull's estimate for a target (a domain, `example.com`). Throws BacklinkPullError. */
  estimate(target: string, options?: { signal?: AbortSignal }): Promise<PullEstimate>;
  /**
   * The target's live backlinks, page after page, until the service has no more. Throws
   * BacklinkPullError when a page cannot be had after its retries, or past `maxRows`.
   */
  backlinks(target: string, options?: { signal?: AbortSignal }): AsyncGenerator<BacklinkPage>;
}
