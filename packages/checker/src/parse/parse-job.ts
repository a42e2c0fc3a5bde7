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

/**
 * A job as sent to a parse worker: each worker is sent an acceptor set once (a tier 2 set holds
 * every tier 1 donor URL of a project, too big to copy for every page) and told when to forget one.
 */
export interface ParseMessage extends Omit<ParseJob, 'acceptors'> {
  id: number;
  /** Present the first time this worker sees `acceptorsId`. */
  acceptors?: AcceptorSet;
  /** Acceptor set ids the worker may drop. */
  forget: number[];
}

export type ParseReply =
  | { id: number; ok: true; page: ParsedDonorPage }
  | { id: number; ok: false; message: string };

/** How many acceptor sets a parse worker keeps compiled (a task reuses one set). */
export const MATCHER_CACHE_SIZE = 32;

/**
 * Runs parse jobs with compiled acceptor matchers cached by id. Inline, the cache keeps the last
 * MATCHER_CACHE_SIZE sets; in a worker, the pool decides what is forgotten (see ParseMessage).
 */
export class ParseJobRunner {
  readonly #matchers = new Map<number, AcceptorMatcher>();

  run(job: ParseJob): ParsedDonorPage {
    if (!this.#matchers.has(job.acceptorsId)) {
      if (this.#matchers.size >= MATCHER_CACHE_SIZE) this.#forget([this.#matchers.keys().next().value]);
      this.#matchers.set(job.acceptorsId, compileAcceptors(job.acceptors));
    }
    return this.#parse(job, this.#matchers.get(job.acceptorsId) as AcceptorMatcher);
  }

  runMessage(message: ParseMessage): ParsedDonorPage {
    this.#forget(message.forget);
    if (message.acceptors) this.#matchers.set(message.acceptorsId, compileAcceptors(message.acceptors));
    const matcher = this.#matchers.get(message.acceptorsId);
    if (!matcher) throw new Error(`acceptor set ${message.acceptorsId} was never sent to this worker`);
    return this.#parse(message, matcher);
  }

  #parse(job: Omit<ParseJob, 'acceptors'>, acceptors: AcceptorMatcher): ParsedDonorPage {
    return parseDonorHtml(job.bytes, { baseUrl: job.baseUrl, contentType: job.contentType, acceptors });
  }

  #forget(ids: Array<number | undefined>): void {
    for (const id of ids) if (id !== undefined) this.#matchers.delete(id);
  }
}
