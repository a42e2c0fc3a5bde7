import { type ChildProcess, type ForkOptions, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { FixtureReady } from './fixture-server.ts';
import type { PhaseName, PhaseReport, PhaseRequest } from './phases.ts';

/**
 * npm run bench [pages]: throughput of (a) fetching alone, (b) linkinator, (c) the checker, on a
 * generated donor web served by a child process over 50 loopback addresses. A first "parse"
 * phase times parseDonorHtml alone on one thread (2,000 pages at most): the CPU ceiling.
 * Pages: argv[2] or BENCH_PAGES (default 10000). linkinator checks only the first
 * BENCH_LINKINATOR_PAGES (default 500): its run time grows faster than linearly with the page
 * count (about 36 pages/s at 200 pages and 21 at 400 here), so a full run would take many minutes.
 */
const pageCount = Number(process.argv[2] ?? process.env.BENCH_PAGES ?? 10_000);
const linkinatorPages = Math.min(pageCount, Number(process.env.BENCH_LINKINATOR_PAGES ?? 500));
// Children load the TypeScript sources through tsx, like this script.
const TS_CHILD: ForkOptions = {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
};

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`child exited with code ${code} before answering`)));
  });
}

async function startFixtureWeb(): Promise<{ child: ChildProcess; ready: FixtureReady }> {
  const child = fork(new URL('./fixture-server.ts', import.meta.url), [String(pageCount)], TS_CHILD);
  return { child, ready: await nextMessage<FixtureReady>(child) };
}

async function runPhaseInChild(request: PhaseRequest): Promise<PhaseReport> {
  const child = fork(new URL('./phase-child.ts', import.meta.url), [], TS_CHILD);
  const answer = nextMessage<PhaseReport>(child);
  child.send(request);
  return answer;
}

function describe(report: PhaseReport): string {
  if (report.failure) return `${report.phase.padEnd(10)} failed: ${report.failure}`;
  const checks =
    report.verified !== undefined
      ? `verified ${report.verified}/${report.pages}`
      : `answered ${report.answered}/${report.pages}`;
  return `${report.phase.padEnd(10)} ${String(report.pagesPerSecond).padStart(6)} pages/s  ${String(report.seconds).padStart(7)} s  peak RSS ${String(report.peakRssMb).padStart(4)} MB  ${checks}`;
}

const { child: fixture, ready } = await startFixtureWeb();
const urls = ready.truth.map((_, index) => `${ready.origins[index % ready.origins.length]}/p/${index}`);
console.log(`${pageCount} pages on ${ready.origins.length} loopback hosts, ${availableParallelism()} CPUs`);
const phases: Array<[PhaseName, number]> = [
  ['parse', Math.min(pageCount, 2_000)],
  ['fetch', pageCount],
  ['linkinator', linkinatorPages],
  ['checker', pageCount],
];
let failed = false;
try {
  for (const [phase, count] of phases) {
    const report = await runPhaseInChild({
      phase,
      urls: urls.slice(0, count),
      truth: ready.truth.slice(0, count),
    });
    console.log(describe(report));
    for (const mismatch of report.mismatches ?? []) console.log(`  mismatch: ${mismatch}`);
    const wrong = report.verified !== undefined && report.verified !== report.pages;
    // linkinator is only a point of comparison: its crash does not fail the run.
    if (wrong || (report.failure && phase !== 'linkinator')) failed = true;
  }
} finally {
  fixture.disconnect();
}
if (failed) process.exitCode = 1;
