/**
 * npm run bench, scale-out part: one API process and 1, 2 and 4 worker processes (ROLE=worker, as an
 * operator adds them) on one PostgreSQL, checking a campaign of 20,000 links spread over 256 hosts of a
 * donor web whose every answer takes 200 ms (bench/slow-web.ts, a child process). With
 * CHECKER_CONCURRENCY pages in flight per worker (64 by default) a worker can do at most 64 / 0.2 s =
 * 320 pages/s; the aim is 95% of that per worker for 1 and 2 workers, every page fetched once, every
 * item processed once, and never more than CHECKER_PER_HOST requests to one host at once between
 * all the workers. Prints pages/s against the limit, the CPU the parts used, and writes the figures.
 * SCALE_BENCH_LINKS, SCALE_BENCH_WORKERS ("1,2,4") change the run; BENCH_DATABASE_URL names the
 * PostgreSQL (the bench's database is created and dropped there).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import { cpuSecondsOf, machineBusySeconds } from '../../../packages/checker/bench/cpu.ts';
import { writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import { type Db, rawRows } from '../src/db/client.ts';
import { campaigns, links, projects, users } from '../src/db/schema/index.ts';
import { createAccessToken } from '../src/modules/auth/auth.queries.ts';
import { applyLedgerEntry } from '../src/modules/balance/ledger.ts';
import { withDatabase } from '../src/test/database-names.ts';
import { type ServerProcess, startServerProcess } from '../src/test/server-process.ts';
import { benchDatabase } from './bench-db.ts';
import type { SlowWebReady, SlowWebStats } from './slow-web.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'lw_bench_scale';
const LINKS = Number(process.env.SCALE_BENCH_LINKS ?? 20_000);
const WORKER_COUNTS = (process.env.SCALE_BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const HOSTS = 256;
const DELAY_MS = 200;
const IN_FLIGHT = 64;
const PER_HOST = 2;
const LIMIT_PER_WORKER = IN_FLIGHT / (DELAY_MS / 1000);
const AIM = 0.95;

interface RunFigures {
  workers: number;
  pagesPerSecond: number;
  share: number;
  stats: SlowWebStats;
  itemsTwice: number;
  unchecked: number;
  cpu: CpuShares;
}

async function main() {
  const web = await startSlowWeb();
  const database = await benchDatabase(ADMIN_URL, DATABASE);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lw-scale-'));
  const processes: ServerProcess[] = [];
  const results: RunFigures[] = [];
  try {
    const setup = await seed(database.db, web.origins);
    const env = {
      DATABASE_URL: withDatabase(ADMIN_URL, DATABASE),
      DATA_DIR: dataDir,
      CHECKER_ALLOW_PRIVATE_NETWORKS: '1',
      CHECKER_CONCURRENCY: String(IN_FLIGHT),
      CHECKER_PER_HOST: String(PER_HOST),
    };
    const api = await startServerProcess({ role: 'api', env });
    processes.push(api);
    for (const count of WORKER_COUNTS) {
      const workers = await Promise.all(
        Array.from({ length: count }, () => startServerProcess({ role: 'worker', env })),
      );
      processes.push(...workers);
      await settled(workers);
      const result = await runCheck({ db: database.db, web, api, workers, setup });
      results.push(result);
      printRun(result);
      await Promise.all(workers.map((worker) => worker.kill('SIGTERM')));
    }
  } finally {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    web.child.disconnect();
  }
  report(results);
}

type Setup = Awaited<ReturnType<typeof seed>>;

/**
 * Waits until the new workers are idle: each boots its parse threads after saying it runs, and on two
 * cores a few booting at once would be counted against the check (what is measured is the workers'
 * pace, not their start).
 */
async function settled(workers: ServerProcess[]) {
  const busySeconds = () => workers.reduce((sum, worker) => sum + (cpuSecondsOf(worker.pid) ?? 0), 0);
  const deadline = Date.now() + 20_000;
  for (let before = busySeconds(); Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = busySeconds();
    // Under 5% of a core each over the last half second.
    if (now - before < workers.length * 0.05 * 0.5) return;
    before = now;
  }
}

