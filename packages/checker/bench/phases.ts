import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LinkChecker } from 'linkinator';
import { Agent } from 'undici';
import { fetchPage } from '../src/fetch/fetch-page.ts';
import { HttpClient } from '../src/fetch/http-client.ts';
import {
  CHECKER_DEFAULTS,
  type CheckResult,
  compileAcceptors,
  createChecker,
  DEFAULT_USER_AGENT,
  parseDonorHtml,
  RobotsCache,
} from '../src/index.ts';
import { HostLimiter } from '../src/limits/host-limiter.ts';
import { Semaphore } from '../src/limits/semaphore.ts';
import {
  BENCH_ACCEPTORS,
  type BenchBody,
  type BenchTruth,
  backlinkLine,
  bodyPoolSize,
  generateBody,
} from './generate.ts';

export type PhaseName = 'parse' | 'fetch' | 'bare' | 'linkinator' | 'checker';

export interface PhaseRequest {
  phase: PhaseName;
  urls: string[];
  truth: BenchTruth[];
}

export interface PhaseReport {
  phase: PhaseName;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  peakRssMb: number;
  /** CPU time of the measuring process (all its threads) over wall time: 1.0 = one core busy. */
  cores: number;
  /** Pages whose result matched the ground truth (checker phase only). */
  verified?: number;
  mismatches?: string[];
  /** Pages that got an HTTP answer (fetch and linkinator phases). */
  answered?: number;
  /** Set when the phase crashed instead of finishing. */
  failure?: string;
}

export async function runPhase(request: PhaseRequest): Promise<PhaseReport> {
  switch (request.phase) {
    case 'parse':
      return parseOnly(request.urls.length);
    case 'fetch':
      return fetchOnly(request.urls);
    case 'bare':
      return bareFetchAndParse(request.urls);
    case 'linkinator':
      return linkinator(request.urls);
    case 'checker':
      return checkerPhase(request.urls, request.truth);
  }
}

interface Clock {
  wall: number;
  cpu: NodeJS.CpuUsage;
}

function startClock(): Clock {
  return { wall: performance.now(), cpu: process.cpuUsage() };
}

function report(phase: PhaseName, pages: number, clock: Clock, extra: Partial<PhaseReport>): PhaseReport {
  const seconds = (performance.now() - clock.wall) / 1000;
  const cpu = process.cpuUsage(clock.cpu);
  return {
    phase,
    pages,
    seconds: round(seconds),
    pagesPerSecond: Math.round(pages / seconds),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cores: round((cpu.user + cpu.system) / 1e6 / seconds),
    ...extra,
  };
}

/**
 * Runs `work` for every index below `count`, `lanes` at a time, as a caller working through a
 * queue would (instead of a promise per page up front, whose memory would grow with the run).
 */
