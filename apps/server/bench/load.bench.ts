/**
 * npm run bench, load part: the real server (child processes, as an operator runs them) on PostgreSQL
 * with a campaign of 100,000 links and a check task kept running, under 50 and then 200 concurrent
 * clients calling what the dashboard and the campaign page call, 60 s per level; once with ROLE=all
 * and once with the API and the worker in separate processes. Prints errors, p50 and p99 per level
 * (aims: 0 errors, p99 under 300 ms at 50 clients and under 800 ms at 200). Then it kills one of two
 * workers with SIGKILL mid-task and times how long its items wait before the other takes them over
 * (the default lease).
 * LOAD_BENCH_SECONDS shortens each level (default 60); LOAD_BENCH_LINKS changes the campaign's size;
 * BENCH_DATABASE_URL names the PostgreSQL (the bench's database is created and dropped there).
 */

import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import { type BenchFigure, writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import { loadConfig } from '../src/config.ts';
import { type Db, rawRows } from '../src/db/client.ts';
import { campaigns, links, projects, users } from '../src/db/schema/index.ts';
import { createAccessToken } from '../src/modules/auth/auth.queries.ts';
import { applyLedgerEntry } from '../src/modules/balance/ledger.ts';
import { withDatabase } from '../src/test/database-names.ts';
import { type ServerProcess, startServerProcess } from '../src/test/server-process.ts';
import { benchDatabase, postgresSeed, seedCampaign } from './bench-db.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'lw_bench_load';
const LINK_COUNT = Number(process.env.LOAD_BENCH_LINKS ?? 100_000);
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 60);
const LEVELS = [50, 200];
// The pages the running check works on: the checker benchmark's donor web (50 loopback hosts).
const TASK_PAGES = 20_000;

interface FixtureReady {
  origins: string[];
}

const rows: Record<string, string | number>[] = [];

async function main() {
  const fixture = await startFixtureWeb();
  const database = await benchDatabase(ADMIN_URL, DATABASE);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lw-load-'));
  const servers: ServerProcess[] = [];
  let keeper: { stop(): Promise<void> } | null = null;
  try {
    const setup = await seed(database.db, database.pool!, fixture.ready.origins);
    const env = {
      DATABASE_URL: withDatabase(ADMIN_URL, DATABASE),
      DATA_DIR: dataDir,
      CHECKER_ALLOW_PRIVATE_NETWORKS: '1',
    };
    const start = async (role: 'all' | 'api' | 'worker') => {
      const server = await startServerProcess({ role, env });
      servers.push(server);
      return server;
    };
    const stopAll = async () => {
      await keeper?.stop();
      keeper = null;
      // SIGTERM: workers finish their batches and give their leases back; the next mode starts clean.
      await Promise.all(servers.splice(0).map((s) => s.kill('SIGTERM')));
    };

    for (const mode of ['ROLE=all', 'ROLE=api + ROLE=worker'] as const) {
      const api = mode === 'ROLE=all' ? await start('all') : await start('api');
      if (mode !== 'ROLE=all') await start('worker');
      const origin = api.origin!;
      // A task left by the last mode may hold leases of workers now gone: a fresh one starts at once.
      await cancelRunningTasks({ db: database.db, origin, token: setup.token });
      keeper = keepCheckRunning({ db: database.db, origin, ...setup });
      await waitForRunningTask(database.db);
      await runLoad({ origin, token: setup.token, clients: 10, seconds: 3, calls: callsOf(setup) }); // warm-up
      for (const clients of LEVELS) {
        const result = await runLoad({
          origin,
          token: setup.token,
          clients,
          seconds: SECONDS,
          calls: callsOf(setup),
        });
        const checked = await pagesCheckedSince(database.db, result.startedAt);
        const row = {
          mode,
          clients,
          requests: result.count,
          'req/s': Math.round(result.count / SECONDS),
          errors: result.errors,
          p50: `${result.p50.toFixed(0)} ms`,
          p99: `${result.p99.toFixed(0)} ms`,
          'pages checked meanwhile': checked,
        };
        rows.push(row);
        console.log(JSON.stringify(row));
        console.log(`  medians per call (ms): ${result.medians}`);
        if (result.errorSamples.length > 0) console.log('  errors, e.g.:', result.errorSamples.join(' | '));
      }
      await stopAll();
    }

    const waited = await measureTakeover({ db: database.db, start, setup });
    console.table(rows);
    console.log(
      `dead worker's items waited ${(waited.ms / 1000).toFixed(1)} s before another worker took them (lease ${waited.leaseSeconds} s, ${waited.items} items orphaned)`,
    );
    writeFigures(waited);
    await stopAll();
  } finally {
    await keeper?.stop();
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    fixture.child.disconnect();
  }
}