/** A user with credits and one campaign whose links take turns over the hosts (as a real campaign's donors do). */
async function seed(db: Db, origins: string[]) {
  const [user] = await db
    .insert(users)
    .values({ name: 'Scale', email: 'scale@example.com', passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  await db.transaction((tx) => applyLedgerEntry(tx, { userId: user.id, value: 100_000_000, typeId: 1 }));
  const [project] = await db
    .insert(projects)
    .values({ userId: user.id, name: 'Scale', mainDomain: 'acceptor.example', domains: ['acceptor.example'] })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: user.id, projectId: project.id, name: 'Spread over 256 hosts' })
    .returning();
  const urls = Array.from({ length: LINKS }, (_, i) => `${origins[i % origins.length]}/post/${i}`);
  for (let i = 0; i < urls.length; i += 5_000) {
    await db
      .insert(links)
      .values(
        urls
          .slice(i, i + 5_000)
          .map((url) => ({ userId: user.id, projectId: project.id, campaignId: campaign.id, tier: 1, url })),
      );
  }
  return { token: await createAccessToken(db, user.id), campaignId: campaign.id };
}

/** One check of the whole campaign, started over the API and worked by `workers`; timed by the donor web. */
async function runCheck(params: {
  db: Db;
  web: SlowWeb;
  api: ServerProcess;
  workers: ServerProcess[];
  setup: Setup;
}): Promise<RunFigures> {
  await params.web.ask('reset');
  const cpuBefore = cpuNow(params);
  const response = await fetch(
    `${params.api.origin}/api/actions/${ActionCode.CheckBacklinks}/start?campaign=${params.setup.campaignId}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${params.setup.token}`, accept: 'application/json' },
    },
  );
  if (response.status !== 201) throw new Error(`starting the check answered ${response.status}`);
  const actionId = ((await response.json()) as { data: { id: number } }).data.id;
  await waitUntilFinished(params.db, actionId);
  const stats = await params.web.ask('stats');
  const cpu = cpuShares(cpuBefore, cpuNow(params));
  const [items] = await rawRows<{ twice: number; unchecked: number }>(
    params.db,
    sql`select count(*) filter (where attempts > 1)::int as twice, count(*) filter (where status <> 1)::int as unchecked
      from action_items where action_id = ${actionId}`,
  );
  const pagesPerSecond = stats.pages / ((stats.lastAt - stats.firstAt) / 1000);
  return {
    workers: params.workers.length,
    pagesPerSecond,
    share: pagesPerSecond / (LIMIT_PER_WORKER * params.workers.length),
    stats,
    itemsTwice: items.twice,
    unchecked: items.unchecked,
    cpu,
  };
}

