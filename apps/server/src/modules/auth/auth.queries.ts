import { and, desc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  accessTokens,
  accountMembers,
  emailTokens,
  knownDevices,
  loginThrottles,
  users,
} from '../../db/schema/index.ts';
import { hashSecret, newSecret } from './tokens.ts';

export type User = typeof users.$inferSelect;
export type EmailTokenKind = (typeof emailTokens.$inferSelect)['kind'];

export async function findUserByEmail(db: Queryable, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return user;
}

/** A registration's account; none when a parallel registration of the address won the unique index. */
export async function insertRegisteredUser(
  db: Queryable,
  values: { name: string; email: string; passwordHash: string; locale: string; referral: string | null },
): Promise<User | undefined> {
  const [user] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return user;
}

export async function markEmailVerified(db: Queryable, userId: number) {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** When the account's address was confirmed, or null: read before a reset confirms it. */
export async function findEmailVerifiedAt(db: Queryable, userId: number) {
  const [row] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A reset's new password, which also proves the address. */
export async function setPasswordAndVerify(db: Queryable, params: { userId: number; passwordHash: string }) {
  await db
    .update(users)
    .set({ passwordHash: params.passwordHash, emailVerifiedAt: new Date() })
    .where(eq(users.id, params.userId));
}

export async function findUserByAccessToken(db: Queryable, token: string): Promise<User | null> {
  return (await findSession(db, token))?.user ?? null;
}

/**
 * The live session of a bearer token: its user, and the operator acting as that user when it is an
 * operator's session (which ends by itself at its expiry, issue 28).
 */
export async function findSession(
  db: Queryable,
  token: string,
): Promise<{ user: User; impersonatorId: number | null; accountId: number | null } | null> {
  const [row] = await sessionByTokenHash(db).execute({ tokenHash: hashSecret(token) });
  return row ?? null;
}

/** The one statement every signed-in request runs, so it is built once (db/prepared.ts). */
const sessionByTokenHash = preparedOnce((db) =>
  db
    .select({ user: users, impersonatorId: accessTokens.impersonatorId, accountId: accessTokens.accountId })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, sql`now()`)),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash'),
);

/**
 * A member's place in another account (issue 27): role, permissions and the owner's row; undefined
 * when they are not (or no longer) a member of it.
 */
export async function findMembership(db: Queryable, params: { accountId: number; userId: number }) {
  const [row] = await db
    .select({ roleId: accountMembers.roleId, permissions: accountMembers.permissions, owner: users })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.accountId))
    .where(and(eq(accountMembers.accountId, params.accountId), eq(accountMembers.userId, params.userId)))
    .limit(1);
  return row;
}

/**
 * A new session works in the account the user's latest session worked in, while they are still a
 * member of it (issue 27); else (always, for a user in no team) in their own.
 */
export async function createAccessToken(
  db: Queryable,
  userId: number,
  accountId?: number | null,
): Promise<string> {
  const token = newSecret();
  const account = accountId === undefined ? await lastAccountOf(db, userId) : accountId;
  await db.insert(accessTokens).values({ userId, tokenHash: hashSecret(token), accountId: account });
  return token;
}

async function lastAccountOf(db: Queryable, userId: number): Promise<number | null> {
  const [latest] = await db
    .select({ accountId: accessTokens.accountId })
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.id))
    .limit(1);
  if (!latest?.accountId) return null;
  const member = await findMembership(db, { accountId: latest.accountId, userId });
  return member ? latest.accountId : null;
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

const liveToken = (kind: EmailTokenKind) =>
  and(eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date()));

/** Marks a live code used and returns it; a second use of the same code finds nothing. */
export async function consumeEmailToken(db: Queryable, params: { code: string; kind: EmailTokenKind }) {
  const [token] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.tokenHash, hashSecret(params.code)), liveToken(params.kind)))
    .returning();
  return token;
}

/**
 * Uses a live code and, in the same statement, every other live code of its kind for that user, so an
 * older link mailed earlier dies with it. Of two parallel uses, the second waits for the first's row
 * locks and then finds nothing live.
 */
export async function consumeEmailTokenAndSiblings(
  db: Queryable,
  params: { code: string; kind: EmailTokenKind },
) {
  const hash = hashSecret(params.code);
  const owner = db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hash), liveToken(params.kind)));
  const used = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(inArray(emailTokens.userId, owner), liveToken(params.kind)))
    .returning();
  return used.find((token) => token.tokenHash === hash);
}

/** Ends every live code of a kind for a user (a password change ends the reset links already mailed). */
export async function revokeEmailTokens(db: Queryable, params: { userId: number; kind: EmailTokenKind }) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, params.userId), liveToken(params.kind)));
}

/**
 * Counts one more failed login under `key` and answers the count in the current window, in one
 * statement: parallel attempts each see their own number, so none slips past the limit.
 */
export async function countLoginFailure(db: Queryable, params: { key: string; windowSeconds: number }) {
  const expired = sql`${loginThrottles.windowStartedAt} < now() - make_interval(secs => ${params.windowSeconds})`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key: params.key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({
      failures: loginThrottles.failures,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from ${loginThrottles.windowStartedAt} + make_interval(secs => ${params.windowSeconds}) - now()))::int`,
    });
  return row;
}

/** Takes back one counted failure (the attempt turned out right) without going below zero. */
export async function uncountLoginFailure(db: Queryable, key: string) {
  await db
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(eq(loginThrottles.key, key));
}

export async function clearLoginFailures(db: Queryable, key: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

/** The known device a browser's cookie names for the account of `email`, if it is one. */
export async function findKnownDevice(db: Queryable, params: { token: string; email: string }) {
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(
      and(
        eq(knownDevices.tokenHash, hashSecret(params.token)),
        sql`lower(${users.email}) = lower(${params.email})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The browsers remembered per account: the most recently used ones. A client that keeps no cookies
 * (a script on the API) makes a new one at each login, so older ones are let go.
 */
export const KNOWN_DEVICES_PER_ACCOUNT = 10;

/** Remembers the browser (its cookie token, or a new one) as a known device of the user; answers the token. */
export async function rememberDevice(db: Queryable, params: { userId: number; token?: string | null }) {
  const token = params.token || newSecret();
  await db
    .insert(knownDevices)
    .values({ userId: params.userId, tokenHash: hashSecret(token) })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.userId],
      set: { lastUsedAt: sql`now()` },
    });
  const kept = db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.userId, params.userId))
    .orderBy(desc(knownDevices.lastUsedAt), desc(knownDevices.id))
    .limit(KNOWN_DEVICES_PER_ACCOUNT);
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.userId, params.userId), notInArray(knownDevices.id, kept)));
  return token;
}

/** A password reset forgets the browsers that knew the old password. */
export async function forgetDevices(db: Queryable, userId: number) {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}

/** The partner flag at login (spec 6): the account joins the partner programme. */
export async function markPartner(db: Queryable, userId: number) {
  await db.update(users).set({ isPartner: true }).where(eq(users.id, userId));
}
