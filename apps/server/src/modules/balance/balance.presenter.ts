import type { Locale, TBalanceTransactionAttributes } from '@linkwatch/shared';
import { hasKey, translate } from '@linkwatch/shared/i18n';
import type { balanceTransactions } from '../../db/schema/index.ts';
import { iso, resource } from '../../http/present.ts';
import { FIXED_DESCRIPTIONS } from './descriptions.ts';

type TransactionRow = typeof balanceTransactions.$inferSelect & { actorName: string | null };

export function presentTransaction(row: TransactionRow, locale: Locale) {
  const attributes: TBalanceTransactionAttributes = {
    balance: row.balance,
    value: row.value,
    typeId: row.typeId,
    typeText: typeText(row.typeId, locale),
    description: describe(row, locale),
    createdAt: iso(row.createdAt),
    paymentId: row.paymentId,
    actionId: row.actionId,
    actorName: row.actorName,
  };
  return resource('balanceTransactions', row.id, attributes);
}

export function typeText(typeId: number, locale: Locale): string {
  const key = `balance.types.${typeId}`;
  return hasKey(locale, key) ? translate(locale, key) : String(typeId);
}

/**
 * A row's description in the reader's language. The ledger stores a machine tag (`task:2:refund`,
 * `payment:card`, `payment-bonus:5`) so the text can follow the language; an operator's own words
 * (`user:credit --description`) are shown as written.
 */
function describe(row: TransactionRow, locale: Locale): string {
  const text = row.description ?? '';
  const fixed = FIXED_DESCRIPTIONS[text];
  if (fixed) return translate(locale, `balance.descriptions.${fixed}`);
  const task = /^task:(\d+)(?::(refund|not-indexed))?$/.exec(text);
  if (task && row.actionId !== null) {
    const key = { refund: 'refund', 'not-indexed': 'refundNotIndexed' }[task[2] ?? ''] ?? 'charge';
    return translate(locale, `balance.descriptions.${key}`, {
      task: row.actionId,
      action: translate(locale, `tasks.actions.${task[1]}`),
    });
  }
  const payment = /^payment:(card|paypal|crypto)$/.exec(text);
  if (payment && row.paymentId !== null)
    return translate(locale, 'balance.descriptions.topUp', {
      method: translate(locale, `payments.methods.${payment[1]}`),
      payment: row.paymentId,
    });
  const bonus = /^payment-bonus:(\d+)$/.exec(text);
  if (bonus && row.paymentId !== null)
    return translate(locale, 'balance.descriptions.bonus', { percent: bonus[1], payment: row.paymentId });
  const payout = /^referral-payout:(\d+)$/.exec(text);
  if (payout) return translate(locale, 'balance.descriptions.referralPayout', { payout: payout[1] });
  return text || typeText(row.typeId, locale);
}
