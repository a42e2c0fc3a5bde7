import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import {
  type CheckResult,
  createChecker,
  createRenderer,
  RENDERER_DEFAULTS,
  RobotsCache,
} from '../src/index.ts';
import { FIXTURE_ACCEPTORS, renderedPages, startFixtureWeb } from '../test/fixture-web.ts';

/**
 * npm run bench (issue 31): rendered checks on the fixture web's client-rendered pages, whose link a
 * script builds (on load, after 800 ms, on scroll, a Next.js shell; "never built" is left out: it only
 * waits out the settle time). Each page is checked first as plain HTML (no browser: the link is not
 * there), then rendered with 1, 2 and 4 Debian Chromium browsers, in the same run:
 * pages/s, pages/s per browser, and the peak memory of this process plus every browser process it started
 * (read from /proc every 250 ms). Pages: BENCH_RENDER_PAGES (default 48, the fixture pages repeated);
 * browsers: BENCH_RENDER_BROWSERS (default 1,2,4); pages at once per browser: BENCH_RENDER_PAGES_PER_BROWSER
 * (a list, each tried with every browser count; default RENDER_PAGES_PER_BROWSER or the renderer's
 * default). Each render is held against the page's expectation.
 */
const pageCount = Number(process.env.BENCH_RENDER_PAGES ?? 48);
const browserCounts = (process.env.BENCH_RENDER_BROWSERS ?? '1,2,4').split(',').map(Number);
const pagesPerBrowserCounts = (
  process.env.BENCH_RENDER_PAGES_PER_BROWSER ??
  process.env.RENDER_PAGES_PER_BROWSER ??
  String(RENDERER_DEFAULTS.pagesPerBrowser)
)
  .split(',')
  .map(Number);
const executablePath = process.env.RENDER_CHROMIUM_PATH ?? RENDERER_DEFAULTS.executablePath;

const built = renderedPages.filter((page) => page.expectRendered.backlinks.some((b) => b.rendered));
const web = await startFixtureWeb();
const targets = Array.from({ length: pageCount }, (_, i) => built[i % built.length]);

/**
 * Memory of a process and all its descendants, in bytes (Linux /proc; 0 elsewhere): each one's
 * proportional share (Pss), so the pages Chromium's processes share are counted once, not per process;
 * VmRSS where smaps_rollup cannot be read. The tree is walked down from `root` through each thread's
 * `children` list: reading every process of the machine (smaps_rollup walks a process's page tables)
 * took 5 s on a machine shared with other jobs, every 100 ms, on this process's own event loop, which
 * serves the fixture web: the checks it measured then timed out.
 */
function treeRss(root: number): number {
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    total += Number(pssKb(pid) ?? vmRssKb(pid) ?? 0) * 1024;
    stack.push(...childrenOf(pid));
  }
  return total;
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    // Not Linux, or the process ended while being read.
    return [];
  }
}

function vmRssKb(pid: number): string | undefined {
  try {
    return /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

function pssKb(pid: number): string | undefined {
  try {
    return /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** Runs `work` while sampling the process tree's RSS; answers its result, seconds and peak MB. */
async function measured<T>(work: () => Promise<T>) {
  let peak = treeRss(process.pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(process.pid));
  }, 250);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peakMb: Math.round(peak / 2 ** 20) };
  } finally {
    clearInterval(timer);
  }
}

/** The links a page's script builds. */
const scriptLinks = (page: (typeof built)[number]) =>
  page.expectRendered.backlinks.filter((b) => b.rendered).map((b) => b.href);

/** Whether a rendered result has the page's link, found after JavaScript. */
function renderedRight(result: CheckResult, page: (typeof built)[number]) {
  const wanted = scriptLinks(page);
  const found = result.backlinks.filter((b) => b.rendered).map((b) => b.href);
  return result.render?.error === null && wanted.every((href) => found.includes(href));
}

const lines: string[] = [];
const figures: { what: string; figure: string; aim?: string; met?: boolean }[] = [];
let failed = false;

