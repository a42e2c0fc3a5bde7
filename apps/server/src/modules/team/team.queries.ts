import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accessTokens, accountMembers, teamInvitations, users } from '../../db/schema/index.ts';
import { hashSecret } from '../auth/tokens.ts';

export type MemberRow = typeof accountMembers.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;

const memberUser = { id: users.id, name: users.name, email: users.email };

/** The account's members (not its owner), each with their login's name and address. */
export async function listMembers(db: Queryable, accountId: number) {
  return db
    .select({ member: accountMembers, user: memberUser })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.accountId, accountId))
    .orderBy(asc(accountMembers.id));
}

/** One member of the account, by their user id; another account's is not found. */
export async function findMember(db: Queryable, params: { accountId: number; userId: number }) {
  const [row] = await db
    .select({ member: accountMembers, user: memberUser })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, params.accountId), eq(accountMembers.userId, params.userId)));
  return row;
}

export async function isMemberByEmail(db: Queryable, params: { accountId: number; email: string }) {
  const [row] = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(accountMembers.accountId, params.accountId),
        sql`lower(${users.email}) = lower(${params.email})`,
      ),
    );
  return row !== undefined;
}

/** Joins (or rejoins with the invitation's role) an account. */
export async function upsertMember(
  db: Queryable,
  values: { accountId: number; userId: number; roleId: number; permissions: string[] },
) {
  const [row] = await db
    .insert(accountMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [accountMembers.accountId, accountMembers.userId],
      set: { roleId: values.roleId, permissions: values.permissions, updatedAt: new Date() },
    })
    .returning();
  return row;
}

export async function updateMember(
  db: Queryable,
  params: { accountId: number; userId: number; roleId: number; permissions: string[] },
) {
  const [row] = await db
    .update(accountMembers)
    .set({ roleId: params.roleId, permissions: params.permissions })
    .where(and(eq(accountMembers.accountId, params.accountId), eq(accountMembers.userId, params.userId)))
    .returning();
  return row;
}

export async function deleteMember(db: Queryable, params: { accountId: number; userId: number }) {
  const rows = await db
    .delete(accountMembers)
    .where(and(eq(accountMembers.accountId, params.accountId), eq(accountMembers.userId, params.userId)))
    .returning({ id: accountMembers.id });
  return rows.length > 0;
}

/** Ends a user's sessions that work in one account; answers their token hashes. */
export async function revokeSessionsInAccount(db: Queryable, params: { accountId: number; userId: number }) {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accessTokens.userId, params.userId),
        eq(accessTokens.accountId, params.accountId),
        isNull(accessTokens.revokedAt),
      ),
    )
    .returning({ tokenHash: accessTokens.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** The accounts a user is a member of, with each owner's name and address. */
export async function membershipsOf(db: Queryable, userId: number) {
  return db
    .select({ member: accountMembers, owner: memberUser })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.accountId))
    .where(eq(accountMembers.userId, userId))
    .orderBy(asc(accountMembers.id));
}

/** Sets the account a session works in (null: the user's own). */
export async function setSessionAccount(db: Queryable, params: { token: string; accountId: number | null }) {
  await db
    .update(accessTokens)
    .set({ accountId: params.accountId })
    .where(and(eq(accessTokens.tokenHash, hashSecret(params.token)), isNull(accessTokens.revokedAt)));
}

export async function insertInvitation(db: Queryable, values: typeof teamInvitations.$inferInsert) {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  return row;
}

const pending = () =>
  and(
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, sql`now()`),
  );

/** The account's invitations not yet accepted, revoked or expired. */
export async function listPendingInvitations(db: Queryable, accountId: number) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), pending()))
    .orderBy(asc(teamInvitations.id));
}

export async function revokeInvitation(db: Queryable, params: { accountId: number; id: number }) {
  const rows = await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.accountId, params.accountId), eq(teamInvitations.id, params.id), pending()))
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}

/** A live invitation by its code, not yet used. */
export async function findPendingInvitation(db: Queryable, code: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.codeHash, hashSecret(code)), pending()));
  return row;
}

/** Uses an invitation once: of two accepts at once, one gets the row and the other nothing. */
export async function acceptInvitation(db: Queryable, params: { id: number; userId: number }) {
  const [row] = await db
    .update(teamInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: params.userId })
    .where(and(eq(teamInvitations.id, params.id), pending()))
    .returning();
  return row;
}
