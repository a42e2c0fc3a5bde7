import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const AIM = 95;
const DEBUG_PORT = 9333;

/** `yardstick`: a trivial screen measured beside the real pages; what this machine allows at this load. */
export type LighthousePage = {
  name: string;
  path: string;
  loggedIn: boolean;
  yardstick?: boolean;
  /** Categories measured beyond performance and accessibility (the wiki's article page: issue 30). */
  more?: ('best-practices' | 'seo')[];
};

type Measure = {
  perf: number;
  a11y: number;
  /** Best practices and SEO, where the page asks for them. */
  bp?: number;
  seo?: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
};

/** One page's medians over its runs, for the bench's figures. */
export type LighthouseSummary = {
  name: string;
  yardstick: boolean;
  preset: 'mobile' | 'desktop';
  runs: number;
  perf: number;
  perfRange: [number, number];
  a11y: number;
  bp?: number;
  seo?: number;
};

export const LIGHTHOUSE_AIM = AIM;

/**
 * Lighthouse performance and accessibility of each page, on Debian's Chromium. Each page gets a fresh
 * profile (a cold cache), with the session cookie set beforehand when it needs a login; Lighthouse's own
 * storage reset is off, or it would clear that cookie. `LIGHTHOUSE=0` skips it; `LIGHTHOUSE_PRESET=mobile`
 * uses Lighthouse's default mobile emulation instead of its desktop preset. `LIGHTHOUSE_REPORTS=<dir>`
 * keeps each page's full report there (JSON, for the metrics and audits behind a score).
 * `LIGHTHOUSE_RUNS=<n>` measures every page n times, in rounds (each round all pages, the yardstick
 * first), and prints the median with the range: one run on a shared machine swings by tens of points.
 * `LIGHTHOUSE_PAGES=<name,…>` keeps only the pages whose names start with one of those words.
 */
