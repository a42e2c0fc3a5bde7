import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Checker, createChecker, RobotsCache } from '@linkwatch/checker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../test/database.ts';
import { type PostgresHostSlots, postgresHostSlots } from './host-slots.ts';

const PER_HOST = 2;
const PAGES_PER_WORKER = 12;

/** One donor host that answers each page after a while and remembers the most requests it had at once. */
async function startCountingHost() {
  let inFlight = 0;
  let most = 0;
  const server = createServer((request, response) => {
    inFlight++;
    most = Math.max(most, inFlight);
    setTimeout(() => {
      inFlight--;
      response.writeHead(request.url === '/robots.txt' ? 404 : 200, { 'content-type': 'text/html' });
      response.end('<html><body><a href="https://target.example/">x</a></body></html>');
    }, 40);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    most: () => most,
    reset: () => {
      most = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Two workers, as two processes would: each its own checker with CHECKER_PER_HOST and its own session's slots. */
function twoWorkers(database: Database, shared: boolean) {
  const slots: PostgresHostSlots[] = [];
  const checkers = [1, 2].map(() => {
    const own = shared
      ? postgresHostSlots({
          pool: database.pool!,
          perHost: PER_HOST,
          onError: (e) => console.log('SLOTERR', e),
        })
      : undefined;
    if (own) slots.push(own);
    return createChecker({
      perHost: PER_HOST,
      parseThreads: 0,
      allowPrivateNetworks: true,
      sharedHostSlots: own,
    });
  });
  return {
    checkers,
    async close() {
      await Promise.all(checkers.map((checker) => checker.close()));
      await Promise.all(slots.map((s) => s.close()));
    },
  };
}

async function checkAll(checkers: Checker[], origin: string) {
  await Promise.all(
    checkers.flatMap((checker, w) => {
      const robots = new RobotsCache();
      return Array.from({ length: PAGES_PER_WORKER }, (_, i) =>
        checker.check(
          { url: `${origin}/w${w}/p${i}`, acceptors: { kind: 'domains', domains: ['target.example'] } },
          { robots },
        ),
      );
    }),
  );
}

/** Slot locks still held, by any session (pg_locks: advisory locks of the two-key form). */
async function heldSlots(database: Database) {
  const { rows } = await database.pool!.query<{ n: number }>(
    "select count(*)::int as n from pg_locks where locktype = 'advisory' and objsubid = 2 and granted",
  );
  return rows[0].n;
}

// Advisory locks belong to a session: PGlite has one, so the shared slots are PostgreSQL's alone.
describe.runIf(process.env.TEST_DATABASE_URL)('CHECKER_PER_HOST across worker processes (PostgreSQL)', () => {
  let database: Database;
  let host: Awaited<ReturnType<typeof startCountingHost>>;
  beforeAll(async () => {
    database = await freshDatabase();
    host = await startCountingHost();
  });
  afterAll(async () => {
    await host.close();
    await database.close();
  });

  it('two workers never fetch more than CHECKER_PER_HOST pages of one host at once between them', async () => {
    const workers = twoWorkers(database, true);
    try {
      await checkAll(workers.checkers, host.origin);
      expect(host.most()).toBe(PER_HOST);
      // Every slot was given back.
      await expect.poll(() => heldSlots(database)).toBe(0);
    } finally {
      await workers.close();
    }
  });

  it('without the shared slots each worker keeps only its own limit (what the slots prevent)', async () => {
    host.reset();
    const workers = twoWorkers(database, false);
    try {
      await checkAll(workers.checkers, host.origin);
    } finally {
      await workers.close();
    }
    expect(host.most()).toBe(2 * PER_HOST);
  });

  it("a worker that dies frees its slots at once (PostgreSQL ends its session's locks)", async () => {
    const dying = postgresHostSlots({ pool: database.pool!, perHost: 1 });
    const alive = postgresHostSlots({ pool: database.pool!, perHost: 1 });
    try {
      await dying.acquire('example.org'); // never given back
      const controller = new AbortController();
      const waiting = alive.acquire('example.org', controller.signal);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await dying.close(); // its connection ends, as a killed process's does
      const release = await waiting;
      release();
      await expect.poll(() => heldSlots(database)).toBe(0);
    } finally {
      await alive.close();
    }
  });

  it('a waiting fetch stops waiting when its deadline aborts it', async () => {
    const holder = postgresHostSlots({ pool: database.pool!, perHost: 1 });
    const waiter = postgresHostSlots({ pool: database.pool!, perHost: 1 });
    try {
      const release = await holder.acquire('busy.example');
      const controller = new AbortController();
      const waiting = waiter.acquire('busy.example', controller.signal);
      controller.abort(new Error('deadline'));
      await expect(waiting).rejects.toThrow('deadline');
      release();
    } finally {
      await holder.close();
      await waiter.close();
    }
  });
});