async function inLanes(count: number, lanes: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The CPU ceiling: parseDonorHtml on one thread over the same bodies, no network at all. */
function parseOnly(pages: number): PhaseReport {
  const bodies = Array.from({ length: bodyPoolSize(pages) }, (_, index) => generateBody(index));
  const acceptors = compileAcceptors(BENCH_ACCEPTORS);
  const parse = (body: BenchBody) =>
    parseDonorHtml(body.html, { baseUrl: 'http://127.0.0.1/p/0', contentType: 'text/html', acceptors });
  // Warm up first, as the checker phase does: the figure is the steady state.
  for (const body of bodies.slice(0, 200)) parse(body);
  const clock = startClock();
  let verified = 0;
  for (let index = 0; index < pages; index++) {
    const body = bodies[index % bodies.length];
    const page = parse(body);
    if (page.backlinks.map(backlinkLine).join('\n') === body.backlinks.join('\n')) verified++;
  }
  return report('parse', pages, clock, { verified });
}

/** (a) The checker's own HTTP client, limits and redirect handling, with no parsing or robots.txt. */
async function fetchOnly(urls: string[]): Promise<PhaseReport> {
  const client = new HttpClient({
    userAgent: DEFAULT_USER_AGENT,
    connectTimeoutMs: CHECKER_DEFAULTS.connectTimeoutMs,
    timeoutMs: CHECKER_DEFAULTS.timeoutMs,
    allowPrivateNetworks: true,
    allowOrigins: [],
  });
  const hosts = new HostLimiter({ perHost: CHECKER_DEFAULTS.perHost, delayMs: 0 });
  const clock = startClock();
  let answered = 0;
  await inLanes(urls.length, CHECKER_DEFAULTS.concurrency, async (index) => {
    const fetched = await fetchPage(new URL(urls[index]), {
      client,
      hosts,
      maxRedirects: CHECKER_DEFAULTS.maxRedirects,
      maxBytes: CHECKER_DEFAULTS.maxBytes,
      deadline: AbortSignal.timeout(CHECKER_DEFAULTS.timeoutMs),
    });
    if (fetched.final) answered++;
  });
  const result = report('fetch', urls.length, clock, { answered });
  await client.close();
  return result;
}

/**
 * The machine's yardstick: a bare loop of undici requests with htmlparser2's Parser in one
 * worker thread per CPU, no robots.txt, limits, redirects, evidence or results.
 */
async function bareFetchAndParse(urls: string[]): Promise<PhaseReport> {
  const agent = new Agent({ keepAliveTimeout: 4_000 });
  const workers = Array.from(
    { length: availableParallelism() },
    () => new Worker(new URL('./bare-parse-worker.mjs', import.meta.url)),
  );
  const pending = new Map<number, () => void>();
  for (const worker of workers) {
    worker.on('message', ({ id }: { id: number }) => {
      pending.get(id)?.();
      pending.delete(id);
    });
  }
  // Fetches are limited like the checker's; parsing queues behind them as it comes.
  const fetches = new Semaphore(CHECKER_DEFAULTS.concurrency);
  const clock = startClock();
  let answered = 0;
  await inLanes(urls.length, CHECKER_DEFAULTS.concurrency * 4, async (id) => {
    const url = new URL(urls[id]);
    const release = await fetches.acquire();
    let bytes: Uint8Array;
    try {
      const response = await agent.request({ origin: url.origin, path: url.pathname, method: 'GET' });
      bytes = new Uint8Array(await response.body.arrayBuffer());
      answered++;
    } finally {
      release();
    }
    await new Promise<void>((resolve) => {
      pending.set(id, resolve);
      workers[id % workers.length].postMessage({ id, bytes }, [bytes.buffer as ArrayBuffer]);
    });
  });
  const result = report('bare', urls.length, clock, { answered });
  await Promise.all([agent.close(), ...workers.map((worker) => worker.terminate())]);
  return result;
}

/** (b) linkinator in library mode: fetches and parses each page, skips (does not request) its links. */
async function linkinator(urls: string[]): Promise<PhaseReport> {
  const roots = new Set(urls);
  const clock = startClock();
  const result = await new LinkChecker().check({
    path: urls,
    recurse: false,
    concurrency: CHECKER_DEFAULTS.concurrency,
    // No timeout: with one, linkinator 7.6.1 can crash on an unhandled stream error when a body
    // outlives it. Everything here is on loopback anyway.
    timeout: 0,
    // Only the donor pages themselves are fetched; nothing may leave loopback.
    linksToSkip: async (link) => !roots.has(link),
  });
  const answered = result.links.filter((link) => roots.has(link.url) && (link.status ?? 0) > 0).length;
  return report('linkinator', urls.length, clock, { answered });
}

/** (c) The full checker: fetch, robots.txt, parse in worker threads; every result checked against the truth. */
async function checkerPhase(urls: string[], truth: BenchTruth[]): Promise<PhaseReport> {
  const checker = createChecker({ allowPrivateNetworks: true });
  // Start the parse workers and open connections before the clock runs.
  const warmUp = new RobotsCache();
  await Promise.all(
    urls.slice(0, 200).map((url) => checker.check({ url, acceptors: BENCH_ACCEPTORS }, { robots: warmUp })),
  );
  const robots = new RobotsCache();
  const mismatches: string[] = [];
  const clock = startClock();
  // More checks are fed than the checker runs at once, so its queue never runs dry; each result
  // is held against the truth as it comes, then dropped: the peak memory is the checker's.
  await inLanes(urls.length, CHECKER_DEFAULTS.concurrency * 4, async (index) => {
    const result = await checker.check({ url: urls[index], acceptors: BENCH_ACCEPTORS }, { robots });
    const mismatch = mismatchOf(result, truth[index]);
    if (mismatch) mismatches.push(`${urls[index]}: ${mismatch}`);
  });
  const timing = report('checker', urls.length, clock, {});
  await checker.close();
  return { ...timing, verified: urls.length - mismatches.length, mismatches: mismatches.slice(0, 5) };
}

function mismatchOf(result: CheckResult, expected: BenchTruth): string | null {
  const found = result.backlinks.map(backlinkLine);
  const sameLinks =
    found.length === expected.backlinks.length && found.every((line, at) => line === expected.backlinks[at]);
  if (result.responseCode === expected.responseCode && sameLinks) return null;
  return `got ${result.responseCode} ${JSON.stringify(found)} ${result.error?.message ?? ''}`;
}
