import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, rawRows } from '../db/client.ts';
import { ledgerSum } from '../modules/balance/ledger.ts';
import { TEMPLATE_DATABASE, withDatabase } from '../test/database-names.ts';
import { type DonorWeb, donorHtml, startDonorWeb } from '../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../test/factories.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';

const LINKS = 200;
const BALANCE = 1_000;
const LEASE_SECONDS = 2;
// Slow enough that the task is mid-way when a worker dies, quick enough for the test to stay short.
const PAGE_DELAY_MS = 150;
const acceptor = 'shop.example.com';

/**
 * The API and two workers as separate processes on one PostgreSQL, as they run in production: one
 * worker is killed with SIGKILL mid-task and the other takes its items over once the lease ends.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('workers in separate processes (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `${TEMPLATE_DATABASE}_takeover_${process.pid}`;
  // The suite's body runs to collect its tests even when skipped, so no URL is parsed then.
  const url = adminUrl && withDatabase(adminUrl, name);
  const processes: ServerProcess[] = [];
  let database: Database;
  let web: DonorWeb;
  let dataDir: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    await admin.end();
    database = openPostgres(url, 3);
    web = await startDonorWeb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'linkwatch-takeover-'));
  });

  afterAll(async () => {
    // Killed first, whatever happened: no server outlives the test.
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await web?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a worker killed with SIGKILL mid-task is taken over: every link written once, charged once', async () => {
    const db = database.db;
    const { user, token } = await makeUserWithToken(db, { balance: BALANCE });
    const project = await makeProject(db, { userId: user.id, domains: [acceptor] });
    const campaign = await makeCampaign(db, { userId: user.id, projectId: project.id });
    const body = donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] });
    const paths = Array.from({ length: LINKS }, (_, i) => `/post/${i}`);
    for (const p of paths) {
      // A getter: every request to the page waits anew.
      web.set(p, {
        body,
        get hold() {
          return new Promise<void>((resolve) => setTimeout(resolve, PAGE_DELAY_MS));
        },
      });
    }
    const links = await makeLinks(db, { campaign, urls: paths.map((p) => web.url(p)) });

    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WORKER_LEASE_SECONDS: String(LEASE_SECONDS),
      CHECKER_ALLOW_PRIVATE_NETWORKS: '1',
      // Two pages on the wire per worker, under a host limit neither reaches: both workers progress at
      // once. (With the host's slots as the bound, the worker holding them retakes each one as it frees it
      // before the other's next try, and the other can wait until the first has done most of the task.)
      CHECKER_CONCURRENCY: '2',
      CHECKER_PER_HOST: '8',
    };
    // The survivor starts after the victim is killed: started together, on a loaded machine the survivor
    // could finish the task before the victim was ever seen mid-task (seen in CI: done 200, victim 40).
    const started = await Promise.allSettled([
      startServerProcess({ role: 'api', env: env }),
      startServerProcess({ role: 'worker', env: env }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [api, victim] = processes;
    const workerIdOf = (p: ServerProcess) => `worker-${p.pid}-%`;

    const response = await fetch(
      `${api.origin}/api/actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
    );
    expect(response.status).toBe(201);
    const actionId = ((await response.json()) as { data: { id: number } }).data.id;

    const progress = () =>
      rawRows<{ done: number; victimDone: number; victimHeld: number }>(
        db,
        sql`
          select count(*) filter (where status = 1)::int as "done",
            count(*) filter (where status = 1 and locked_by like ${workerIdOf(victim)})::int as "victimDone",
            count(*) filter (where status = 0 and locked_by like ${workerIdOf(victim)}
              and locked_until > now())::int as "victimHeld"
          from action_items where action_id = ${actionId}`,
      ).then((rows) => rows[0]);
    // The victim is in the middle of its batches. A long wait: on a loaded machine (the CI's parallel
    // suites) a process starts slowly.
    let seen = { done: 0, victimDone: 0, victimHeld: 0 };
    await waitFor(async () => {
      seen = await progress();
      return seen.victimDone >= 2 && seen.victimHeld >= 2 && seen.done < (LINKS * 3) / 4;
    }, 45_000).catch((error: Error) => {
      throw new Error(`${error.message}: the victim was never mid-task (last seen ${JSON.stringify(seen)})`);
    });
    await victim.kill('SIGKILL');
    const orphaned = await rawRows<{ id: number }>(
      db,
      sql`select id from action_items
        where action_id = ${actionId} and status = 0 and locked_by like ${workerIdOf(victim)}`,
    );
    expect(orphaned.length).toBeGreaterThan(0);
    const survivor = await startServerProcess({ role: 'worker', env: env });
    processes.push(survivor);

    await waitFor(async () => {
      const [row] = await rawRows<{ status_id: number }>(
        db,
        sql`select status_id from actions where id = ${actionId}`,
      );
      return row.status_id === TaskStatus.Done || row.status_id === TaskStatus.Fail;
    }, 40_000);

    // Every item done once; the dead worker's were redone by the survivor, after its lease ran out.
    const items = await rawRows<{ id: number; status: number; locked_by: string; attempts: number }>(
      db,
      sql`select id, status, locked_by, attempts from action_items where action_id = ${actionId}`,
    );
    expect(items).toHaveLength(LINKS);
    expect(items.filter((i) => i.status !== 1)).toEqual([]);
    const byId = new Map(items.map((i) => [Number(i.id), i]));
    for (const { id } of orphaned) {
      expect(byId.get(Number(id))?.locked_by).toMatch(new RegExp(`^worker-${survivor.pid}-`));
      expect(byId.get(Number(id))?.attempts).toBeGreaterThanOrEqual(2);
    }

    // What a check writes per link (its history row and its backlink) is there exactly once.
    const perLink = await rawRows<{ link_id: number; histories: number; backlinks: number }>(
      db,
      sql`
        select l.id as link_id,
          (select count(*) from backlink_check_histories h where h.link_id = l.id)::int as histories,
          (select count(*) from backlinks b where b.link_id = l.id)::int as backlinks
        from links l where l.campaign_id = ${campaign.id}`,
    );
    expect(perLink).toHaveLength(links.length);
    expect(perLink.filter((l) => l.histories !== 1 || l.backlinks !== 1)).toEqual([]);

    // The task, seen through the API: done, with the right counts.
    const shown = await fetch(`${api.origin}/api/actions/${actionId}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const attributes = ((await shown.json()) as { data: { attributes: Record<string, unknown> } }).data
      .attributes;
    expect(attributes).toMatchObject({
      statusId: TaskStatus.Done,
      currentCount: LINKS,
      successCount: LINKS,
      errorCount: 0,
      refunded: 0,
    });

    // Charged once for every link, nothing refunded (nothing failed), balance equal to the ledger.
    const ledger = await rawRows<{ value: number }>(
      db,
      sql`select value from balance_transactions where action_id = ${actionId}`,
    );
    expect(ledger.map((r) => r.value)).toEqual([-LINKS]);
    const after = await reloadUser(db, user.id);
    expect(after.balance).toBe(BALANCE - LINKS);
    expect(await ledgerSum(db, user.id)).toBe(after.balance);
    expect(survivor.child.exitCode).toBeNull();
  }, 150_000);
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