// Plain HTML check of the same pages: no browser (what every check does first).
{
  const checker = createChecker({ allowPrivateNetworks: true, perHost: 64, parseThreads: 0 });
  const robots = new RobotsCache();
  const run = await measured(() =>
    Promise.all(
      targets.map((page) =>
        checker.check({ url: web.targetOf(page), acceptors: FIXTURE_ACCEPTORS }, { robots, render: 'never' }),
      ),
    ),
  );
  await checker.close();
  const missing = run.result.filter(
    (r, i) => !scriptLinks(targets[i]).every((href) => r.backlinks.some((b) => b.href === href)),
  ).length;
  const rate = pageCount / run.seconds;
  lines.push(
    `html       ${rate.toFixed(1).padStart(7)} pages/s  ${run.seconds.toFixed(1).padStart(6)} s  peak memory ${run.peakMb} MB  link missing from the HTML on ${missing}/${pageCount}`,
  );
  figures.push({
    what: `plain HTML check, ${pageCount} client-rendered pages`,
    figure: `${rate.toFixed(1)} pages/s, peak memory ${run.peakMb} MB (link found on ${pageCount - missing}/${pageCount}: it is not in the HTML)`,
  });
}

const runs = browserCounts.flatMap((browsers) =>
  pagesPerBrowserCounts.map((pagesPerBrowser) => ({ browsers, pagesPerBrowser })),
);
for (const { browsers, pagesPerBrowser } of runs) {
  const renderer = await createRenderer({
    browsers,
    pagesPerBrowser,
    executablePath,
    allowPrivateNetworks: true,
    timeoutMs: 20_000,
  });
  const checker = createChecker({ allowPrivateNetworks: true, perHost: 64, parseThreads: 0, renderer });
  const robots = new RobotsCache();
  const run = await measured(() =>
    Promise.all(
      targets.map((page) =>
        checker.check(
          { url: web.targetOf(page), acceptors: FIXTURE_ACCEPTORS },
          { robots, render: 'missing' },
        ),
      ),
    ),
  );
  await checker.close();
  await renderer.close();
  const right = run.result.filter((result, i) => renderedRight(result, targets[i])).length;
  if (right !== pageCount) {
    failed = true;
    const errors = new Set(
      run.result
        .map(
          (result) =>
            result.render?.error ?? (result.error && `${result.error.code}: ${result.error.message}`),
        )
        .filter(Boolean),
    );
    console.error(`render ${browsers}x${pagesPerBrowser}: ${[...errors].slice(0, 3).join(' | ')}`);
  }
  const rate = pageCount / run.seconds;
  const perBrowser = rate / browsers;
  // The aim: 1,000 missing links re-checked by rendering within 10 minutes (1.67 pages/s).
  const thousandMinutes = 1000 / rate / 60;
  lines.push(
    `render ${browsers}x${String(pagesPerBrowser).padEnd(2)} ${rate.toFixed(2).padStart(7)} pages/s  ${perBrowser.toFixed(2)} per browser  ${run.seconds.toFixed(1).padStart(6)} s  peak memory ${run.peakMb} MB  found after JavaScript ${right}/${pageCount}`,
  );
  figures.push({
    what: `rendered check, ${browsers} browser${browsers === 1 ? '' : 's'} × ${pagesPerBrowser} pages, ${pageCount} pages`,
    figure: `${rate.toFixed(2)} pages/s (${perBrowser.toFixed(2)} per browser), peak memory ${run.peakMb} MB, ${right}/${pageCount} found after JavaScript; 1,000 pages ≈ ${thousandMinutes.toFixed(1)} min`,
    aim: '1,000 missing links rendered within 10 minutes',
    met: thousandMinutes <= 10 && right === pageCount,
  });
}

await web.close();
console.log(`${pageCount} pages, ${os.availableParallelism()} CPUs, load ${os.loadavg()[0].toFixed(1)}`);
for (const line of lines) console.log(line);
writeBenchFigures({
  bench: 'rendered checks (client-rendered fixture pages)',
  order: 11,
  figures,
  notes: `${built.length} distinct client-rendered fixture pages repeated to ${pageCount}; RSS of this process and its browsers together.`,
});
if (failed) process.exitCode = 1;
