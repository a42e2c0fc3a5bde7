import { type ChildProcess, type ForkOptions, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import { cpuSecondsOf } from './cpu.ts';
import type { FixtureReady } from './fixture-server.ts';
import type { PhaseName, PhaseReport, PhaseRequest } from './phases.ts';

/**
 * npm run bench [pages]: throughput on a generated donor web served by a child process over 50
 * loopback addresses, each phase in a process of its own:
 * - parse: parseDonorHtml alone on one thread (6,000 pages at most), the parse CPU ceiling;
 * - fetch (a): the checker's HTTP client and limits, no parsing: the network ceiling;
 * - bare: undici plus htmlparser2's Parser in one worker per CPU, nothing else: what this
 *   machine does at all, the yardstick for the checker's figure;
 * - linkinator (b): linkinator in library mode, on the first BENCH_LINKINATOR_PAGES (default 500)
 *   pages only, as its run time grows faster than linearly with the page count;
 * - checker (c): the checker library, every result held against the fixture's ground truth.
 * Pages: argv[2] or BENCH_PAGES (default 10000). BENCH_PHASES=fetch,checker runs only those.
 */
const pageCount = Number(process.argv[2] ?? process.env.BENCH_PAGES ?? 10_000);
const linkinatorPages = Math.min(pageCount, Number(process.env.BENCH_LINKINATOR_PAGES ?? 500));
// Children load the TypeScript sources through tsx, like this script. BENCH_CPU_PROFILE_DIR=dir
// writes a V8 CPU profile of each phase (every thread) there.
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
const TS_CHILD: ForkOptions = {
  execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
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

/** CPU seconds a process has used so far (Linux /proc; null elsewhere). */
function describe(report: PhaseReport, fixtureCores: number | null): string {
  if (report.failure) return `${report.phase.padEnd(10)} failed: ${report.failure}`;
  const checks =
    report.verified !== undefined
      ? `verified ${report.verified}/${report.pages}`
      : `answered ${report.answered}/${report.pages}`;
  const cpu = `CPU ${report.cores.toFixed(2)} cores${fixtureCores === null ? '' : ` (+ fixture web ${fixtureCores.toFixed(2)})`}`;
  return `${report.phase.padEnd(10)} ${String(report.pagesPerSecond).padStart(6)} pages/s  ${String(report.seconds).padStart(7)} s  peak RSS ${String(report.peakRssMb).padStart(4)} MB  ${cpu}  ${checks}`;
}

const { child: fixture, ready } = await startFixtureWeb();
const urls = ready.truth.map((_, index) => `${ready.origins[index % ready.origins.length]}/p/${index}`);
console.log(`${pageCount} pages on ${ready.origins.length} loopback hosts, ${availableParallelism()} CPUs`);
const onlyPhases = process.env.BENCH_PHASES?.split(',');
const phases = (
  [
    ['parse', Math.min(pageCount, 6_000)],
    ['fetch', pageCount],
    ['bare', pageCount],
    ['linkinator', linkinatorPages],
    ['checker', pageCount],
  ] satisfies Array<[PhaseName, number]>
).filter(([phase]) => !onlyPhases || onlyPhases.includes(phase));
let failed = false;
const reports: PhaseReport[] = [];
try {
  for (const [phase, count] of phases) {
    const fixtureCpuBefore = cpuSecondsOf(fixture.pid);
    const report = await runPhaseInChild({
      phase,
      urls: urls.slice(0, count),
      truth: ready.truth.slice(0, count),
    });
    const fixtureCpuAfter = cpuSecondsOf(fixture.pid);
    // Spread over the whole child's life (warm-up included), so a slight underestimate.
    const fixtureCores =
      fixtureCpuBefore === null || fixtureCpuAfter === null || report.seconds === 0
        ? null
        : (fixtureCpuAfter - fixtureCpuBefore) / report.seconds;
    console.log(describe(report, fixtureCores));
    reports.push(report);
    for (const mismatch of report.mismatches ?? []) console.log(`  mismatch: ${mismatch}`);
    const wrong = report.verified !== undefined && report.verified !== report.pages;
    // linkinator is only a point of comparison: its crash does not fail the run.
    if (wrong || (report.failure && phase !== 'linkinator')) failed = true;
  }
} finally {
  fixture.disconnect();
}
writeFigures(reports);
if (failed) process.exitCode = 1;

/** The checker's aim: within 15% of the bare fetch-and-parse loop, measured in the same run. */
function writeFigures(done: PhaseReport[]) {
  const bare = done.find((r) => r.phase === 'bare' && !r.failure);
  const figures = done.map((report) => {
    const figure = report.failure
      ? `failed: ${report.failure}`
      : `${report.pagesPerSecond} pages/s, peak RSS ${report.peakRssMb} MB${report.verified === undefined ? '' : `, ${report.verified}/${report.pages} verified`}`;
    if (report.phase !== 'checker' || !bare || report.failure)
      return { what: `${report.phase}, ${report.pages} pages`, figure };
    const share = report.pagesPerSecond / bare.pagesPerSecond;
    return {
      what: `checker library, ${report.pages} pages`,
      figure: `${figure} = ${(share * 100).toFixed(0)}% of the bare loop`,
      aim: '≥ 85% of the bare fetch-and-parse loop',
      met: share >= 0.85 && report.verified === report.pages,
    };
  });
  writeBenchFigures({ bench: 'checker library (donor web on 50 loopback hosts)', order: 10, figures });
}
