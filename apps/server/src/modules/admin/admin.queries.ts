import type { AuditKind, TAdminAuditListQuery, TAdminUserListQuery } from '@linkwatch/shared';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, max, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import {
  accessTokens,
  actionPrices,
  actions,
  adminAudit,
  balanceTransactions,
  payments,
  projects,
  settings,
  userActionPrices,
  users,
} from '../../db/schema/index.ts';
import { hashSecret, newSecret } from '../auth/tokens.ts';
import { SETTINGS_ID } from '../settings/settings.queries.ts';

/** Every statement of the operator console (issue 28). Not owner-scoped: only operators reach them. */

export type UserRow = typeof users.$inferSelect;
export type SettingsRow = typeof settings.$inferSelect;

/** How many of a customer's ledger rows, payments, tasks and sessions their page shows. */
const RECENT_ROWS = 20;

const lastLogin = sql<Date | null>`(
  select max(${accessTokens.createdAt}) from ${accessTokens}
  where ${accessTokens.userId} = ${users.id} and ${accessTokens.impersonatorId} is null
)`.mapWith((v) => (v ? new Date(v as string) : null));

function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  const id = /^\d{1,9}$/.test(search) ? Number(search) : undefined;
  return or(
    ilike(users.email, pattern),
    ilike(users.name, pattern),
    ilike(users.referral, pattern),
    id === undefined ? undefined : eq(users.id, id),
  );
}

const USER_SORT = {
  id: users.id,
  email: users.email,
  name: users.name,
  balance: users.balance,
  createdAt: users.createdAt,
} as const;

export async function searchUsers(db: Queryable, { page, search, sort }: TAdminUserListQuery) {
  const where = userSearch(search);
  const column = USER_SORT[sort.field];
  const rows = await paginate(
    db
      .select({ user: users, lastLoginAt: lastLogin })
      .from(users)
      .where(where)
      .orderBy(sort.desc ? desc(column) : asc(column), desc(users.id))
      .$dynamic(),
    page,
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The row locked for a change, so two operators' changes of one customer run one after the other. */
export async function lockUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return user;
}

/** What a customer's page shows beside the profile. */
export async function userActivity(db: Queryable, userId: number) {
  const [[projectCount], [login], ledger, paymentRows, tasks, logins] = await Promise.all([
    db.select({ n: count() }).from(projects).where(eq(projects.userId, userId)),
    db
      .select({ at: max(accessTokens.createdAt) })
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.impersonatorId))),
    db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, userId))
      .orderBy(desc(balanceTransactions.id))
      .limit(RECENT_ROWS),
    db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.id))
      .limit(RECENT_ROWS),
    db.select().from(actions).where(eq(actions.userId, userId)).orderBy(desc(actions.id)).limit(RECENT_ROWS),
    db
      .select({ createdAt: accessTokens.createdAt, lastUsedAt: accessTokens.lastUsedAt })
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.impersonatorId)))
      .orderBy(desc(accessTokens.id))
      .limit(RECENT_ROWS),
  ]);
  return {
    projectsCount: projectCount?.n ?? 0,
    lastLoginAt: login?.at ?? null,
    ledger,
    payments: paymentRows,
    tasks,
    logins,
  };
}

export async function updateUser(
  db: Queryable,
  params: {
    id: number;
    values: Partial<Pick<UserRow, 'isBlocked' | 'isPartner' | 'isAdmin' | 'roleId' | 'consolePermissions'>>;
  },
) {
  const [user] = await db.update(users).set(params.values).where(eq(users.id, params.id)).returning();
  return user;
}

// Prices ---------------------------------------------------------------------------------------------

export function commonPrices(db: Queryable) {
  return db.select({ action: actionPrices.actionId, price: actionPrices.price }).from(actionPrices);
}

export function individualPrices(db: Queryable) {
  return db
    .select({
      userId: userActionPrices.userId,
      action: userActionPrices.actionId,
      price: userActionPrices.price,
      email: users.email,
    })
    .from(userActionPrices)
    .innerJoin(users, eq(users.id, userActionPrices.userId))
    .orderBy(asc(users.email));
}

