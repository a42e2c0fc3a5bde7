import { type ParsedOutcome, parseDonorUrl, presentResult, unfetchedResult } from './check-result.ts';
import {
  type CheckerOptions,
  type ResolvedCheckerOptions,
  resolveCheckerOptions,
} from './checker-options.ts';
import {
  type FetchedFile,
  type FetchFileOptions,
  fetchFile,
  type PostFileOptions,
  postFile,
} from './fetch/fetch-file.ts';
import { type FetchedPage, fetchPage } from './fetch/fetch-page.ts';
import { HttpClient } from './fetch/http-client.ts';
import { startDeadline } from './limits/deadline.ts';
import { HostLimiter } from './limits/host-limiter.ts';
import { Semaphore } from './limits/semaphore.ts';
import { type ParseJob, ParseJobRunner } from './parse/parse-job.ts';
import { ParsePool } from './parse/parse-pool.ts';
import { looksClientRendered } from './render/client-rendered.ts';
import { renderReasonOf, withRendering } from './render/render-check.ts';
import { fetchRobotsTxt } from './robots/fetch-robots.ts';
import { RobotsCache } from './robots/robots-cache.ts';
import { type RobotsVerdict, robotsVerdictOf } from './robots/robots-verdict.ts';
import type { AcceptorSet, CheckRequest, CheckResult, RenderMode } from './types.ts';

export interface CheckOptions {
  /** robots.txt cache shared by the checks of one task; a fresh one per check when omitted. */
  robots?: RobotsCache;
  /** Cancels the check: it then rejects with the signal's reason instead of returning a result. */
  signal?: AbortSignal;
  /**
   * Load the page again in the browser: 'missing' when the HTML lacks the link or is a
   * client-rendering shell, 'always', or 'never' (the default). Needs CheckerOptions.renderer.
   */
  render?: RenderMode;
}

export interface Checker {
  /** Never rejects for network trouble (that is in the result); only for cancellation or after close(). */
  check(request: CheckRequest, options?: CheckOptions): Promise<CheckResult>;
  /** One small file from a user's site through the same SSRF guard and host limits (see fetch-file.ts). */
  fetchFile(url: URL, options: FetchFileOptions): Promise<FetchedFile>;
  /** One POST to a user's endpoint (a webhook delivery) through the same guard and limits. */
  postFile(url: URL, options: PostFileOptions): Promise<FetchedFile>;
  /** Starts the parse threads now rather than on the first page (a task worker's start). */
  warmUp(): void;
  /** Closes connections and parse workers; checks still running fail. */
  close(): Promise<void>;
}

const IN_PROGRESS_PER_FETCH = 4;

export function createChecker(options: CheckerOptions = {}): Checker {
  return new BacklinkChecker(resolveCheckerOptions(options));
}

class BacklinkChecker implements Checker {
  readonly #options: ResolvedCheckerOptions;
  readonly #client: HttpClient;
  readonly #hosts: HostLimiter;
  /** Pages being fetched: `concurrency` (taken after the host's slot, so a busy host holds none). */
  readonly #fetching: Semaphore;
  /**
   * Checks begun and not done: IN_PROGRESS_PER_FETCH times `concurrency`, so the wire stays busy while
   * some checks wait for a busy host (another worker may hold its slots) or for a parse thread, and
   * pages fetched but not parsed yet stay bounded.
   */
  readonly #inProgress: Semaphore;
  readonly #pool: ParsePool | null;
  readonly #inlineParser = new ParseJobRunner();
  readonly #acceptorIds = new WeakMap<AcceptorSet, number>();
  #nextAcceptorId = 1;
  #closing: Promise<void> | null = null;

