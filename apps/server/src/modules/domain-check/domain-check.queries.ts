import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { publicCheckCounts } from '../../db/schema/index.ts';

/**
 * Counts one check under `key` in a fixed window of `windowSeconds` that starts at the key's first
 * check (a past window starts afresh), in one statement, so parallel checks cannot all read "under the
 * limit". Answers the count with this check and the seconds left in the window.
 */
export async function countPublicCheck(db: Queryable, params: { key: string; windowSeconds: number }) {
  const expired = sql`${publicCheckCounts.windowStartedAt} < now() - make_interval(secs => ${params.windowSeconds})`;
  const [row] = await db
    .insert(publicCheckCounts)
    .values({ key: params.key, checks: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: publicCheckCounts.key,
      set: {
        checks: sql`case when ${expired} then 1 else ${publicCheckCounts.checks} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${publicCheckCounts.windowStartedAt} end`,
      },
    })
    .returning({
      checks: publicCheckCounts.checks,
      retryAfterSeconds: sql<number>`greatest(ceil(extract(epoch from ${publicCheckCounts.windowStartedAt} + make_interval(secs => ${params.windowSeconds}) - now())), 1)::int`,
    });
  return row;
}

/** Forgets the counts of windows long past (one row per address that ever checked, otherwise). */
export async function deleteExpiredPublicCheckCounts(db: Queryable, params: { windowSeconds: number }) {
  await db
    .delete(publicCheckCounts)
    .where(
      lt(publicCheckCounts.windowStartedAt, sql`now() - make_interval(secs => ${params.windowSeconds})`),
    );
}
