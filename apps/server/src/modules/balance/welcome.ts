import { BalanceTransactionType } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { balanceTransactions, users } from '../../db/schema/index.ts';
import { WELCOME_CREDITS_DESCRIPTION } from './descriptions.ts';
import { applyLedgerEntry } from './ledger.ts';

/**
 * Gives an account its welcome credits, once in its life: the ledger row is the mark, read with the
 * user's row locked, so a second confirmation (or two at the same time) finds it and gives nothing.
 * Runs in the caller's transaction.
 */
export async function grantWelcomeCredits(tx: Queryable, params: { userId: number; amount: number }) {
  if (params.amount <= 0) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, params.userId)).for('update');
  const [given] = await tx
    .select({ id: balanceTransactions.id })
    .from(balanceTransactions)
    .where(
      and(
        eq(balanceTransactions.userId, params.userId),
        eq(balanceTransactions.typeId, BalanceTransactionType.Bonus),
        eq(balanceTransactions.description, WELCOME_CREDITS_DESCRIPTION),
      ),
    )
    .limit(1);
  if (given) return;
  await applyLedgerEntry(tx, {
    userId: params.userId,
    value: params.amount,
    typeId: BalanceTransactionType.Bonus,
    description: WELCOME_CREDITS_DESCRIPTION,
  });
}
