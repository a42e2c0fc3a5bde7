/**
 * npm run bench, index check part: a whole check-indexing task (action 1) through the product. A user
 * with N links starts the task over the API (charged), the worker loop works it through the Serper
 * adapter as configured from the environment (50 requests/s, 32 open), and the index states land in
 * the database. Serper is our protocol stand-in, in a child process (so the peak RSS printed is the
 * product's), answering in 300 ms and allowing 50 requests/s with a 429 past that.
 *
 * With one provider a first "not indexed" is asked again before it counts (INDEX_CHECK_CONFIRM_AFTER_MINUTES).
 * The bench sets that wait to 0 and lets one page in BENCH_NOT_INDEXED_EVERY (default 4) be missing
 * from the index, so those pages take two queries: the limit bounds queries/s, and pages/s is
 * queries/s divided by the queries per page. Both are printed; the aim (within 10% of the limit) is
 * on queries/s.
 *
 * Pages: argv[2] or BENCH_INDEX_TASK_PAGES (default 5,000: about two minutes; 100,000 take ~40).
 * Database: embedded PGlite on disk (as a server without DATABASE_URL runs), or PostgreSQL when
 * BENCH_DATABASE_URL names one (the bench's database is created and dropped there).
 */

import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { createChecker } from '@linkwatch/checker';
import { ActionCode, BalanceTransactionType, IndexState, TaskStatus } from '@linkwatch/shared';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import { buildApp } from '../src/app.ts';
import { createUser } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openPglite, rawRows } from '../src/db/client.ts';
import { actions, balanceTransactions, campaigns, links, projects } from '../src/db/schema/index.ts';
import { inProcessBus } from '../src/events/bus.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { DEFAULT_PRICES } from '../src/modules/actions/prices.ts';
import { createAccessToken } from '../src/modules/auth/auth.queries.ts';
import { applyLedgerEntry } from '../src/modules/balance/ledger.ts';
import { captchaOff } from '../src/providers/captcha/captcha.ts';
import { createProviders } from '../src/providers/index.ts';
import { createWorker } from '../src/worker/worker.ts';
import { benchDatabase } from './bench-db.ts';
import { peakRss } from './measure.ts';

const PAGES = Number(process.argv[2] ?? process.env.BENCH_INDEX_TASK_PAGES ?? 5_000);
const NOT_INDEXED_EVERY = Number(process.env.BENCH_NOT_INDEXED_EVERY ?? 4);
const RATE = 50;
const LATENCY_MS = 300;
/** Open requests the adapter allows: 50/s × 0.3 s = 15 in flight at the limit, with room for slow answers. */
const CONCURRENCY = 32;
const API_KEY = 'bench-key';
const DATABASE = 'lw_bench_index_task';
const DATA_DIR = '/tmp/linkwatch-bench-index-task';

const pageUrl = (i: number) => `https://donor-${i % 997}.example/post/${i}`;
const isIndexed = (i: number) => i % NOT_INDEXED_EVERY !== 0;
/** The page number in a URL pageUrl made (the stand-in sees URLs, not numbers). */
const pageNumber = (url: string) => Number(/\/post\/(\d+)\/?$/.exec(url)?.[1] ?? Number.NaN);

interface StandInCounts {
  requests: number;
  rateLimited: number;
}

if (process.argv[2] === 'stand-in') {
  await serveStandIn();
} else {
  await runBench();
}

/** The child process: Serper's stand-in, knowing which pages are indexed by the same rule as the bench. */
async function serveStandIn() {
  const { startSerperStandIn } = await import('../src/providers/index-check/stand-ins/serper.ts');
  const service = await startSerperStandIn({
    apiKey: API_KEY,
    isIndexed: (url) => {
      const i = pageNumber(url);
      return Number.isInteger(i) && isIndexed(i);
    },
    latencyMs: LATENCY_MS,
    ratePerSecond: RATE,
  });
  process.send?.({ url: service.url });
  process.on('message', () => process.send?.(service.counts));
}

