import type { IndexCheckFailure } from '../index-check/types.ts';

/**
 * Indexing request providers (issue 11, action 3 "add to index"): one interface, one adapter per
 * service. Donor pages go to the paid indexer services (SpeedyIndex, Rapid URL Indexer), which take a
 * list of any URLs; pages on the user's own project domains go to IndexNow and Google's Indexing API,
 * which only take URLs of a site the sender has proven to own (a key file; a Search Console owner).
 *
 * An adapter never throws for what the service did. `submit` takes a list of any length, splits it into
 * the requests its service takes (`maxBatch` URLs each; IndexNow also one host per request; the
 * Indexing API one URL per request) and answers for every page in `urls`: `accepted` when the service
 * took at least one request ("accepted" is not "indexed": only a later index check tells), `unknown`
 * when it took none, with the first failure's reason (each page's own is in `urls`).
 */
export type IndexingAnswer =
  | {
      kind: 'accepted';
      provider: string;
      /** The service's ids of what it created, one per request (SpeedyIndex tasks, Rapid URL Indexer projects). */
      taskIds: string[];
      urls: UrlVerdict[];
    }
  | {
      kind: 'unknown';
      provider: string;
      reason: IndexingFailure;
      retryAfterMs?: number;
      message: string;
      urls: UrlVerdict[];
    };

/**
 * Why a submission was not taken: the index check's kinds (our credentials refused, no funds left, the
 * rate or the daily quota used up: retryAfterMs says when to come back, no answer in time, an answer we
 * cannot read) and one of its own: `refused`, the service read the request and will not take these
 * pages as they are (IndexNow: the project's key file is missing or wrong, or a URL is not on the
 * host; the Indexing API: the service account is not an owner of the site; a URL the service calls
 * invalid). Sending the same pages again will not help until the user fixes their site; `unauthorized`
 * is about our own configuration and fails every page of every project alike.
 */
export type IndexingFailure = IndexCheckFailure | 'refused';

export type UrlVerdict =
  | { url: string; accepted: true }
  | { url: string; accepted: false; reason: IndexingFailure; retryAfterMs?: number; message: string };

export interface IndexNowKey {
  /** The project's key: 8–128 characters of a-z, A-Z, 0-9 and '-' (see `newIndexNowKey`). */
  key: string;
  /**
   * Where the key file is when not at `https://<host>/<key>.txt`: a full URL on the same host; a
   * file in a folder only vouches for URLs under that folder. Sent only with URLs of its own host.
   */
  keyLocation?: string;
}

export interface SubmitOptions {
  signal?: AbortSignal;
  /** The name the service shows in its dashboard (SpeedyIndex task title, Rapid URL Indexer project). */
  title?: string;
  /** IndexNow only, and required there: the project's key. */
  indexNow?: IndexNowKey;
}

export interface Indexer {
  /** A short stable name, stored with the request ("speedyindex", "rapidurlindexer", "indexnow", "google"). */
  readonly name: string;
  /** `donor`: any page (paid services); `own-site`: only pages of a site the user proved to own. */
  readonly kind: 'donor' | 'own-site';
  /** The most URLs one request to the service carries: a portion of that size is one request. */
  readonly maxBatch: number;
  submit(urls: string[], options?: SubmitOptions): Promise<IndexingAnswer>;
}

/** The Indexing API's daily publish quota as this process has counted it (per Google Cloud project). */
export interface DailyQuota {
  limit: number;
  used: number;
  remaining: number;
  /** When the quota is whole again: the next midnight, Pacific Time. */
  resetsAt: Date;
}
