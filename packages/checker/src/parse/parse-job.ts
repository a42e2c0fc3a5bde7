import { type AcceptorMatcher, compileAcceptors } from '../acceptors/acceptor-matcher.ts';
import { type ParsedDonorPage, parseDonorHtml } from '../html/parse-donor-html.ts';
import type { AcceptorSet } from '../types.ts';

/** What crosses the thread boundary: raw bytes (transferred, not copied) and plain data. */
export interface ParseJob {
  bytes: Uint8Array;
  baseUrl: string;
  contentType: string | null;
  acceptors: AcceptorSet;
  /** Same id = same acceptor set, so a compiled matcher can be reused across pages of a task. */
  acceptorsId: number;
}

export type ParseReply =
  | { id: number; ok: true; page: ParsedDonorPage }
  | { id: number; ok: false; message: string };

const MATCHER_CACHE_SIZE = 32;

/** Runs parse jobs, keeping the last few compiled acceptor matchers (a task reuses one set). */
export class ParseJobRunner {
  readonly #matchers = new Map<number, AcceptorMatcher>();

  run(job: ParseJob): ParsedDonorPage {
    return parseDonorHtml(job.bytes, {
      baseUrl: job.baseUrl,
      contentType: job.contentType,
      acceptors: this.#matcherFor(job),
    });
  }

  #matcherFor({ acceptors, acceptorsId }: ParseJob): AcceptorMatcher {
    const cached = this.#matchers.get(acceptorsId);
    if (cached) return cached;
    const matcher = compileAcceptors(acceptors);
    if (this.#matchers.size >= MATCHER_CACHE_SIZE) {
      const oldest = this.#matchers.keys().next().value;
      if (oldest !== undefined) this.#matchers.delete(oldest);
    }
    this.#matchers.set(acceptorsId, matcher);
    return matcher;
  }
}
