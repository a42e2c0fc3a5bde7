import { BalanceTransactionType } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import { findWelcomeCredits, lockUser } from './balance.queries.ts';
import { WELCOME_CREDITS_DESCRIPTION } from './descriptions.ts';
import { applyLedgerEntry } from './ledger.ts';

/**
 * Gives an account its welcome credits, once in its life: the ledger row is the mark, read with the
 * user's row locked, so a second confirmation (or two at the same time) finds it and gives nothing.
 * Runs in the caller's transaction.
 */
export async function grantWelcomeCredits(tx: Queryable, params: { userId: number; amount: number }) {
  if (params.amount <= 0) return;
  await lockUser(tx, params.userId);
  const given = await findWelcomeCredits(tx, params.userId);
  if (given) return;
  await applyLedgerEntry(tx, {
    userId: params.userId,
    value: params.amount,
    typeId: BalanceTransactionType.Bonus,
    description: WELCOME_CREDITS_DESCRIPTION,
  });
}