/** Aims: no errors, p99 under 300 ms at 50 clients and under 800 ms at 200. */
function writeFigures(waited: { ms: number; items: number; leaseSeconds: number }) {
  const aimMs = (clients: number) => (clients <= 50 ? 300 : 800);
  const figures: BenchFigure[] = rows.map((row) => {
    const clients = Number(row.clients);
    return {
      what: `${row.mode}, ${clients} clients, a check running (${LINK_COUNT.toLocaleString('en-US')} links)`,
      figure: `${row.errors} errors, ${row['req/s']} req/s, p50 ${row.p50}, p99 ${row.p99}`,
      aim: `0 errors, p99 < ${aimMs(clients)} ms`,
      met: row.errors === 0 && Number.parseInt(String(row.p99), 10) < aimMs(clients),
    };
  });
  figures.push({
    what: `a SIGKILLed worker's ${waited.items} items taken over by another worker`,
    figure: `after ${(waited.ms / 1000).toFixed(1)} s`,
    aim: `one lease (${waited.leaseSeconds} s)`,
    met: waited.ms < (waited.leaseSeconds + 5) * 1000,
  });
  writeBenchFigures({ bench: 'load: the real server as processes (PostgreSQL)', order: 35, figures });
}

type Setup = Awaited<ReturnType<typeof seed>>;

/** One user with a project, the 100,000-link campaign the clients read and a campaign the check works on. */
async function seed(
  db: Db,
  pool: NonNullable<Awaited<ReturnType<typeof benchDatabase>>['pool']>,
  origins: string[],
) {
  const [user] = await db
    .insert(users)
    .values({ name: 'Load', email: 'load@example.com', passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  await db.transaction((tx) => applyLedgerEntry(tx, { userId: user.id, value: 100_000_000, typeId: 1 }));
  const [project] = await db
    .insert(projects)
    .values({
      userId: user.id,
      name: 'Load',
      mainDomain: 'acceptor.example',
      domains: ['acceptor.example', 'partner.example', 'site.example.com'],
    })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: user.id, projectId: project.id, name: 'Watched' })
    .returning();
  const [work] = await db
    .insert(campaigns)
    .values({ userId: user.id, projectId: project.id, name: 'Being checked' })
    .returning();
  const started = performance.now();
  await seedCampaign(postgresSeed(pool), {
    userId: user.id,
    projectId: project.id,
    campaignId: campaign.id,
    count: LINK_COUNT,
  });
  const urls = Array.from({ length: TASK_PAGES }, (_, i) => `${origins[i % origins.length]}/p/${i}`);
  for (let i = 0; i < urls.length; i += 5_000) {
    await db
      .insert(links)
      .values(
        urls
          .slice(i, i + 5_000)
          .map((url) => ({ userId: user.id, projectId: project.id, campaignId: work.id, tier: 1, url })),
      );
  }
  console.log(
    `seeded ${LINK_COUNT.toLocaleString('en-US')} links (+${TASK_PAGES.toLocaleString('en-US')} to check) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    token: await createAccessToken(db, user.id),
    campaignId: campaign.id,
    workCampaignId: work.id,
    projectId: project.id,
  };
}

/** What the dashboard and a campaign page ask for (apps/web/src/features/{projects,links,shell,tasks}). */
function callsOf(setup: Setup): string[] {
  const c = `filter[campaign]=${setup.campaignId}`;
  return [
    `links?${c}&filter[type]=2&page[number]=1&page[size]=50`,
    `links?${c}&filter[type]=2&sort=-dateCheckData&page[number]=7&page[size]=50`,
    `links/counts?${c}`,
    `links/count?${c}&filter[type]=2`,
    'projects?page[number]=1&page[size]=100&sort=isFavorite',
    'projects/statistic',
    'actions/count?filter[statuses]=process,waiting',
  ];
}

/** Keeps a check of the work campaign running: when one ends, the next starts (over the API, charged). */
function keepCheckRunning(params: { db: Db; origin: string; token: string; workCampaignId: number }) {
  let running = true;
  const loop = (async () => {
    while (running) {
      if (!(await runningTask(params.db))) {
        await request({
          origin: params.origin,
          token: params.token,
          method: 'POST',
          url: `actions/${ActionCode.CheckBacklinks}/start?campaign=${params.workCampaignId}`,
        }).catch(() => undefined);
      }
      await sleep(500);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

async function runningTask(db: Db): Promise<number | null> {
  const [row] = await rawRows<{ id: number }>(
    db,
    sql`select id from actions where status_id in (${TaskStatus.Waiting}, ${TaskStatus.Process}) limit 1`,
  );
  return row ? Number(row.id) : null;
}

async function cancelRunningTasks(params: { db: Db; origin: string; token: string }) {
  for (let id = await runningTask(params.db); id !== null; id = await runningTask(params.db)) {
    const status = await request({ ...params, method: 'POST', url: `actions/${id}/cancel` });
    if (status !== 200) throw new Error(`cancelling task ${id} answered ${status}`);
  }
}

async function waitForRunningTask(db: Db) {
  while ((await runningTask(db)) === null) await sleep(100);
}

async function pagesCheckedSince(db: Db, since: Date) {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from action_items where processed_at >= ${since.toISOString()}::timestamptz`,
  );
  return row.n;
}