async function waitUntilFinished(db: Db, actionId: number) {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const [row] = await rawRows<{ status: number }>(
      db,
      sql`select status_id as status from actions where id = ${actionId}`,
    );
    if (row.status !== TaskStatus.Waiting && row.status !== TaskStatus.Process) return;
    if (Date.now() > deadline) throw new Error(`task ${actionId} did not finish in 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// CPU time from /proc: of the workers, the API, PostgreSQL's processes and the whole machine, in seconds.
interface CpuSample {
  at: number;
  workers: number;
  api: number;
  /** Per PostgreSQL process: backends come and go with the workers' connections. */
  postgres: Map<number, number>;
  machineBusy: number;
}
type CpuShares = { workers: number; api: number; postgres: number; machine: number };

function cpuNow(params: { api: ServerProcess; workers: ServerProcess[] }): CpuSample {
  return {
    at: performance.now(),
    workers: params.workers.reduce((sum, worker) => sum + (cpuSecondsOf(worker.pid) ?? 0), 0),
    api: cpuSecondsOf(params.api.pid) ?? 0,
    postgres: postgresSeconds(),
    machineBusy: machineBusySeconds(),
  };
}

/** Cores used on average between two samples. */
function cpuShares(before: CpuSample, after: CpuSample): CpuShares {
  const seconds = (after.at - before.at) / 1000;
  let postgres = 0;
  for (const [pid, used] of after.postgres) postgres += used - (before.postgres.get(pid) ?? 0);
  return {
    workers: (after.workers - before.workers) / seconds,
    api: (after.api - before.api) / seconds,
    postgres: postgres / seconds,
    machine: (after.machineBusy - before.machineBusy) / seconds,
  };
}

function postgresSeconds(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const pid = Number(entry);
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        used.set(pid, cpuSecondsOf(pid) ?? 0);
    } catch {}
  }
  return used;
}

/** Requests the web had in flight, on average per second of the run: where the workers left slots empty. */
function inFlightPerSecond(stats: SlowWebStats): number[] {
  const perSecond: number[] = [];
  for (let i = 0; i < stats.inFlightSamples.length; i += 20) {
    const second = stats.inFlightSamples.slice(i, i + 20);
    perSecond.push(Math.round(second.reduce((a, b) => a + b, 0) / second.length));
  }
  return perSecond;
}

function printRun(run: RunFigures) {
  console.log(
    `${run.workers} worker(s): ${run.pagesPerSecond.toFixed(0)} pages/s, ${(run.share * 100).toFixed(1)}% of the limit ` +
      `(${LIMIT_PER_WORKER * run.workers}); pages fetched ${run.stats.pages}, twice ${run.stats.repeated}, ` +
      `items processed twice ${run.itemsTwice}, unchecked ${run.unchecked}; most requests to one host at once ` +
      `${run.stats.mostPerHost} (CHECKER_PER_HOST ${PER_HOST}); cores used: workers ${run.cpu.workers.toFixed(2)}, ` +
      `API ${run.cpu.api.toFixed(2)}, PostgreSQL ${run.cpu.postgres.toFixed(2)}, machine ${run.cpu.machine.toFixed(2)} of ${os.availableParallelism()}`,
  );
  console.log(
    `  requests in flight, each second (of ${IN_FLIGHT * run.workers}): ${inFlightPerSecond(run.stats).join(' ')}`,
  );
}

function report(results: RunFigures[]) {
  const one = results.find((r) => r.workers === 1);
  const figures = results.flatMap((run) => {
    const limit = LIMIT_PER_WORKER * run.workers;
    const speedup =
      one && run.workers > 1 ? `, ${(run.pagesPerSecond / one.pagesPerSecond).toFixed(2)}× one worker` : '';
    const hasAim = run.workers <= 2;
    return [
      {
        what: `${run.workers} worker${run.workers > 1 ? 's' : ''}, ${LINKS.toLocaleString('en-US')} pages answering in ${DELAY_MS} ms over ${HOSTS} hosts`,
        figure: `${run.pagesPerSecond.toFixed(0)} pages/s = ${(run.share * 100).toFixed(1)}% of ${limit}${speedup}; cores: workers ${run.cpu.workers.toFixed(2)}, PostgreSQL ${run.cpu.postgres.toFixed(2)}, machine ${run.cpu.machine.toFixed(2)}`,
        aim: hasAim ? `≥ ${AIM * 100}% of ${limit} pages/s` : undefined,
        met: hasAim ? run.share >= AIM : undefined,
      },
      {
        what: `${run.workers} worker${run.workers > 1 ? 's' : ''}: pages fetched twice / items processed twice / most requests to one host at once`,
        figure: `${run.stats.repeated} / ${run.itemsTwice} / ${run.stats.mostPerHost}`,
        aim: `0 / 0 / ≤ ${PER_HOST}`,
        met: run.stats.repeated === 0 && run.itemsTwice === 0 && run.stats.mostPerHost <= PER_HOST,
      },
    ];
  });
  writeBenchFigures({ bench: 'scale-out (PostgreSQL, worker processes)', order: 45, figures });
}

interface SlowWeb {
  child: ChildProcess;
  origins: string[];
  ask(message: 'reset'): Promise<void>;
  ask(message: 'stats'): Promise<SlowWebStats>;
}

async function startSlowWeb(): Promise<SlowWeb> {
  const child = fork(new URL('./slow-web.ts', import.meta.url), [String(HOSTS), String(DELAY_MS)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<SlowWebReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as SlowWebReady));
    child.once('exit', (code) => reject(new Error(`slow web exited with ${code}`)));
  });
  const ask = (message: 'reset' | 'stats') =>
    new Promise<SlowWebStats | undefined>((resolve) => {
      if (message === 'reset') {
        child.send(message, () => resolve(undefined));
        return;
      }
      child.once('message', (m) => resolve(m as SlowWebStats));
      child.send(message);
    });
  return { child, origins: ready.origins, ask: ask as SlowWeb['ask'] };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
