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

interface Session {
  client: pg.PoolClient;
  /** The last statement sent: the next one waits for it. */
  queue: Promise<unknown>;
}

export interface PostgresHostSlots extends SharedHostSlots {
  /** Gives the connection back, and with it every slot still held. */
  close(): Promise<void>;
}

/**
 * CHECKER_PER_HOST across worker processes, kept by PostgreSQL's advisory locks: slot `s` of a host is
 * the lock (hashtext(host), s), taken with pg_try_advisory_lock on a connection this process keeps for
 * them and given back with pg_advisory_unlock. PostgreSQL frees a session's locks when it ends, so the
 * slots of a process that dies are free at once: no lease, no table, nothing written. (Two hosts whose
 * names hash alike share their slots: more polite, never less.)
 */
export function postgresHostSlots(options: HostSlotsOptions): PostgresHostSlots {
  const { pool, perHost } = options;
  const retryMs = options.retryMs ?? 10;
  // One statement tries the slots in turn, stopping at the first it gets (CASE and COALESCE evaluate
  // no further than they need), and answers which, or null. A slot this process holds already is
  // passed as -1 and skipped: a session may take its own lock twice, which would not count.
  const slotNumbers = Array.from({ length: perHost }, (_, s) => s);
  const takeStatement = {
    name: `host-slot-take-${perHost}`,
    text: `select coalesce(${slotNumbers
      .map((s) => `$${s + 2}::int`)
      .map((p) => `case when ${p} < 0 then null when pg_try_advisory_lock(hashtext($1), ${p}) then ${p} end`)
      .join(', ')}) as slot`,
  };
  const releaseStatement = { name: 'host-slot-release', text: 'select pg_advisory_unlock(hashtext($1), $2)' };
  /** The slots this process holds, per host. */
  const held = new Map<string, Set<number>>();

  let session: Session | null = null;
  let connecting: Promise<Session> | null = null;

  /** The slots' own connection; a lost one is replaced (its locks went with it). */
  function connection(): Promise<Session> {
    if (session) return Promise.resolve(session);
    if (!connecting) {
      connecting = pool.connect().then(
        (client) => {
          const current: Session = { client, queue: Promise.resolve() };
          client.on('error', () => {
            if (session === current) session = null;
            client.release(true);
          });
          session = current;
          connecting = null;
          return current;
        },
        (error: unknown) => {
          connecting = null;
          throw error;
        },
      );
    }
    return connecting;
  }

  /**
   * Work on the one connection, one piece after another (a session's locks are its own): each piece
   * sees what the ones before it took.
   */
  async function inTurn<T>(work: (client: pg.PoolClient) => Promise<T>) {
    const current = await connection();
    const result = current.queue.then(() => work(current.client));
    current.queue = result.catch(() => {});
    return { value: await result, current };
  }

  async function tryTake(host: string): Promise<Release | null> {
    const { value: slot, current } = await inTurn(async (client) => {
      // Read in turn: the takes and give-backs before this one have changed it.
      const mine = held.get(host);
      const values = [host, ...slotNumbers.map((s) => (mine?.has(s) ? -1 : s))];
      const { rows } = await client.query<{ slot: number | null }>({ ...takeStatement, values });
      const taken = rows[0]?.slot ?? null;
      if (taken !== null) held.set(host, (mine ?? new Set()).add(taken));
      return taken;
    });
    if (slot === null) return null;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A lock of a lost session is gone already; asking the new one would only warn.
      if (session !== current) return forget(host, slot);
      inTurn(async (client) => {
        await client.query({ ...releaseStatement, values: [host, slot] });
        forget(host, slot);
      }).catch((error: unknown) => {
        forget(host, slot);
        options.onError?.(error);
      });
    };
  }

  /** Once the lock is given back: until then a take in this process must not pick the same slot. */
  function forget(host: string, slot: number) {
    const mine = held.get(host);
    mine?.delete(slot);
    if (mine?.size === 0) held.delete(host);
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
      const current = session ?? (connecting ? await connecting.catch(() => null) : null);
      session = null;
      if (!current) return;
      await current.queue;
      current.client.release(true);
    },
  };
}
