import { RobotsRules } from './robots-rules.ts';

/**
 * What a site's robots.txt says, in the three outcomes RFC 9309 distinguishes:
 * - rules: a 2xx answer, parsed;
 * - allow-all: 4xx ("no robots.txt"), every URL may be crawled;
 * - unreachable: 5xx or no answer; crawlers must assume everything is disallowed for now.
 */
export type RobotsTxt =
  | { kind: 'rules'; rules: RobotsRules }
  | { kind: 'allow-all' }
  | { kind: 'unreachable'; reason: string };

/**
 * robots.txt per origin for one check run (one task): each origin's file is fetched once, even
 * when many checks ask for it at the same moment, because the in-flight promise is shared.
 * Create one per task so a long-running server never serves a stale robots.txt.
 */
export class RobotsCache {
  readonly #byOrigin = new Map<string, Promise<RobotsTxt>>();

  /** Returns the cached answer for `origin`, calling `load` only the first time. */
  get(origin: string, load: () => Promise<RobotsTxt>): Promise<RobotsTxt> {
    let entry = this.#byOrigin.get(origin);
    if (!entry) {
      entry = load();
      this.#byOrigin.set(origin, entry);
    }
    return entry;
  }

  get size(): number {
    return this.#byOrigin.size;
  }
}

/** A 2xx robots.txt body, read as Google's parser reads it (bytes; a string is taken as UTF-8). */
export function robotsTxtFromBody(body: Uint8Array | string): RobotsTxt {
  return { kind: 'rules', rules: RobotsRules.parse(body) };
}