export async function commonPrice(db: Queryable, action: number): Promise<number | undefined> {
  const [row] = await db.select().from(actionPrices).where(eq(actionPrices.actionId, action));
  return row?.price;
}

export async function setCommonPrice(db: Queryable, params: { action: number; price: number }) {
  await db
    .insert(actionPrices)
    .values({ actionId: params.action, price: params.price })
    .onConflictDoUpdate({ target: actionPrices.actionId, set: { price: params.price } });
}

export async function userPrice(db: Queryable, params: { userId: number; action: number }) {
  const [row] = await db
    .select()
    .from(userActionPrices)
    .where(and(eq(userActionPrices.userId, params.userId), eq(userActionPrices.actionId, params.action)));
  return row?.price;
}

export async function setUserPrice(
  db: Queryable,
  params: { userId: number; action: number; price: number | null },
) {
  const match = and(eq(userActionPrices.userId, params.userId), eq(userActionPrices.actionId, params.action));
  if (params.price === null) {
    await db.delete(userActionPrices).where(match);
    return;
  }
  await db
    .insert(userActionPrices)
    .values({ userId: params.userId, actionId: params.action, price: params.price })
    .onConflictDoUpdate({
      target: [userActionPrices.userId, userActionPrices.actionId],
      set: { price: params.price },
    });
}

// Settings -------------------------------------------------------------------------------------------

export async function settingsRow(db: Queryable): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID)).for('update');
  return row;
}

export async function saveSettingsRow(db: Queryable, values: Partial<typeof settings.$inferInsert>) {
  await db
    .insert(settings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values });
}

// Sessions -------------------------------------------------------------------------------------------

/** An operator's session as the customer: a token of the customer's that ends at `expiresAt`. */
export async function createActingToken(
  db: Queryable,
  params: { userId: number; impersonatorId: number; expiresAt: Date },
): Promise<string> {
  const token = newSecret();
  await db.insert(accessTokens).values({
    userId: params.userId,
    tokenHash: hashSecret(token),
    impersonatorId: params.impersonatorId,
    expiresAt: params.expiresAt,
  });
  return token;
}

/** Ends one session; false when it had ended already. */
export async function revokeToken(db: Queryable, token: string): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.tokenHash, hashSecret(token)), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

// Audit ----------------------------------------------------------------------------------------------

export interface AuditEntry {
  actorId: number;
  targetUserId?: number | null;
  kind: AuditKind;
  subject?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

export async function insertAudit(db: Queryable, entry: AuditEntry) {
  await db.insert(adminAudit).values({
    actorId: entry.actorId,
    targetUserId: entry.targetUserId ?? null,
    kind: entry.kind,
    subject: entry.subject ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason || null,
  });
}

const DAY_MS = 86_400_000;

function auditWhere(filters: TAdminAuditListQuery['filters']): SQL | undefined {
  return and(
    filters.actorId === undefined ? undefined : eq(adminAudit.actorId, filters.actorId),
    filters.targetUserId === undefined ? undefined : eq(adminAudit.targetUserId, filters.targetUserId),
    filters.kind === undefined ? undefined : eq(adminAudit.kind, filters.kind),
    filters.dateFrom === undefined
      ? undefined
      : gte(adminAudit.createdAt, new Date(`${filters.dateFrom}T00:00:00Z`)),
    filters.dateTo === undefined
      ? undefined
      : lt(adminAudit.createdAt, new Date(Date.parse(`${filters.dateTo}T00:00:00Z`) + DAY_MS)),
  );
}

export async function listAudit(db: Queryable, { page, filters }: TAdminAuditListQuery) {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const where = auditWhere(filters);
  const rows = await paginate(
    db
      .select({ row: adminAudit, actorEmail: actor.email, targetEmail: target.email })
      .from(adminAudit)
      .leftJoin(actor, eq(actor.id, adminAudit.actorId))
      .leftJoin(target, eq(target.id, adminAudit.targetUserId))
      .where(where)
      .orderBy(desc(adminAudit.id))
      .$dynamic(),
    page,
  );
  const [total] = await db.select({ n: count() }).from(adminAudit).where(where);
  return { rows, total: total?.n ?? 0 };
}
