import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';

export type ApiKey = typeof apiKeys.$inferSelect;

const live = (userId: number) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

/** The user's keys not revoked, newest first (expired ones too: the list says so). */
export function listApiKeys(db: Queryable, userId: number) {
  return db.select().from(apiKeys).where(live(userId)).orderBy(desc(apiKeys.id));
}

export async function countApiKeys(db: Queryable, userId: number) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(apiKeys).where(live(userId));
  return row.count;
}

/** Serialises two creations of one user, so the count is checked against committed rows. */
export async function lockOwner(db: Queryable, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertApiKey(
  db: Queryable,
  values: {
    userId: number;
    accountId: number | null;
    name: string;
    prefix: string;
    tokenHash: string;
    scopes: string[];
    expiresAt: Date | null;
  },
) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row;
}

/** Answers whether the user's live key existed; from now on its token is refused. */
export async function revokeApiKey(db: Queryable, params: { userId: number; id: number }) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, params.id), live(params.userId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * One request made with a key: a live, unexpired key's last use is now and its one-minute window
 * counts the request (a new window when the last began over a minute ago). One statement, so every
 * API process counts into the same window, and a revoked key is refused from the next request on.
 */
export async function useApiKey(db: Queryable, tokenHash: string) {
  const fresh = sql`${apiKeys.windowStartedAt} > now() - interval '1 minute'`;
  const [row] = await db
    .update(apiKeys)
    .set({
      lastUsedAt: sql`now()`,
      windowStartedAt: sql`case when ${fresh} then ${apiKeys.windowStartedAt} else now() end`,
      windowCount: sql`case when ${fresh} then ${apiKeys.windowCount} + 1 else 1 end`,
    })
    .where(
      and(
        eq(apiKeys.tokenHash, tokenHash),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    )
    .returning({
      id: apiKeys.id,
      userId: apiKeys.userId,
      accountId: apiKeys.accountId,
      scopes: apiKeys.scopes,
      windowCount: apiKeys.windowCount,
      windowStartedAt: apiKeys.windowStartedAt,
    });
  if (!row) return null;
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  return user ? { key: row, user } : null;
}
