import { setTimeout as delay } from 'node:timers/promises';
import type { Release, SharedHostSlots } from '@linkwatch/checker';
import type pg from 'pg';

const MAX_RETRY_MS = 200;

export interface HostSlotsOptions {
  /** The process's PostgreSQL pool: the slots take one of its connections for good. */
  pool: pg.Pool;
  /** Requests to one host at once across every process: CHECKER_PER_HOST. */
  perHost: number;
  /** First wait between two tries while every slot of the host is held elsewhere; it doubles up to MAX_RETRY_MS. */
  retryMs?: number;
  /** The database could not be asked: this fetch goes on with the process's own limit. */
  onError?(error: unknown): void;
}

export interface PostgresHostSlots extends SharedHostSlots {
  /** Gives the connection back, and with it every slot still held. */
  close(): Promise<void>;
}

interface Take {
  host: string;
  settle(result: { slot: number | null; client: pg.PoolClient } | Error): void;
}

/**
 * CHECKER_PER_HOST across worker processes, kept by PostgreSQL's advisory locks: slot `s` of a host is
 * the lock (hashtext(host), s), taken with pg_try_advisory_lock on a connection this process keeps for
 * them and given back with pg_advisory_unlock. PostgreSQL frees a session's locks when it ends, so the
 * slots of a process that dies are free at once: no lease, no table, nothing written. (Two hosts whose
 * names hash alike share their slots: more polite, never less.)
 *
 * The takes and give-backs asked for meanwhile go together in rounds of two statements, so a busy
 * event loop (an API process under load that also checks) costs a round trip per round, not per page.
 */
export function postgresHostSlots(options: HostSlotsOptions): PostgresHostSlots {
  const { pool, perHost } = options;
  const retryMs = options.retryMs ?? 10;
  const statements = slotStatements(perHost);
  /** The slots this process holds, per host. */
  const held = new Map<string, Set<number>>();
  let takes: Take[] = [];
  let releases: Array<{ host: string; slot: number }> = [];
  let client: pg.PoolClient | null = null;
  let rounds: Promise<void> | null = null;

  /** The slots' own connection; a lost one is replaced (its locks went with it). */
  async function connection(): Promise<pg.PoolClient> {
    if (client) return client;
    const fresh = await pool.connect();
    fresh.on('error', () => {
      if (client === fresh) client = null;
      fresh.release(true);
    });
    client = fresh;
    return fresh;
  }

  function startRounds() {
    rounds ??= runRounds().finally(() => {
      rounds = null;
      if (takes.length > 0 || releases.length > 0) startRounds();
    });
  }

  async function runRounds() {
    while (takes.length > 0 || releases.length > 0) {
      let session: pg.PoolClient;
      try {
        session = await connection();
      } catch (error) {
        for (const take of takes.splice(0)) take.settle(error as Error);
        releases = [];
        return;
      }
      await round(session);
    }
  }

  /** One round: the give-backs, then one take per host (a second one waits for the next round). */
  async function round(session: pg.PoolClient) {
    const giving = releases;
    releases = [];
    // Sent before the takes on the same session: those slots are free for them.
    for (const { host, slot } of giving) forget(host, slot);
    const taking: Take[] = [];
    const waiting: Take[] = [];
    const hosts = new Set<string>();
    for (const take of takes) {
      if (hosts.has(take.host)) waiting.push(take);
      else taking.push(take);
      hosts.add(take.host);
    }
    takes = waiting;

    const released =
      giving.length > 0
        ? session.query({
            ...statements.release,
            values: [giving.map((g) => g.host), giving.map((g) => g.slot)],
          })
        : null;
    const values = [
      taking.map((t) => t.host),
      ...Array.from({ length: perHost }, (_, s) => taking.map((t) => (held.get(t.host)?.has(s) ? -1 : s))),
    ];
    const taken =
      taking.length > 0 ? session.query<{ slot: number | null }>({ ...statements.take, values }) : null;
    await released?.catch((error: unknown) => options.onError?.(error));
    try {
      const rows = (await taken)?.rows ?? [];
      taking.forEach((take, i) => {
        const slot = rows[i]?.slot ?? null;
        if (slot !== null) held.set(take.host, (held.get(take.host) ?? new Set()).add(slot));
        take.settle({ slot, client: session });
      });
    } catch (error) {
      for (const take of taking) take.settle(error as Error);
    }
  }

  function forget(host: string, slot: number) {
    const mine = held.get(host);
    mine?.delete(slot);
    if (mine?.size === 0) held.delete(host);
  }

  async function tryTake(host: string): Promise<Release | null> {
    const result = await new Promise<{ slot: number | null; client: pg.PoolClient } | Error>((settle) => {
      takes.push({ host, settle });
      startRounds();
    });
    if (result instanceof Error) throw result;
    const { slot, client: session } = result;
    if (slot === null) return null;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A lock of a lost session is gone already; asking the new one would only warn.
      if (client !== session) return forget(host, slot);
      releases.push({ host, slot });
      startRounds();
    };
  }

  return {
    async acquire(host, signal) {
      for (let wait = retryMs; ; wait = Math.min(wait * 2, MAX_RETRY_MS)) {
        signal?.throwIfAborted();
        let release: Release | null;
        try {
          release = await tryTake(host);
        } catch (error) {
          // Failing the page for it would be worse: its check would say the donor failed.
          options.onError?.(error);
          return () => {};
        }
        if (release) return release;
        // Jittered, so processes waiting for one host do not retry in step; growing, so a host busy
        // for long costs the database a few statements a second, not dozens.
        await delay(wait * (0.5 + Math.random()), undefined, { signal }).catch(() => {
          throw signal?.reason;
        });
      }
    },

    async close() {
      await rounds;
      const session = client;
      client = null;
      session?.release(true);
    },
  };
}

/**
 * The two statements of a round, for `perHost` slots. A take tries a host's slots in turn and stops at
 * the first it gets (CASE and COALESCE evaluate no further than they need), answering which or null, one
 * row per host in the order given; a slot this process holds already comes as -1 and is skipped (a
 * session may take its own lock twice, which would not count).
 */
function slotStatements(perHost: number) {
  const columns = Array.from({ length: perHost }, (_, s) => `s${s}`);
  const tries = columns.map(
    (c) => `case when ${c} < 0 then null when pg_try_advisory_lock(hashtext(h), ${c}) then ${c} end`,
  );
  return {
    take: {
      name: `host-slots-take-${perHost}`,
      text: `select coalesce(${tries.join(', ')}) as slot
        from unnest($1::text[], ${columns.map((_, s) => `$${s + 2}::int[]`).join(', ')}) with ordinality as t(h, ${columns.join(', ')}, n)
        order by n`,
    },
    release: {
      name: 'host-slots-release',
      text: 'select pg_advisory_unlock(hashtext(h), s) from unnest($1::text[], $2::int[]) as t(h, s)',
    },
  };
}
