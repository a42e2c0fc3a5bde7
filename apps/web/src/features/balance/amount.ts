import {
  bonusCreditsFor,
  CREDITS_PER_CENT,
  centsToUsd,
  PAYMENT_MAX_CENTS,
  PAYMENT_MIN_CENTS,
  type TPaymentLevelAttributes,
  usdCentsToCredits,
  usdToCents,
} from '@linkwatch/shared';

/** Why a typed amount cannot be paid, as the form says it: i18n keys under balanceUi.amount. */
export type AmountProblem = 'required' | 'format' | 'min' | 'max';

export type AmountCheck =
  | { ok: true; cents: number; credits: number; bonus: number; percent: number }
  | { ok: false; problem: AmountProblem };

/** The level a payment of `cents` falls in (min and max are dollars, max null: no upper bound). */
export function levelFor<T extends TPaymentLevelAttributes>({
  levels,
  cents,
}: {
  levels: readonly T[];
  cents: number;
}): T | undefined {
  return levels.find(
    (l) => cents >= Math.round(l.min * 100) && (l.max === null || cents <= Math.round(l.max * 100)),
  );
}

/**
 * The amount the user typed, read as the server will read it (whole cents from the digits, $1 to
 * $10,000), with the credits it buys and the bonus its tier adds. A comma is taken as the decimal
 * mark: ru and ua users write "25,50".
 */
export function checkAmount({
  text,
  levels,
}: {
  text: string;
  levels: readonly TPaymentLevelAttributes[];
}): AmountCheck {
  const typed = text.trim().replace(',', '.');
  if (typed === '') return { ok: false, problem: 'required' };
  const cents = usdToCents(typed);
  if (cents === null) return { ok: false, problem: 'format' };
  if (cents < PAYMENT_MIN_CENTS) return { ok: false, problem: 'min' };
  if (cents > PAYMENT_MAX_CENTS) return { ok: false, problem: 'max' };
  return {
    ok: true,
    cents,
    credits: usdCentsToCredits(cents),
    bonus: bonusCreditsFor({ levels, amountCents: cents }),
    percent: levelFor({ levels, cents })?.percent ?? 0,
  };
}

/** What the form starts with when nothing asks for another amount: the first tier with a bonus. */
export const DEFAULT_AMOUNT = '100';

/**
 * The form's first amount. A task's "top up" link names the credits it lacks (`?amount=<credits>`):
 * the dollars that buy them, rounded up to a cent and kept within the payment limits.
 */
export function startingAmount(creditsLacking: string | null): string {
  if (!creditsLacking || !/^\d{1,12}$/.test(creditsLacking) || Number(creditsLacking) === 0)
    return DEFAULT_AMOUNT;
  const cents = Math.ceil(Number(creditsLacking) / CREDITS_PER_CENT);
  return centsToUsd(Math.min(PAYMENT_MAX_CENTS, Math.max(PAYMENT_MIN_CENTS, cents)));
}
