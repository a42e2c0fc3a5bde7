import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import { mailings, users } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export type Mailing = typeof mailings.$inferSelect;
type MailingFlags = Partial<Pick<Mailing, 'actions' | 'report' | 'wiki'>>;

const own = (params: { userId: number; id: number }) =>
  and(eq(mailings.id, params.id), eq(mailings.userId, params.userId));

export async function listMailings(db: Queryable, params: { userId: number; page: PageQuery }) {
  const where = eq(mailings.userId, params.userId);
  const [rows, [{ total }]] = await Promise.all([
    paginate(db.select().from(mailings).where(where).orderBy(asc(mailings.id)).$dynamic(), params.page),
    db.select({ total: count() }).from(mailings).where(where),
  ]);
  return { rows, total };
}

export async function findMailing(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db.select().from(mailings).where(own(params));
  return row;
}

/** Locks the owner's row so that concurrent adds of one address cannot both pass the duplicate check. */
export async function lockOwner(db: Queryable, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countMailings(db: Queryable, userId: number) {
  const [row] = await db.select({ count: count() }).from(mailings).where(eq(mailings.userId, userId));
  return row.count;
}

export async function emailTaken(
  db: Queryable,
  params: { userId: number; email: string; exceptId?: number },
) {
  const [row] = await db
    .select({ id: mailings.id })
    .from(mailings)
    .where(
      and(
        eq(mailings.userId, params.userId),
        sql`lower(${mailings.email}) = lower(${params.email})`,
        params.exceptId ? ne(mailings.id, params.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMailing(db: Queryable, values: { userId: number; email: string } & MailingFlags) {
  const [row] = await db.insert(mailings).values(values).returning();
  return row;
}

export async function updateMailing(
  db: Queryable,
  params: {
    userId: number;
    id: number;
    values: MailingFlags & { email?: string; unsubscribeTokenHash?: null };
  },
) {
  const [row] = await db.update(mailings).set(params.values).where(own(params)).returning();
  return row;
}

export async function deleteMailing(db: Queryable, params: { userId: number; id: number }) {
  const deleted = await db.delete(mailings).where(own(params)).returning({ id: mailings.id });
  return deleted.length > 0;
}

/** Unsubscribe: the token names the row, so no owner scope here. */
export async function findMailingById(db: Queryable, id: number) {
  const [row] = await db.select().from(mailings).where(eq(mailings.id, id));
  return row;
}

export async function switchOff(db: Queryable, params: { id: number; flags: MailingFlags }) {
  const [row] = await db.update(mailings).set(params.flags).where(eq(mailings.id, params.id)).returning();
  return row;
}

/** Who hears about a finished task: recipients with task mails or reports switched on. */
export async function taskRecipients(db: Queryable, userId: number) {
  return db
    .select()
    .from(mailings)
    .where(and(eq(mailings.userId, userId), or(eq(mailings.actions, true), eq(mailings.report, true))))
    .orderBy(asc(mailings.id));
}

/**
 * Adds an unsubscribe token's hash to the recipient's row (unsubscribe-token.ts): newest first,
 * space-separated, cut to `keptLength` characters. One UPDATE expression, so two mails minted at once
 * both keep their hash (the row lock orders them).
 */
export async function addTokenHash(
  db: Queryable,
  params: { mailingId: number; hash: string; keptLength: number },
) {
  const column = mailings.unsubscribeTokenHash;
  await db
    .update(mailings)
    .set({
      unsubscribeTokenHash: sql`left(${params.hash} || coalesce(' ' || ${column}, ''), ${params.keptLength})`,
    })
    .where(eq(mailings.id, params.mailingId));
}
