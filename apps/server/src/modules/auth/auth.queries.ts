import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accessTokens, emailTokens, loginFailures, users } from '../../db/schema/index.ts';
import { hashSecret, newSecret } from './tokens.ts';

export type User = typeof users.$inferSelect;
export type EmailTokenKind = (typeof emailTokens.$inferSelect)['kind'];

export async function findUserByEmail(db: Queryable, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return user;
}

export async function findUserByAccessToken(db: Queryable, token: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, hashSecret(token)), isNull(accessTokens.revokedAt)))
    .limit(1);
  return row?.user ?? null;
}

export async function createAccessToken(db: Queryable, userId: number): Promise<string> {
  const token = newSecret();
  await db.insert(accessTokens).values({ userId, tokenHash: hashSecret(token) });
  return token;
}

export async function revokeAccessToken(db: Queryable, token: string) {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.tokenHash, hashSecret(token)), isNull(accessTokens.revokedAt)));
}

export async function revokeAllAccessTokens(
  db: Queryable,
  params: { userId: number; except?: string | null },
) {
  const keep = params.except ? sql`${accessTokens.tokenHash} <> ${hashSecret(params.except)}` : sql`true`;
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.userId, params.userId), isNull(accessTokens.revokedAt), keep));
}

export async function createEmailToken(
  db: Queryable,
  params: { userId: number; kind: EmailTokenKind; email: string; ttlMinutes: number },
): Promise<string> {
  const code = newSecret();
  await db.insert(emailTokens).values({
    userId: params.userId,
    kind: params.kind,
    email: params.email,
    tokenHash: hashSecret(code),
    expiresAt: new Date(Date.now() + params.ttlMinutes * 60_000),
  });
  return code;
}

/** Marks a live code used and returns it; a second use of the same code finds nothing. */
export async function consumeEmailToken(db: Queryable, params: { code: string; kind: EmailTokenKind }) {
  const [token] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashSecret(params.code)),
        eq(emailTokens.kind, params.kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return token;
}

export async function countRecentLoginFailures(db: Queryable, params: { key: string; since: Date }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, params.key), gt(loginFailures.createdAt, params.since)));
  return row?.count ?? 0;
}

export async function recordLoginFailure(db: Queryable, key: string) {
  await db.insert(loginFailures).values({ key });
}

export async function clearLoginFailures(db: Queryable, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
