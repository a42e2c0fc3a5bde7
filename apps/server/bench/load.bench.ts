/**
 * npm run bench, load part: the real server (child processes, as an operator runs them) on PostgreSQL
 * with a campaign of 100,000 links and a check task kept running, under 50 and then 200 concurrent
 * clients sending what a cold load of the dashboard and of a campaign page asks for (app/firstReads.ts,
 * the sidebar's badges), each the next as soon as the last answered, 60 s per level; once with ROLE=all
 * and once with the API and the worker in separate processes. Each level is measured next to a
 * yardstick in the same run, in turns with the calls: the same clients sending `GET /api/health` (the
 * token looked up, one `select 1`), so the machine's share of the time reads apart from the calls' own:
 * a figure is a time and a multiple of the yardstick's. Prints errors, p50 and p99 per level and
 * p50/p95 per call (aims: 0 errors, p99 under 300 ms at 50 clients and under 800 ms at 200). Then it
 * kills one of two workers with SIGKILL mid-task and times how long its items wait before the other
 * takes them over (the default lease).
 * LOAD_BENCH_SECONDS shortens each level (default 60; the yardstick runs a third of it, at least 10 s);
 * LOAD_BENCH_LINKS changes the campaign's size, LOAD_BENCH_DB_NAME the database's name;
 * LOAD_BENCH_MODES=all measures ROLE=all alone, =split the API and the worker apart alone, and
 * LOAD_BENCH_TAKEOVER=0 skips the takeover (for profiling); LOAD_BENCH_NODE_FLAGS are handed to node in
 * the server processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`); BENCH_DATABASE_URL names the
 * PostgreSQL (the bench's database is created and dropped there).
 */

import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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
/** The bench's own database on that server (LOAD_BENCH_DB_NAME), so two benches at once do not collide. */
const DATABASE = process.env.LOAD_BENCH_DB_NAME ?? 'lw_bench_load';
const LINK_COUNT = Number(process.env.LOAD_BENCH_LINKS ?? 100_000);
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 60);
const LEVELS = [50, 200];
const YARDSTICK_SECONDS = Math.max(10, Math.round(SECONDS / 3));
/** Each level runs the pages' calls and the yardstick in turns of about 10 s of the calls. */
const SLICES = Math.max(1, Math.round(SECONDS / 10));
const MODES = (['ROLE=all', 'ROLE=api + ROLE=worker'] as const).filter((mode) => {
  const only = process.env.LOAD_BENCH_MODES;
  return !only || (only === 'all') === (mode === 'ROLE=all');
});
const TAKEOVER = process.env.LOAD_BENCH_TAKEOVER !== '0';
const NODE_FLAGS = process.env.LOAD_BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
// The pages the running check works on: the checker benchmark's donor web (50 loopback hosts).
const TASK_PAGES = 20_000;

interface FixtureReady {
  origins: string[];
}

interface LevelRow {
  mode: string;
  clients: number;
  load: LoadResult;
  yardstick: LoadResult;
  pagesChecked: number;
}
const rows: LevelRow[] = [];

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
      const server = await startServerProcess({ role, env, nodeFlags: NODE_FLAGS });
      servers.push(server);
      return server;
    };
    const stopAll = async () => {
      await keeper?.stop();
      keeper = null;
      // SIGTERM: workers finish their batches and give their leases back; the next mode starts clean.
      await Promise.all(servers.splice(0).map((s) => s.kill('SIGTERM')));
    };

    for (const mode of MODES) {
      const api = mode === 'ROLE=all' ? await start('all') : await start('api');
      if (mode !== 'ROLE=all') await start('worker');
      const origin = api.origin!;
      // A task left by the last mode may hold leases of workers now gone: a fresh one starts at once.
      await cancelRunningTasks({ db: database.db, origin, token: setup.token });
      keeper = keepCheckRunning({ db: database.db, origin, ...setup });
      await waitForRunningTask(database.db);
      await runLoad({ origin, token: setup.token, clients: 10, seconds: 3, calls: callsOf(setup) }); // warm-up
      for (const clients of LEVELS) {
        await measureLevel({ db: database.db, mode, origin, apiPid: api.pid, clients, setup });
      }
      await stopAll();
    }

    const waited = TAKEOVER ? await measureTakeover({ db: database.db, start, setup }) : null;
    console.table(rows.map(tableRow));
    if (waited) {
      console.log(
        `dead worker's items waited ${(waited.ms / 1000).toFixed(1)} s before another worker took them (lease ${waited.leaseSeconds} s, ${waited.items} items orphaned)`,
      );
    }
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

