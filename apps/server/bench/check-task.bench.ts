/**
 * npm run bench, engine part (d): a whole check task through the product. A generated donor web
 * (the checker benchmark's, in a child process over 50 loopback addresses) is checked by a real
 * task: started through the API, charged, worked by the worker loop, results stored on PostgreSQL.
 * The campaign is checked twice (a first check, then a recheck of the unchanged pages). Pages:
 * argv[2] or BENCH_TASK_PAGES (default 10000). Prints pages/s and peak RSS of each and verifies
 * every stored result against the fixture's ground truth.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createChecker } from '@linkwatch/checker';
import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { type BenchFigure, writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import { buildApp } from '../src/app.ts';
import { createUser } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openPostgres } from '../src/db/client.ts';
import { actions, campaigns, links, projects } from '../src/db/schema/index.ts';
import { inProcessBus } from '../src/events/bus.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createAccessToken } from '../src/modules/auth/auth.queries.ts';
import { applyLedgerEntry } from '../src/modules/balance/ledger.ts';
import { captchaOff } from '../src/providers/captcha/captcha.ts';
import { createProviders } from '../src/providers/index.ts';
import { withDatabase } from '../src/test/database-names.ts';
import { createWorker } from '../src/worker/worker.ts';

interface FixtureReady {
  origins: string[];
  truth: Array<{ responseCode: number; backlinks: string[] }>;
  kinds: string[];
}

const pageCount = Number(process.argv[2] ?? process.env.BENCH_TASK_PAGES ?? 10_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'lw_bench_task';

async function startFixtureWeb(): Promise<{ child: ChildProcess; ready: FixtureReady }> {
  const script = new URL('../../../packages/checker/bench/fixture-server.ts', import.meta.url);
  const child = fork(script, [String(pageCount)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<FixtureReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as FixtureReady));
    child.once('exit', (code) => reject(new Error(`fixture web exited with ${code}`)));
  });
  return { child, ready };
}

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
}

function trackPeakRss() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(peak / 1024 / 1024);
    },
  };
}

const { child, ready } = await startFixtureWeb();
await recreateDatabase();
const database = openPostgres(withDatabase(adminUrl, DATABASE), 20);
await database.migrate();
const log = pino({ level: 'warn' });
const config = loadConfig({
  DATABASE_URL: 'bench',
  WEB_DIST: '/nonexistent',
  DATA_DIR: '/tmp/linkwatch-bench',
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

// The same client settings as the checker benchmark; private networks allowed: the fixture is on loopback.
const checker = createChecker({ allowPrivateNetworks: true });
// The product's worker settings, unless BENCH_WORKER_SLOTS asks for another number of batches at once.
const slots = process.env.BENCH_WORKER_SLOTS ? Number(process.env.BENCH_WORKER_SLOTS) : undefined;
const worker = createWorker({ db: ctx.db, checker, providers: ctx.providers, log }, { slots });
const app = await buildApp(ctx);

try {
  const user = await createUser(ctx.db, { email: 'bench@example.com', password: 'bench-password' });
  await ctx.db.transaction((tx) =>
    applyLedgerEntry(tx, { userId: user.id, value: pageCount * 2, typeId: 1 }),
  );
  const [project] = await ctx.db
    .insert(projects)
    .values({
      userId: user.id,
      name: 'Bench',
      mainDomain: 'acceptor.example',
      domains: ['acceptor.example', 'partner.example'],
    })
    .returning();
  const [campaign] = await ctx.db
    .insert(campaigns)
    .values({ userId: user.id, projectId: project.id, name: 'Bench', tier: 1 })
    .returning();
  const urls = ready.truth.map((_, i) => `${ready.origins[i % ready.origins.length]}/p/${i}`);
  for (let i = 0; i < urls.length; i += 5_000) {
    await ctx.db
      .insert(links)
      .values(
        urls
          .slice(i, i + 5_000)
          .map((url) => ({ userId: user.id, projectId: project.id, campaignId: campaign.id, tier: 1, url })),
      );
  }
  const token = await createAccessToken(ctx.db, user.id);

  console.log(`check task: ${pageCount} pages on ${ready.origins.length} loopback hosts`);
  worker.start();
  const figures: BenchFigure[] = [];
  // A first check stores every backlink and reports each as found; a recheck of unchanged pages
  // (what schedules mostly do) finds the same and writes less.
  for (const label of ['first', 'recheck']) {
    const rss = trackPeakRss();
    const started = performance.now();
    await runTaskToEnd(token, campaign.id);
    const seconds = (performance.now() - started) / 1000;
    const peakRssMb = rss.stop();
    const { verified, mismatches } = await verifyStoredResults(campaign.id, urls);
    const [{ history }] = await ctx.db
      .execute(sql`select count(*)::int as history from backlink_check_histories`)
      .then((r) => (r as unknown as { rows: { history: number }[] }).rows);
    console.log(
      `${label.padEnd(10)} ${String(Math.round(pageCount / seconds)).padStart(6)} pages/s  ${seconds.toFixed(1).padStart(7)} s  peak RSS ${String(peakRssMb).padStart(4)} MB  verified ${verified}/${pageCount}  history rows ${history}`,
    );
    for (const m of mismatches) console.log(`  mismatch: ${m}`);
    if (verified !== pageCount) process.exitCode = 1;
    figures.push({
      what: `${label === 'first' ? 'first check' : 'recheck'} of ${pageCount.toLocaleString('en-US')} pages`,
      figure: `${Math.round(pageCount / seconds)} pages/s, peak RSS ${peakRssMb} MB, ${verified}/${pageCount} verified`,
    });
  }
  await worker.stop();
  writeBenchFigures({
    bench: 'whole check task through the product (PostgreSQL)',
    order: 15,
    figures,
    notes:
      'the checker library alone is the yardstick: the task adds the API, the ledger, the worker loop and PostgreSQL on the same cores',
  });
} finally {
  await app.close();
  await checker.close();
  await database.close();
  child.disconnect();
}

/** Starts a check of the whole campaign over the API and waits until it is Done. */
async function runTaskToEnd(token: string, campaignId: number) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/actions/${ActionCode.CheckBacklinks}/start?campaign=${campaignId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 201) throw new Error(`start failed: ${response.body}`);
  const actionId = response.json().data.id as number;
  for (;;) {
    const [row] = await ctx.db.select().from(actions).where(eq(actions.id, actionId));
    if (row.statusId === TaskStatus.Done || row.statusId === TaskStatus.Fail) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every stored link against the fixture's ground truth. */
async function verifyStoredResults(campaignId: number, urls: string[]) {
  const stored = await ctx.db
    .select({ url: links.url, responseCode: links.responseCode, countBacklinks: links.countBacklinks })
    .from(links)
    .where(eq(links.campaignId, campaignId));
  const byUrl = new Map(stored.map((row) => [row.url, row]));
  let verified = 0;
  const mismatches: string[] = [];
  urls.forEach((url, i) => {
    const row = byUrl.get(new URL(url).toString());
    const truth = ready.truth[i];
    const readable = ready.kinds[i] === 'ok' || ready.kinds[i] === 'gzip' || ready.kinds[i] === 'redirect';
    const expectedCount = readable ? truth.backlinks.length : null;
    if (row && row.responseCode === truth.responseCode && row.countBacklinks === expectedCount) verified += 1;
    else if (mismatches.length < 5)
      mismatches.push(`${url}: got ${JSON.stringify(row)}, expected ${truth.responseCode}/${expectedCount}`);
  });
  return { verified, mismatches };
}
