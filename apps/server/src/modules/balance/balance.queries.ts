import { BalanceTransactionType, type TBalanceListQuery } from '@linkwatch/shared';
import { and, count, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { belongsToAccount } from '../../db/account-people.ts';
import type { Queryable } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import { balanceTransactions, payments, users } from '../../db/schema/index.ts';
import { WELCOME_CREDITS_DESCRIPTION } from './descriptions.ts';

const DAY_MS = 86_400_000;

/**
 * Who made a row's payment (issue 27): `payments.actor_id`, named while they still belong to the
 * account (the ledger's user id is the account).
 */
const paymentActor = alias(users, 'payment_actor');

/** The user's ledger rows, newest first, by type and by whole UTC days, with who paid. */
export async function listTransactions(
  db: Queryable,
  { userId, page, filters }: { userId: number } & TBalanceListQuery,
) {
  const where = and(...conditions(userId, filters));
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({ ...getTableColumns(balanceTransactions), actorName: paymentActor.name })
        .from(balanceTransactions)
        .leftJoin(payments, eq(payments.id, balanceTransactions.paymentId))
        .leftJoin(
          paymentActor,
          and(
            eq(paymentActor.id, payments.actorId),
            belongsToAccount(balanceTransactions.userId, payments.actorId),
          ),
        )
        .where(where)
        .orderBy(desc(balanceTransactions.createdAt), desc(balanceTransactions.id))
        .$dynamic(),
      page,
    ),
    db.select({ total: count() }).from(balanceTransactions).where(where),
  ]);
  return { rows, total };
}

function conditions(userId: number, filters: TBalanceListQuery['filters']): SQL[] {
  const out: SQL[] = [eq(balanceTransactions.userId, userId)];
  if (filters.types?.length) out.push(inArray(balanceTransactions.typeId, filters.types));
  if (filters.dateFrom)
    out.push(gte(balanceTransactions.createdAt, new Date(`${filters.dateFrom}T00:00:00Z`)));
  if (filters.dateTo)
    out.push(lt(balanceTransactions.createdAt, new Date(Date.parse(`${filters.dateTo}T00:00:00Z`) + DAY_MS)));
  return out;
}

/** Every bonus credit the user was given (payment levels, welcome credits): the balance page's "bonus". */
export async function bonusTotal(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${balanceTransactions.value}), 0)::int` })
    .from(balanceTransactions)
    .where(
      and(
        eq(balanceTransactions.userId, userId),
        eq(balanceTransactions.typeId, BalanceTransactionType.Bonus),
      ),
    );
  return row?.sum ?? 0;
}

/** Whether the account is blocked (blocking.ts), read from its row. */
export async function isUserBlocked(db: Queryable, userId: number): Promise<boolean | undefined> {
  const [user] = await db.select({ isBlocked: users.isBlocked }).from(users).where(eq(users.id, userId));
  return user?.isBlocked;
}

/** Blocks or unblocks an account; false when there is no such account. */
export async function setUserBlocked(db: Queryable, params: { userId: number; blocked: boolean }) {
  const [row] = await db
    .update(users)
    .set({ isBlocked: params.blocked })
    .where(eq(users.id, params.userId))
    .returning({ id: users.id });
  return row !== undefined;
}

/** Locks the user's row for the rest of the transaction: its welcome credits are given one at a time. */
export async function lockUser(tx: Queryable, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The ledger row of the account's welcome credits, if they were given. */
export async function findWelcomeCredits(tx: Queryable, userId: number) {
  const [given] = await tx
    .select({ id: balanceTransactions.id })
    .from(balanceTransactions)
    .where(
      and(
        eq(balanceTransactions.userId, userId),
        eq(balanceTransactions.typeId, BalanceTransactionType.Bonus),
        eq(balanceTransactions.description, WELCOME_CREDITS_DESCRIPTION),
      ),
    )
    .limit(1);
  return given;
}
