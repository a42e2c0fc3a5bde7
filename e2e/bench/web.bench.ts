/**
 * Bytes of JavaScript a cold load of each main page transfers, as the server sends them (brotli or gzip),
 * against the aims of the speed issue. Starts the built app on a fresh embedded database with the demo
 * account, loads each page in Chromium with a fresh browser context and sums the encoded bodies of the
 * script responses. `npm run build` first (the root `bench` script does).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { type BenchFigure, writeBenchFigures } from '../../scripts/bench-figures.mjs';
import { startDemoServer } from './demo-server.ts';
import { LIGHTHOUSE_AIM, type LighthouseSummary, runLighthouse } from './lighthouse.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

type PageCase = { name: string; path: string; loggedIn: boolean; aimKb: number; ready: string };

type ScriptBytes = { page: PageCase; brotli: number; files: number };

/** The figures for the README's table: JavaScript per page against its aim, Lighthouse per page and the yardstick. */
function benchFigures(bytes: ScriptBytes[], lighthouse: LighthouseSummary[]): BenchFigure[] {
  const figures: BenchFigure[] = bytes.map(({ page, brotli, files }) => ({
    what: `JavaScript of a cold load, ${page.name} (brotli)`,
    figure: `${(brotli / 1024).toFixed(1)} KB in ${files} files`,
    aim: `< ${page.aimKb} KB`,
    met: brotli / 1024 < page.aimKb,
  }));
  for (const l of lighthouse) {
    const runs = l.runs > 1 ? ` (median of ${l.runs}, ${l.perfRange[0]}–${l.perfRange[1]})` : '';
    if (l.yardstick) {
      figures.push({
        what: `Lighthouse ${l.preset} performance, yardstick (the app's almost empty 404 page, this machine's ceiling)`,
        figure: `${l.perf}${runs}`,
      });
      continue;
    }
    figures.push(
      {
        what: `Lighthouse ${l.preset} performance, ${l.name}`,
        figure: `${l.perf}${runs}`,
        aim: `≥ ${LIGHTHOUSE_AIM}`,
        met: l.perf >= LIGHTHOUSE_AIM,
      },
      {
        what: `Lighthouse ${l.preset} accessibility, ${l.name}`,
        figure: String(l.a11y),
        aim: `≥ ${LIGHTHOUSE_AIM}`,
        met: l.a11y >= LIGHTHOUSE_AIM,
      },
    );
    for (const [label, score] of [
      ['best practices', l.bp],
      ['SEO', l.seo],
    ] as const) {
      if (score === undefined) continue;
      figures.push({
        what: `Lighthouse ${l.preset} ${label}, ${l.name}`,
        figure: String(score),
        aim: `≥ ${LIGHTHOUSE_AIM}`,
        met: score >= LIGHTHOUSE_AIM,
      });
    }
  }
  return figures;
}

/**
 * The address of a seeded wiki tutorial in English (issue 30): the server's written page, what a visitor
 * from a search engine loads first. The seed is loaded at the server's start.
 */
async function wikiArticlePath(url: string): Promise<string> {
  const res = await fetch(`${url}/api/wiki?filter[section]=6`, {
    headers: { Accept: 'application/json', 'x-localization': 'en' },
  });
  const body = (await res.json()) as { data: { attributes: { link: string } }[] };
  const link = body.data[0]?.attributes.link;
  if (!res.ok || !link) throw new Error(`no wiki article to measure (${res.status})`);
  return link;
}

/** The demo account's token and the id of its first campaign, through the API. */
async function demoSession({ url, dataDir }: { url: string; dataDir: string }) {
  const saved = await readFile(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
  const field = (name: string) => saved.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1] ?? '';
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: field('email'), password: field('password') }),
  });
  const token: string = (await login.json()).data.attributes.accessToken;
  const campaigns = await fetch(`${url}/api/campaigns`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  const campaignId: string = (await campaigns.json()).data[0].id;
  return { token, campaignId };
}

/** Bytes of a response body as sent with `accept-encoding: br`, as a browser over HTTPS asks for it. */
async function brotliBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Encoded bytes of every script response of one cold page load: as Chromium received them (over plain
 * http it asks for gzip only: browsers offer brotli over HTTPS), and the same files as brotli.
 */
