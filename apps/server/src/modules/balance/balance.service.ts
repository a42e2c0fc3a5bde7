import type { TBalanceListQuery } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { bonusTotal, listTransactions } from './balance.queries.ts';

/** The history table's page of the user's ledger, and every bonus credit given so far. */
export async function balanceHistory(ctx: AppContext, params: { userId: number } & TBalanceListQuery) {
  const [{ rows, total }, bonus] = await Promise.all([
    listTransactions(ctx.db, params),
    bonusTotal(ctx.db, params.userId),
  ]);
  return { rows, total, bonus };
}
