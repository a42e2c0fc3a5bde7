import { setTimeout as delay } from 'node:timers/promises';
import type { Release, SharedHostSlots } from '@linkwatch/checker';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../db/client.ts';

const MAX_RETRY_MS = 200;

export interface HostSlotsOptions {
  db: Db;
  /** This process's name on its slots (the worker's id). */
  holder: string;
  /** Requests to one host at once across every process: CHECKER_PER_HOST. */
  perHost: number;
  /**
   * A slot's lease: longer than any fetch (the checker's whole-check timeout is 30 s), so only a dead
   * process's slot ever runs out, and frees itself when it does.
   */
  leaseSeconds?: number;
  /** First wait between two tries while every slot of the host is held elsewhere; it doubles up to MAX_RETRY_MS. */
  retryMs?: number;
  onReleaseFailed?(error: unknown): void;
}

/**
 * CHECKER_PER_HOST across worker processes, kept in PostgreSQL's `host_slots`: a fetch holds one of
 * the host's slot rows while it runs. Taking a slot is one statement (a slot that is free or whose
 * lease ran out), so two processes that race for the same slot cannot both win: the primary key
 * lets one insert, and the other's ON CONFLICT sees a lease still running and takes nothing.
 */
export function postgresHostSlots(options: HostSlotsOptions): SharedHostSlots {
  const { db, holder, perHost } = options;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const retryMs = options.retryMs ?? 10;

  async function tryTake(host: string): Promise<number | null> {
    const [row] = await rawRows<{ slot: number }>(
      db,
      sql`
      insert into host_slots (host, slot, held_by, held_until)
      select ${host}, s, ${holder}, now() + make_interval(secs => ${leaseSeconds})
      from generate_series(0, ${perHost - 1}) s
      where not exists (
        select 1 from host_slots h where h.host = ${host} and h.slot = s and h.held_until > now())
      order by s
      limit 1
      on conflict (host, slot) do update set held_by = excluded.held_by, held_until = excluded.held_until
        where host_slots.held_until <= now()
      returning slot`,
    );
    return row ? row.slot : null;
  }

  function releaser(host: string, slot: number): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      db.execute(
        sql`delete from host_slots where host = ${host} and slot = ${slot} and held_by = ${holder}`,
      ).catch((error: unknown) => options.onReleaseFailed?.(error));
    };
  }

  return {
    async acquire(host, signal) {
      for (let wait = retryMs; ; wait = Math.min(wait * 2, MAX_RETRY_MS)) {
        signal?.throwIfAborted();
        const slot = await tryTake(host);
        if (slot !== null) return releaser(host, slot);
        // Jittered, so processes waiting for one host do not retry in step; growing, so a host busy
        // for long costs the database a few statements a second, not dozens.
        await delay(wait * (0.5 + Math.random()), undefined, { signal }).catch(() => {
          throw signal?.reason;
        });
      }
    },
  };
}