/** One level: the page's calls, then the yardstick with the same clients, the check running throughout. */
async function measureLevel(params: {
  db: Db;
  mode: string;
  origin: string;
  apiPid: number;
  clients: number;
  setup: Setup;
}) {
  const { origin, apiPid, clients, setup } = params;
  const calls = callsOf(setup);
  const pages = noSamples(calls);
  const health = noSamples(['health']);
  const startedAt = new Date();
  // In turns, so both see the same machine: its share left by other work drifts within a minute.
  for (let slice = 0; slice < SLICES; slice++) {
    await runLoad({
      origin,
      apiPid,
      token: setup.token,
      clients,
      seconds: SECONDS / SLICES,
      calls,
      into: pages,
    });
    const seconds = YARDSTICK_SECONDS / SLICES;
    await runLoad({ origin, apiPid, token: setup.token, clients, seconds, calls: ['health'], into: health });
  }
  const load = summarise(pages);
  const yardstick = summarise(health);
  const pagesChecked = await pagesCheckedSince(params.db, startedAt);
  const row = { mode: params.mode, clients, load, yardstick, pagesChecked };
  rows.push(row);
  console.log(JSON.stringify(tableRow(row)));
  console.log(`  per call, p50/p95 (ms): ${load.perCall}`);
  if (load.errorSamples.length > 0) console.log('  errors, e.g.:', load.errorSamples.join(' | '));
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
/** The API's CPU time per answered call. */
const cpuOf = (result: LoadResult) => `${result.cpuMsPerCall.toFixed(2)} ms`;
/** A time as a multiple of the yardstick's. */
const times = (value: number, yardstick: number) => `${(value / Math.max(yardstick, 1)).toFixed(1)}×`;

function tableRow({ mode, clients, load, yardstick, pagesChecked }: LevelRow) {
  return {
    mode,
    clients,
    requests: load.count,
    'req/s': Math.round(load.count / SECONDS),
    errors: load.errors,
    p50: ms(load.p50),
    p99: ms(load.p99),
    'health p50': ms(yardstick.p50),
    'health p99': ms(yardstick.p99),
    'p50 / health p50': times(load.p50, yardstick.p50),
    'p99 / health p99': times(load.p99, yardstick.p99),
    'API CPU a call': cpuOf(load),
    'health CPU a call': cpuOf(yardstick),
    'pages checked meanwhile': pagesChecked,
  };
}

/** Aims: no errors, p99 under 300 ms at 50 clients and under 800 ms at 200; each read against the yardstick too. */
function writeFigures(waited: { ms: number; items: number; leaseSeconds: number } | null) {
  const aimMs = (clients: number) => (clients <= 50 ? 300 : 800);
  const figures: BenchFigure[] = rows.flatMap(({ mode, clients, load, yardstick }) => {
    const aim = aimMs(clients);
    const scope = `${mode}, ${clients} clients, a check running (${LINK_COUNT.toLocaleString('en-US')} links)`;
    return [
      {
        what: `${scope}: the pages' calls`,
        figure: `${load.errors} errors, ${Math.round(load.count / SECONDS)} req/s, p50 ${ms(load.p50)} (${times(load.p50, yardstick.p50)} the yardstick's), p99 ${ms(load.p99)} (${times(load.p99, yardstick.p99)}); the API's CPU ${cpuOf(load)} a call`,
        aim: `0 errors, p99 < ${aim} ms (${times(aim, yardstick.p99)} the yardstick's p99)`,
        met: load.errors === 0 && load.p99 < aim,
      },
      {
        what: `${scope}: yardstick, GET /api/health`,
        figure: `${yardstick.errors} errors, ${Math.round(yardstick.count / YARDSTICK_SECONDS)} req/s, p50 ${ms(yardstick.p50)}, p99 ${ms(yardstick.p99)}; the API's CPU ${cpuOf(yardstick)} a call`,
      },
    ];
  });
  if (waited) {
    figures.push({
      what: `a SIGKILLed worker's ${waited.items} items taken over by another worker`,
      figure: `after ${(waited.ms / 1000).toFixed(1)} s`,
      aim: `one lease (${waited.leaseSeconds} s)`,
      met: waited.ms < (waited.leaseSeconds + 5) * 1000,
    });
  }
  writeBenchFigures({
    bench: 'load: the real server as processes (PostgreSQL)',
    order: 35,
    figures,
    notes: `each level ${SECONDS} s of the pages' calls (${callsOf({ campaignId: 0, projectId: 0 } as Setup).length} in turn, app/firstReads.ts and the sidebar's badges), and ${YARDSTICK_SECONDS} s of the yardstick with the same clients, in ${SLICES} turns each`,
  });
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

/**
 * What a cold load of a campaign page and of the dashboard asks for (apps/web/src/app/firstReads.ts:
 * the page's reads and the frame's), and the sidebar's badges (lib/sidebarCounts.ts).
 */
function callsOf(setup: Pick<Setup, 'campaignId'>): string[] {
  const c = `filter[campaign]=${setup.campaignId}`;
  const list = `${c}&filter[type]=2`;
  return [
    // The campaign page.
    `campaigns/${setup.campaignId}`,
    `links/counts?${c}`,
    `links/codes?${list}`,
    `links/statistic?${list}`,
    `links?${list}&page[number]=1&page[size]=50`,
    'actions/list',
    `actions?page[number]=1&page[size]=50&${c}`,
    // The dashboard.
    'projects?page[number]=1&page[size]=100&sort=isFavorite',
    'projects/statistic',
    'links/codes',
    // The frame of every page.
    'user/me',
    'user/balance',
    'settings',
    'actions/count?filter[statuses]=process,waiting',
    'reports/new',
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

interface Samples {
  times: number[];
  /** CPU time the API's process used meanwhile (ROLE=all: with the check's share). */
  cpuMs: number;
  perCall: Map<string, number[]>;
  errors: number;
  errorSamples: string[];
}

const noSamples = (calls: string[]): Samples => ({
  times: [],
  cpuMs: 0,
  perCall: new Map(calls.map((call) => [call, []])),
  errors: 0,
  errorSamples: [],
});

interface LoadResult {
  count: number;
  errors: number;
  errorSamples: string[];
  p50: number;
  p99: number;
  /** The API process's CPU time per answered call, which the machine's load does not inflate as it does a wait. */
  cpuMsPerCall: number;
  /** Each call's p50/p95, where the time goes. */
  perCall: string;
}

function summarise(samples: Samples): LoadResult {
  const perCall = [...samples.perCall].map(
    ([call, times]) =>
      `${call.split('?')[0]} ${percentile(times, 0.5).toFixed(0)}/${percentile(times, 0.95).toFixed(0)}`,
  );
  return {
    count: samples.times.length,
    errors: samples.errors,
    errorSamples: samples.errorSamples,
    p50: percentile(samples.times, 0.5),
    p99: percentile(samples.times, 0.99),
    cpuMsPerCall: samples.cpuMs / Math.max(samples.times.length, 1),
    perCall: perCall.join(', '),
  };
}

/**
 * `clients` loops, each sending its next call as soon as the last one answered, for `seconds`; the
 * times go `into` the samples given (a level's turns add up).
 */
async function runLoad(params: {
  origin: string;
  /** The API's process, whose CPU time is added to the samples'. */
  apiPid?: number;
  token: string;
  clients: number;
  seconds: number;
  calls: string[];
  into?: Samples;
}): Promise<Samples> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: params.clients });
  const samples = params.into ?? noSamples(params.calls);
  const deadline = performance.now() + params.seconds * 1000;
  const cpuBefore = params.apiPid ? await cpuMsOf(params.apiPid) : 0;
  await Promise.all(
    Array.from({ length: params.clients }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i++) {
        const url = params.calls[i % params.calls.length];
        const started = performance.now();
        try {
          const status = await request({ origin: params.origin, token: params.token, url, agent });
          if (status !== 200) throw new Error(`${status} ${url}`);
        } catch (error) {
          samples.errors += 1;
          if (samples.errorSamples.length < 5) samples.errorSamples.push(String((error as Error).message));
        }
        const took = performance.now() - started;
        samples.times.push(took);
        samples.perCall.get(url)?.push(took);
      }
    }),
  );
  if (params.apiPid) samples.cpuMs += (await cpuMsOf(params.apiPid)) - cpuBefore;
  agent.destroy();
  return samples;
}

/** Clock ticks a second in /proc's figures (CLK_TCK, 100 on Linux's usual builds). */
const CLOCK_TICKS = 100;

/** The CPU time (user and system) a process has used so far, in ms, from /proc/{pid}/stat. */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis start at the 3rd (state); utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
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
