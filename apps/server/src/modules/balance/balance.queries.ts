import { BalanceTransactionType, type TBalanceListQuery } from '@linkwatch/shared';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import { balanceTransactions } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

/** The user's ledger rows, newest first, by type and by whole UTC days. */
export async function listTransactions(
  db: Queryable,
  { userId, page, filters }: { userId: number } & TBalanceListQuery,
) {
  const where = and(...conditions(userId, filters));
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select()
        .from(balanceTransactions)
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