/** `clients` loops, each sending its next call as soon as the last one answered, for `seconds`. */
async function runLoad(params: {
  origin: string;
  token: string;
  clients: number;
  seconds: number;
  calls: string[];
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: params.clients });
  const samples: number[] = [];
  const perCall = new Map<string, number[]>(params.calls.map((call) => [call, []]));
  const errorSamples: string[] = [];
  let errors = 0;
  const startedAt = new Date();
  const deadline = performance.now() + params.seconds * 1000;
  await Promise.all(
    Array.from({ length: params.clients }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i++) {
        const url = params.calls[i % params.calls.length];
        const started = performance.now();
        try {
          const status = await request({ origin: params.origin, token: params.token, url, agent });
          if (status !== 200) throw new Error(`${status} ${url}`);
        } catch (error) {
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(String((error as Error).message));
        }
        samples.push(performance.now() - started);
        perCall.get(url)?.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  // Which calls the time goes to: the median of each.
  const medians = [...perCall].map(
    ([call, times]) => `${call.split('?')[0]} ${percentile(times, 0.5).toFixed(0)}`,
  );
  return {
    count: samples.length,
    errors,
    errorSamples,
    p50: percentile(samples, 0.5),
    p99: percentile(samples, 0.99),
    medians: medians.join(', '),
    startedAt,
  };
}

function percentile(samples: number[], q: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function request(params: {
  origin: string;
  token: string;
  url: string;
  method?: 'GET' | 'POST';
  agent?: http.Agent;
}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${params.origin}/api/${params.url}`,
      {
        method: params.method ?? 'GET',
        agent: params.agent,
        headers: {
          authorization: `Bearer ${params.token}`,
          accept: 'application/json',
          'x-localization': 'en',
        },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout ${params.url}`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Two workers on a running check; one is killed with SIGKILL while it holds items. Answers the time
 * from the kill to the first of its items being claimed by the other (the default lease).
 */
async function measureTakeover(params: {
  db: Db;
  start: (role: 'all' | 'api' | 'worker') => Promise<ServerProcess>;
  setup: Setup;
}) {
  const api = await params.start('api');
  await cancelRunningTasks({ db: params.db, origin: api.origin!, token: params.setup.token });
  const keeper = keepCheckRunning({ db: params.db, origin: api.origin!, ...params.setup });
  await waitForRunningTask(params.db);
  const [victim] = await Promise.all([params.start('worker'), params.start('worker')]);
  const prefix = `worker-${victim.pid}-%`;
  const held = async () => {
    const rows = await rawRows<{ id: number }>(
      params.db,
      sql`select id from action_items
        where status = 0 and locked_by like ${prefix} and locked_until > now()`,
    );
    return rows.map((r) => Number(r.id));
  };
  while ((await held()).length === 0) await sleep(50);
  await victim.kill('SIGKILL');
  const killedAt = performance.now();
  const orphaned = await held();
  for (;;) {
    const [taken] = await rawRows<{ n: number }>(
      params.db,
      sql`select count(*)::int as n from action_items
        where id in (select unnest(${`{${orphaned.join(',')}}`}::bigint[])) and locked_by not like ${prefix}`,
    );
    if (taken.n > 0) break;
    if (performance.now() - killedAt > 300_000)
      throw new Error('the dead worker’s items were never taken over');
    await sleep(100);
  }
  const waited = performance.now() - killedAt;
  await keeper.stop();
  return { ms: waited, items: orphaned.length, leaseSeconds: loadConfig({}).worker.leaseSeconds };
}

async function startFixtureWeb(): Promise<{ child: ChildProcess; ready: FixtureReady }> {
  const script = new URL('../../../packages/checker/bench/fixture-server.ts', import.meta.url);
  const child = fork(script, [String(TASK_PAGES)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<FixtureReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as FixtureReady));
    child.once('exit', (code) => reject(new Error(`fixture web exited with ${code}`)));
  });
  return { child, ready };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