async function scriptBytes(params: { browser: Browser; url: string; page: PageCase; token: string }) {
  const context = await params.browser.newContext();
  if (params.page.loggedIn) {
    await context.addCookies([{ name: 'auth._token', value: params.token, url: params.url }]);
  }
  const tab = await context.newPage();
  const scripts: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
  tab.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => ({
        url: request.url(),
        bytes: (await request.sizes()).responseBodySize,
        encoding: (await request.response())?.headers()['content-encoding'] ?? 'identity',
      }))(),
    );
  });
  await tab.goto(`${params.url}${params.page.path}`, { waitUntil: 'networkidle' });
  await tab.locator(params.page.ready).first().waitFor();
  const served = await Promise.all(scripts);
  await context.close();
  const brotli = await Promise.all(served.map((s) => brotliBytes(s.url)));
  return {
    served: served.reduce((sum, s) => sum + s.bytes, 0),
    encodings: [...new Set(served.map((s) => s.encoding))].join('+'),
    brotli: brotli.reduce((a, b) => a + b, 0),
    files: served.length,
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'linkwatch-web-bench-'));
  const { url, child } = await startDemoServer(dataDir, 120_000);
  // Launched inside the try: a browser that fails to start must not leave the server running.
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const { token, campaignId } = await demoSession({ url, dataDir });
    const pages: PageCase[] = [
      { name: 'login', path: '/en/login', loggedIn: false, aimKb: 120, ready: 'input[name="email"]' },
      // The public domain check (issue 30): a visitor's first page. It has the empty layout and the whole
      // catalog, not the login's guest part (201 KB measured on its first run, the login 115 KB).
      {
        name: 'domain check',
        path: '/en/domain-check',
        loggedIn: false,
        aimKb: 250,
        ready: 'input[name="url"]',
      },
      { name: 'dashboard', path: '/en', loggedIn: true, aimKb: 250, ready: 'main h1' },
      {
        name: 'links (campaign)',
        path: `/en/campaign/active/1/${campaignId}`,
        loggedIn: true,
        aimKb: 250,
        ready: 'main table',
      },
    ];
    console.log(
      'JavaScript transferred by a cold load (KB; brotli as served over HTTPS, and what Chromium got here):',
    );
    const bytes: ScriptBytes[] = [];
    for (const page of pages) {
      const { served, encodings, brotli, files } = await scriptBytes({ browser, url, page, token });
      bytes.push({ page, brotli, files });
      const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
      const verdict = brotli / 1024 < page.aimKb ? 'ok' : 'OVER';
      console.log(
        `  ${page.name.padEnd(18)} ${kb(brotli)} br (${kb(served)} ${encodings} over http) in ${String(files).padStart(2)} files   aim < ${page.aimKb}   ${verdict}`,
      );
    }
    const lighthouse = await runLighthouse({
      chromePath: CHROMIUM,
      url,
      token,
      pages: [
        // The app's own 404 for a guest: same server, fonts, styles, entry bundle and catalog, a trivial
        // screen and no API data; the score a real page could reach on this machine at this load.
        { name: 'yardstick (404)', path: '/en/lighthouse-yardstick', loggedIn: false, yardstick: true },
        ...pages.map((p) => ({ name: p.name, path: p.path, loggedIn: p.loggedIn })),
        // The wiki's article page as a visitor loads it (no JavaScript of the app): all four categories.
        {
          name: 'wiki article',
          path: await wikiArticlePath(url),
          loggedIn: false,
          more: ['best-practices', 'seo'],
        },
      ],
    });
    const preset = process.env.LIGHTHOUSE_PRESET === 'mobile' ? 'mobile' : 'desktop';
    writeBenchFigures({
      bench: `web app (Lighthouse ${preset})`,
      order: preset === 'mobile' ? 51 : 50,
      figures: benchFigures(bytes, lighthouse),
      notes:
        process.env.LIGHTHOUSE === '0'
          ? 'JavaScript bytes only (LIGHTHOUSE=0).'
          : `Lighthouse ${preset} preset${preset === 'mobile' ? ' (simulated slow 4G and a 4× slower CPU)' : ''}, ${lighthouse[0]?.runs ?? 0} run(s) per page; its performance score falls with the machine's load, so it is read against the yardstick measured in the same run.`,
    });
  } finally {
    await browser?.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