async function runBench() {
  const child = fork(new URL(import.meta.url), ['stand-in'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url: serperUrl } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
  });
  const standInCounts = () =>
    new Promise<StandInCounts>((resolve) => {
      child.once('message', (m) => resolve(m as StandInCounts));
      child.send('counts');
    });

  const database = await openBenchDatabase();
  const log = pino({ level: 'warn' });
  // The adapter as an operator configures it: through the environment the server reads.
  const config = loadConfig({
    DATA_DIR,
    WEB_DIST: '/nonexistent',
    SERPER_API_KEY: API_KEY,
    SERPER_BASE_URL: serperUrl,
    SERPER_RATE_PER_SECOND: String(RATE),
    SERPER_CONCURRENCY: String(CONCURRENCY),
    INDEX_CHECK_CONFIRM_AFTER_MINUTES: '0',
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    log,
    events: inProcessBus(),
    mailer: createMailer({ ...config.mail, log }),
    captcha: captchaOff,
    providers: createProviders(config),
  };
  // The index check fetches no pages; the worker context wants a checker all the same.
  const checker = createChecker({ allowPrivateNetworks: true });
  const worker = createWorker({ db: ctx.db, checker, providers: ctx.providers, log });
  const app = await buildApp(ctx);

  try {
    const { userId, campaignId, token } = await seed(ctx);
    console.log(
      `index check task: ${PAGES} pages (one in ${NOT_INDEXED_EVERY} not indexed), ${database.kind}, Serper stand-in answering in ${LATENCY_MS} ms, limit ${RATE} req/s; load average ${loadAverage()}`,
    );
    // An embedded PGlite holds its heap in this process (~750 MB from the start): the growth is the figure to watch.
    const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
    worker.start();
    const started = performance.now();
    const { result: actionId, peakMb } = await peakRss(() =>
      runTaskToEnd(ctx, app, token, campaignId, standInCounts),
    );
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    const counts = await standInCounts();
    await report(ctx, { userId, campaignId, actionId, seconds, peakMb, rssBeforeMb, counts });
  } finally {
    await app.close();
    await checker.close();
    await database.close();
    child.kill();
  }
}

async function openBenchDatabase(): Promise<Database> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) return benchDatabase(adminUrl, DATABASE);
  await rm(DATA_DIR, { recursive: true, force: true });
  const database = await openPglite(DATA_DIR);
  await database.migrate();
  return database;
}

/** A user with exactly the credits the task costs, one project, one campaign of PAGES links. */
async function seed(ctx: AppContext) {
  const user = await createUser(ctx.db, { email: 'bench@example.com', password: 'bench-password' });
  await ctx.db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId: user.id,
      value: PAGES * DEFAULT_PRICES[ActionCode.CheckIndexing],
      typeId: BalanceTransactionType.TopUp,
    }),
  );
  const [project] = await ctx.db
    .insert(projects)
    .values({ userId: user.id, name: 'Bench', mainDomain: 'acceptor.example', domains: ['acceptor.example'] })
    .returning();
  const [campaign] = await ctx.db
    .insert(campaigns)
    .values({ userId: user.id, projectId: project.id, name: 'Bench', tier: 1 })
    .returning();
  for (let from = 0; from < PAGES; from += 5_000) {
    const rows = [];
    for (let i = from; i < Math.min(PAGES, from + 5_000); i++) {
      rows.push({
        userId: user.id,
        projectId: project.id,
        campaignId: campaign.id,
        tier: 1,
        url: pageUrl(i),
      });
    }
    await ctx.db.insert(links).values(rows);
  }
  return { userId: user.id, campaignId: campaign.id, token: await createAccessToken(ctx.db, user.id) };
}

