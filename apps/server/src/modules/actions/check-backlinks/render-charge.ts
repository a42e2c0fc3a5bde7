import type { CheckResult } from '@linkwatch/checker';
import { BalanceTransactionType, PricedExtra } from '@linkwatch/shared';
import type { Tx } from '../../../db/client.ts';
import { applyLedgerEntry, InsufficientBalanceError } from '../../balance/ledger.ts';
import { priceFor } from '../prices.ts';
import type { ActionRow, DoneOutcome } from '../types.ts';
import { addActionCost } from './check-backlinks.queries.ts';

/** Checks of a batch whose page was rendered in the browser and gave a page to read. */
export function countRenders(done: DoneOutcome<CheckResult>[]): number {
  return done.filter((d) => d.result.render !== undefined && d.result.render.error === null).length;
}

/**
 * Rendered checks cost their own price on top of the check's, charged in the batch's transaction
 * and only for the pages that were rendered. The start cannot know how many will be, so this is
 * not reserved: a balance that ran short is charged what is left (the render has been done).
 */
export async function chargeRenders(tx: Tx, action: ActionRow, done: DoneOutcome<CheckResult>[]) {
  const renders = countRenders(done);
  if (renders === 0) return;
  const { price } = await priceFor(tx, { userId: action.userId, action: PricedExtra.RenderedCheck });
  let cost = price * renders;
  if (cost === 0) return;
  const entry = {
    userId: action.userId,
    typeId: BalanceTransactionType.Charge,
    description: `task:${action.actionId}:rendered:${renders}`,
    actionId: action.id,
  };
  try {
    await applyLedgerEntry(tx, { ...entry, value: -cost });
  } catch (error) {
    if (!(error instanceof InsufficientBalanceError)) throw error;
    cost = error.balance;
    if (cost > 0) await applyLedgerEntry(tx, { ...entry, value: -cost });
  }
  if (cost > 0) await addActionCost(tx, { id: action.id, credits: cost });
}