  constructor(options: ResolvedCheckerOptions) {
    this.#options = options;
    this.#client = new HttpClient(options);
    this.#hosts = new HostLimiter({
      perHost: options.perHost,
      delayMs: options.hostDelayMs,
      shared: options.sharedHostSlots,
    });
    this.#fetching = new Semaphore(options.concurrency);
    this.#inProgress = new Semaphore(options.concurrency * IN_PROGRESS_PER_FETCH);
    this.#pool = options.parseThreads > 0 ? new ParsePool({ size: options.parseThreads }) : null;
  }

  async check(
    request: CheckRequest,
    { robots = new RobotsCache(), signal, render = 'never' }: CheckOptions = {},
  ): Promise<CheckResult> {
    if (this.#closing) throw new Error('checker is closed');
    const donorUrl = parseDonorUrl(request.url);
    if (!(donorUrl instanceof URL)) return unfetchedResult(request.url, donorUrl);
    const release = await this.#inProgress.acquire(signal);
    try {
      return await this.#checkDonor({ request, donorUrl, robots, signal, render });
    } finally {
      release();
    }
  }

  fetchFile(url: URL, options: FetchFileOptions): Promise<FetchedFile> {
    if (this.#closing) throw new Error('checker is closed');
    return fetchFile({ client: this.#client, hosts: this.#hosts }, url, options);
  }

  postFile(url: URL, options: PostFileOptions): Promise<FetchedFile> {
    if (this.#closing) throw new Error('checker is closed');
    return postFile({ client: this.#client, hosts: this.#hosts }, url, options);
  }

  warmUp(): void {
    this.#pool?.warmUp();
  }

  close(): Promise<void> {
    this.#closing ??= Promise.all([this.#client.close(), this.#pool?.close()]).then(() => undefined);
    return this.#closing;
  }

  async #checkDonor({
    request,
    donorUrl,
    robots,
    signal,
    render,
  }: {
    request: CheckRequest;
    donorUrl: URL;
    robots: RobotsCache;
    signal?: AbortSignal;
    render: RenderMode;
  }): Promise<CheckResult> {
    // Started first so robots.txt downloads while the page does; the verdict awaits it later.
    void this.#robotsTxtFor(donorUrl, robots);
    const fetchStarted = performance.now();
    const deadline = startDeadline(this.#options.timeoutMs, signal);
    const fetched = await fetchPage(donorUrl, {
      client: this.#client,
      hosts: this.#hosts,
      maxRedirects: this.#options.maxRedirects,
      maxBytes: this.#options.maxBytes,
      fetching: this.#fetching,
      deadline: deadline.signal,
      signal,
    }).finally(deadline.dispose);
    const fetchMs = Math.round(performance.now() - fetchStarted);
    const bytes = fetched.final?.bytes.byteLength ?? 0;
    const renderer = render === 'never' ? undefined : this.#options.renderer;
    // Read before parsing: a parse in a worker thread takes the page's bytes with it (transferred).
    const clientRendered = renderer && fetched.final ? looksClientRendered(fetched.final.bytes) : false;
    const parsed = await this.#parseFinal(fetched, request.acceptors);
    const robotsVerdict = await this.#robotsVerdictFor(fetched, donorUrl, robots);
    const result = presentResult({ request, donorUrl, fetched, parsed, robotsVerdict, fetchMs, bytes });
    if (!renderer) return result;
    const reason = renderReasonOf(render, result, clientRendered);
    if (reason === null) return result;
    return withRendering({
      result,
      reason,
      renderer,
      acceptors: request.acceptors,
      robotsVerdict,
      xRobotsTags: fetched.final?.xRobotsTags ?? [],
      signal,
    });
  }

  async #parseFinal(fetched: FetchedPage, acceptors: AcceptorSet): Promise<ParsedOutcome | null> {
    const final = fetched.final;
    if (!final || final.bytes.byteLength === 0) return null;
    const job: ParseJob = {
      bytes: final.bytes,
      baseUrl: fetched.finalUrl.href,
      contentType: final.contentType,
      acceptors,
      acceptorsId: this.#acceptorIdOf(acceptors),
    };
    try {
      const page = this.#pool ? await this.#pool.parse(job) : this.#inlineParser.run(job);
      return { page, error: null };
    } catch (error) {
      return {
        page: null,
        error: { code: 'parse_error', message: error instanceof Error ? error.message : String(error) },
      };
    }
  }

  /** Every origin the chain went through must let crawlers in. */
  async #robotsVerdictFor(fetched: FetchedPage, donorUrl: URL, robots: RobotsCache): Promise<RobotsVerdict> {
    const urls = fetched.chain.length > 0 ? fetched.chain.map((hop) => new URL(hop.url)) : [donorUrl];
    const checks = await Promise.all(
      urls.map(async (url) => ({ url: url.href, robots: await this.#robotsTxtFor(url, robots) })),
    );
    return robotsVerdictOf(checks);
  }

  #robotsTxtFor(url: URL, robots: RobotsCache) {
    return robots.get(url.origin, () =>
      fetchRobotsTxt({
        origin: url.origin,
        client: this.#client,
        hosts: this.#hosts,
        timeoutMs: this.#options.timeoutMs,
      }),
    );
  }

  /** Worker threads cache compiled matchers by this id; one AcceptorSet object keeps one id. */
  #acceptorIdOf(acceptors: AcceptorSet): number {
    let id = this.#acceptorIds.get(acceptors);
    if (id === undefined) {
      id = this.#nextAcceptorId++;
      this.#acceptorIds.set(acceptors, id);
    }
    return id;
  }
}
