import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Checker, createChecker, RobotsCache } from '@linkwatch/checker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rawRows } from '../db/client.ts';
import { freshDatabase } from '../test/database.ts';
import { postgresHostSlots } from './host-slots.ts';

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

/** Two workers, as two processes would: each its own checker with CHECKER_PER_HOST, both on one host's pages. */
function twoWorkers(database: Database, shared: boolean): Checker[] {
  return ['worker-a', 'worker-b'].map((holder) =>
    createChecker({
      perHost: PER_HOST,
      parseThreads: 0,
      allowPrivateNetworks: true,
      sharedHostSlots: shared ? postgresHostSlots({ db: database.db, holder, perHost: PER_HOST }) : undefined,
    }),
  );
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

describe('CHECKER_PER_HOST across worker processes (host_slots)', () => {
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
    const checkers = twoWorkers(database, true);
    try {
      await checkAll(checkers, host.origin);
    } finally {
      await Promise.all(checkers.map((checker) => checker.close()));
    }
    expect(host.most()).toBe(PER_HOST);
    // Every slot was given back.
    await expect.poll(() => rawRows(database.db, sql`select * from host_slots`)).toEqual([]);
  });

  it('without the shared slots each worker keeps only its own limit (what the table prevents)', async () => {
    host.reset();
    const checkers = twoWorkers(database, false);
    try {
      await checkAll(checkers, host.origin);
    } finally {
      await Promise.all(checkers.map((checker) => checker.close()));
    }
    expect(host.most()).toBe(2 * PER_HOST);
  });

  it("a dead worker's slot frees itself when its lease runs out", async () => {
    const dead = postgresHostSlots({ db: database.db, holder: 'dead', perHost: 1, leaseSeconds: 1 });
    const alive = postgresHostSlots({ db: database.db, holder: 'alive', perHost: 1, retryMs: 50 });
    await dead.acquire('example.org'); // never released
    const started = Date.now();
    const release = await alive.acquire('example.org');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    release();
  });

  it('a waiting fetch stops waiting when its deadline aborts it', async () => {
    const holder = postgresHostSlots({ db: database.db, holder: 'holder', perHost: 1 });
    const waiter = postgresHostSlots({ db: database.db, holder: 'waiter', perHost: 1 });
    const release = await holder.acquire('busy.example');
    const controller = new AbortController();
    const waiting = waiter.acquire('busy.example', controller.signal);
    controller.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    release();
  });
});
