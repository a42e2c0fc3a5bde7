import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { providerHealth } from '../../db/schema/index.ts';
import type { ProviderObservation } from '../../providers/health.ts';

/** The console's provider health (issue 28): each process's copy of what it saw, one row per provider. */

export async function saveObservations(db: Queryable, processId: string, rows: ProviderObservation[]) {
  if (rows.length === 0) return;
  await db
    .insert(providerHealth)
    .values(rows.map(({ provider, kind, ...figures }) => ({ processId, provider, kind, ...figures })))
    .onConflictDoUpdate({
      target: [providerHealth.processId, providerHealth.provider],
      set: {
        kind: sql`excluded.kind`,
        requests: sql`excluded.requests`,
        lastSeenAt: sql`excluded.last_seen_at`,
        lastErrorAt: sql`excluded.last_error_at`,
        lastError: sql`excluded.last_error`,
        lastStatus: sql`excluded.last_status`,
        rateLimited: sql`excluded.rate_limited`,
        remaining: sql`excluded.remaining`,
        remainingAt: sql`excluded.remaining_at`,
        updatedAt: sql`now()`,
      },
    });
}

/** Rows of processes that have not written for a while (restarted, stopped) go after a day. */
export async function forgetStaleObservations(db: Queryable, before: Date) {
  await db.delete(providerHealth).where(lt(providerHealth.updatedAt, before));
}

export function allObservations(db: Queryable) {
  return db.select().from(providerHealth);
}