async function keepReport(params: { name: string; report: string | string[] | undefined }): Promise<void> {
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (!dir || params.report === undefined) return;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${params.name.replace(/\W+/g, '-')}.json`);
  await writeFile(file, Array.isArray(params.report) ? params.report.join('\n') : params.report);
}

function selectedPages(pages: LighthousePage[]): LighthousePage[] {
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  if (!wanted?.length) return pages;
  return pages.filter((p) => p.yardstick || wanted.some((w) => p.name.startsWith(w)));
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function measure(params: {
  chromePath: string;
  url: string;
  token: string;
  page: LighthousePage;
  preset: 'mobile' | 'desktop';
  run: number;
}): Promise<Measure> {
  const { page, preset } = params;
  const profile = await mkdtemp(path.join(tmpdir(), 'linkwatch-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: params.chromePath,
    args: ['--no-sandbox', `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    if (page.loggedIn) {
      await context.addCookies([{ name: 'auth._token', value: params.token, url: params.url }]);
    }
    const result = await lighthouse(
      `${params.url}${page.path}`,
      {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', ...(page.more ?? [])],
        disableStorageReset: true,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('no result');
    // A run Lighthouse could not record (NO_NAVSTART and the like) scores 0: left out, not averaged in.
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    const suffix = params.run > 0 ? `-${params.run + 1}` : '';
    await keepReport({ name: `${page.name}-${preset}${suffix}`, report: result.report });
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      ...(page.more?.includes('best-practices') ? { bp: score('best-practices') } : {}),
      ...(page.more?.includes('seo') ? { seo: score('seo') } : {}),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** `{ [key]: median }` of the runs that measured it, or nothing. */
function medianOf(runs: Measure[], key: 'bp' | 'seo') {
  const values = runs.map((r) => r[key]).filter((v): v is number => v !== undefined);
  return values.length ? { [key]: Math.round(median(values)) } : {};
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One line per page: median score (range), its gap to the yardstick's median, and the metrics behind it. */
function summaryLine(page: LighthousePage, runs: Measure[], yardstick: number | undefined): string {
  const pick = (key: Exclude<keyof Measure, 'bp' | 'seo'>) => runs.map((r) => r[key]);
  const perf = Math.round(median(pick('perf')));
  const a11y = Math.round(median(pick('a11y')));
  const range = runs.length > 1 ? `(${Math.min(...pick('perf'))}–${Math.max(...pick('perf'))})` : '';
  const gap =
    yardstick === undefined || page.yardstick ? '' : `${perf - yardstick >= 0 ? '+' : ''}${perf - yardstick}`;
  const ms = (key: Exclude<keyof Measure, 'bp' | 'seo'>) => `${Math.round(median(pick(key)))} ms`.padStart(8);
  const extra = (key: 'bp' | 'seo') => {
    const values = runs.map((r) => r[key]).filter((v): v is number => v !== undefined);
    return values.length ? Math.round(median(values)) : undefined;
  };
  const [bp, seo] = [extra('bp'), extra('seo')];
  const others = [bp, seo].filter((v) => v !== undefined);
  const verdict = page.yardstick
    ? 'yardstick'
    : perf >= AIM && a11y >= AIM && others.every((v) => v >= AIM)
      ? 'ok'
      : 'BELOW';
  return [
    `  ${page.name.padEnd(18)} performance ${String(perf).padStart(3)} ${range.padEnd(9)} vs yardstick ${gap.padStart(4)}`,
    `accessibility ${String(a11y).padStart(3)}`,
    ...(bp === undefined ? [] : [`best practices ${bp}`]),
    ...(seo === undefined ? [] : [`SEO ${seo}`]),
    `FCP ${ms('fcp')}  LCP ${ms('lcp')}  TBT ${ms('tbt')}  CLS ${median(pick('cls')).toFixed(3)}`,
    verdict,
  ].join('   ');
}

export async function runLighthouse(params: {
  chromePath: string;
  url: string;
  token: string;
  pages: LighthousePage[];
}): Promise<LighthouseSummary[]> {
  if (process.env.LIGHTHOUSE === '0') return [];
  const preset = process.env.LIGHTHOUSE_PRESET === 'mobile' ? 'mobile' : 'desktop';
  const rounds = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
  // The yardstick goes first in every round, right before the pages it is compared with.
  const pages = selectedPages(params.pages).sort((a, b) => Number(!!b.yardstick) - Number(!!a.yardstick));
  // Lighthouse scales the main-thread time it observes: on a busy machine the performance score drops
  // with the load, so the figures are comparable only at a similar load average (and against the yardstick).
  console.log(
    `Lighthouse (${preset} preset, ${rounds} run(s), aims ≥ ${AIM}; load average ${loadAverage()}):`,
  );
  const results = new Map<LighthousePage, Measure[]>(pages.map((p) => [p, []]));
  for (let run = 0; run < rounds; run++) {
    for (const page of pages) {
      try {
        results.get(page)?.push(await measure({ ...params, page, preset, run }));
      } catch (error) {
        console.log(
          `  ${page.name.padEnd(18)} Lighthouse failed: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  }
  const yardstickRuns = pages.filter((p) => p.yardstick).flatMap((p) => results.get(p) ?? []);
  const yardstick = yardstickRuns.length ? Math.round(median(yardstickRuns.map((r) => r.perf))) : undefined;
  const summaries: LighthouseSummary[] = [];
  for (const page of pages) {
    const runs = results.get(page) ?? [];
    if (!runs.length) continue;
    console.log(summaryLine(page, runs, yardstick));
    const perfs = runs.map((r) => r.perf);
    summaries.push({
      name: page.name,
      yardstick: !!page.yardstick,
      preset,
      runs: runs.length,
      perf: Math.round(median(perfs)),
      perfRange: [Math.min(...perfs), Math.max(...perfs)],
      a11y: Math.round(median(runs.map((r) => r.a11y))),
      ...medianOf(runs, 'bp'),
      ...medianOf(runs, 'seo'),
    });
  }
  console.log(`  (load average at the end ${loadAverage()})`);
  return summaries;
}
