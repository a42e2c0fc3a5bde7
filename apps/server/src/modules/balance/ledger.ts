import type { BalanceTransactionType } from '@linkwatch/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { balanceTransactions, users } from '../../db/schema/index.ts';

export type BalanceTransactionTypeId = (typeof BalanceTransactionType)[keyof typeof BalanceTransactionType];

export class InsufficientBalanceError extends Error {
  constructor(
    readonly balance: number,
    readonly required: number,
  ) {
    super('insufficient balance');
  }
}

/**
 * The only way a balance changes: one conditional UPDATE (so concurrent charges can never take it below
 * zero) and its ledger row, in the caller's transaction.
 */
export async function applyLedgerEntry(
  tx: Queryable,
  entry: {
    userId: number;
    value: number;
    typeId: BalanceTransactionTypeId;
    description?: string;
    actionId?: number;
    paymentId?: number;
  },
) {
  if (!Number.isInteger(entry.value)) throw new Error('credits are whole numbers');
  const [updated] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${entry.value}` })
    .where(and(eq(users.id, entry.userId), gte(sql`${users.balance} + ${entry.value}`, 0)))
    .returning({ balance: users.balance });
  if (!updated) {
    const [user] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, entry.userId));
    throw new InsufficientBalanceError(user?.balance ?? 0, -entry.value);
  }
  const [row] = await tx
    .insert(balanceTransactions)
    .values({
      userId: entry.userId,
      value: entry.value,
      balance: updated.balance,
      typeId: entry.typeId,
      description: entry.description ?? null,
      actionId: entry.actionId ?? null,
      paymentId: entry.paymentId ?? null,
    })
    .returning();
  return row;
}

export async function ledgerSum(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${balanceTransactions.value}), 0)::int` })
    .from(balanceTransactions)
    .where(eq(balanceTransactions.userId, userId));
  return row?.sum ?? 0;
}