/** Starts check indexing of the whole campaign over the API and waits until the task has ended. */
async function runTaskToEnd(
  ctx: AppContext,
  app: Awaited<ReturnType<typeof buildApp>>,
  token: string,
  campaignId: number,
  standInCounts: () => Promise<StandInCounts>,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/actions/${ActionCode.CheckIndexing}/start?campaign=${campaignId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 201) throw new Error(`start failed: ${response.body}`);
  const actionId = response.json().data.id as number;
  const progress = progressLine(standInCounts);
  for (;;) {
    const [row] = await ctx.db.select().from(actions).where(eq(actions.id, actionId));
    if (row.statusId === TaskStatus.Done || row.statusId === TaskStatus.Fail) return actionId;
    await progress(row.currentCount);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A line every BENCH_PROGRESS_SECONDS (default 60) with the queries/s of that window: a long run's
 * rate over time tells a pace that sags as the tables grow from one the machine's load pulled down.
 */
function progressLine(standInCounts: () => Promise<StandInCounts>) {
  const everyMs = Number(process.env.BENCH_PROGRESS_SECONDS ?? 60) * 1000;
  const started = performance.now();
  let last = { at: started, requests: 0 };
  return async (pagesDone: number) => {
    const now = performance.now();
    if (now - last.at < everyMs) return;
    const { requests } = await standInCounts();
    const perSecond = (requests - last.requests) / ((now - last.at) / 1000);
    console.log(
      `  ${((now - started) / 1000).toFixed(0).padStart(5)} s  ${pagesDone} pages done  ${perSecond.toFixed(1)} queries/s  RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB  load ${loadAverage()}`,
    );
    last = { at: now, requests };
  };
}

async function report(
  ctx: AppContext,
  run: {
    userId: number;
    campaignId: number;
    actionId: number;
    seconds: number;
    peakMb: number;
    rssBeforeMb: number;
    counts: StandInCounts;
  },
) {
  const [task] = await ctx.db.select().from(actions).where(eq(actions.id, run.actionId));
  const ledger = await rawRows<{ type_id: number; total: number }>(
    ctx.db,
    sql`select ${balanceTransactions.typeId} as type_id, sum(${balanceTransactions.value})::int as total
        from ${balanceTransactions}
        where ${balanceTransactions.actionId} = ${run.actionId} group by 1`,
  );
  const ledgerTotal = (type: number) => Math.abs(ledger.find((row) => row.type_id === type)?.total ?? 0);
  const { states, wrong, examples } = await verifyIndexStates(ctx, run.campaignId);
  const [{ history }] = await rawRows<{ history: number }>(
    ctx.db,
    sql`select count(*)::int as history from index_histories`,
  );

  const pagesPerSecond = PAGES / run.seconds;
  const queriesPerSecond = run.counts.requests / run.seconds;
  const percent = (perSecond: number) => `${((perSecond / RATE) * 100).toFixed(1)}% of ${RATE}/s`;
  console.log(
    `task ${statusName(task.statusId)} in ${run.seconds.toFixed(1)} s: ${pagesPerSecond.toFixed(1)} pages/s (${percent(pagesPerSecond)}), ${queriesPerSecond.toFixed(1)} queries/s (${percent(queriesPerSecond)}), ${(run.counts.requests / PAGES).toFixed(2)} queries/page`,
  );
  console.log(
    `peak RSS ${run.peakMb.toFixed(0)} MB (${run.rssBeforeMb.toFixed(0)} MB before the task)  429s ${run.counts.rateLimited}  queries ${run.counts.requests}  load average ${loadAverage()}`,
  );
  console.log(
    `credits charged ${ledgerTotal(BalanceTransactionType.Charge)}, refunded ${ledgerTotal(BalanceTransactionType.Refund)}; task cost ${task.cost}, success ${task.successCount}/${task.totalCount}, errors ${task.errorCount}`,
  );
  console.log(
    `index states: indexed ${states.indexed}, not indexed ${states.notIndexed}, unverified ${states.unverified}; history rows ${history}; wrong ${wrong}`,
  );
  for (const example of examples) console.log(`  wrong: ${example}`);

  const expectedQueries = PAGES + states.expectedNotIndexed;
  // The speed aim is reported, not enforced: the figure depends on the machine's load (see the README).
  console.log(`aim (queries within 10% of the limit): ${queriesPerSecond >= RATE * 0.9 ? 'met' : 'not met'}`);
  writeBenchFigures({
    bench: 'index check task (search provider stand-in, rate-limited)',
    order: 30,
    figures: [
      {
        what: `${PAGES.toLocaleString('en-US')} pages checked against a provider limit of ${RATE} queries/s`,
        figure: `${queriesPerSecond.toFixed(1)} queries/s (${percent(queriesPerSecond)}), ${run.counts.rateLimited} answers 429, ${wrong} states wrong, peak RSS ${run.peakMb.toFixed(0)} MB`,
        aim: `≥ 90% of ${RATE} queries/s, no 429, no wrong state`,
        met: queriesPerSecond >= RATE * 0.9 && run.counts.rateLimited === 0 && wrong === 0,
      },
    ],
  });
  const ok =
    task.statusId === TaskStatus.Done &&
    wrong === 0 &&
    run.counts.rateLimited === 0 &&
    run.counts.requests === expectedQueries;
  if (run.counts.requests !== expectedQueries)
    console.log(`  queries: expected ${expectedQueries} (one per page, two per page not indexed)`);
  if (!ok) process.exitCode = 1;
}

/** Every link's stored state against what the stand-in knows (isIndexed). */
async function verifyIndexStates(ctx: AppContext, campaignId: number) {
  const stored = await ctx.db
    .select({ url: links.url, indexing: links.indexing })
    .from(links)
    .where(eq(links.campaignId, campaignId));
  const states = { indexed: 0, notIndexed: 0, unverified: 0, expectedNotIndexed: 0 };
  let wrong = 0;
  const examples: string[] = [];
  for (const link of stored) {
    const i = pageNumber(link.url);
    const expected = isIndexed(i) ? IndexState.Indexed : IndexState.NotIndexed;
    if (expected === IndexState.NotIndexed) states.expectedNotIndexed++;
    if (link.indexing === IndexState.Indexed) states.indexed++;
    else if (link.indexing === IndexState.NotIndexed) states.notIndexed++;
    else states.unverified++;
    if (link.indexing !== expected) {
      wrong++;
      if (examples.length < 5) examples.push(`${link.url}: ${link.indexing}, expected ${expected}`);
    }
  }
  if (stored.length !== PAGES) {
    wrong += Math.abs(PAGES - stored.length);
    examples.push(`${stored.length} links stored, ${PAGES} seeded`);
  }
  return { states, wrong, examples };
}

function statusName(statusId: number) {
  return Object.entries(TaskStatus).find(([, id]) => id === statusId)?.[0] ?? String(statusId);
}

function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
