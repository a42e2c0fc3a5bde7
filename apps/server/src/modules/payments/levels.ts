import { bonusCreditsFor, type TPaymentLevelAttributes } from '@linkwatch/shared';

export interface PaymentLevel {
  id: number;
  /** Cents; max null: no upper bound. */
  min: number;
  max: number | null;
  percent: number;
}

/** A level as the API shows it: bounds in US dollars, like payment amounts. */
export function levelInDollars(level: PaymentLevel): TPaymentLevelAttributes {
  return { min: level.min / 100, max: level.max === null ? null : level.max / 100, percent: level.percent };
}

/** The bonus a payment of `paidCents` earns, and its level's percent (0 when no level holds it). */
export function bonusFor({ levels, paidCents }: { levels: PaymentLevel[]; paidCents: number }) {
  const inDollars = levels.map(levelInDollars);
  const credits = bonusCreditsFor({ levels: inDollars, amountCents: paidCents });
  const level = levels.find((l) => paidCents >= l.min && (l.max === null || paidCents <= l.max));
  return { credits, percent: level?.percent ?? 0 };
}

/** The first problem of a set of tiers (overlap, a max below its min, a bad percent), or null. */
export function levelsProblem(levels: Omit<PaymentLevel, 'id'>[]): string | null {
  const sorted = [...levels].sort((a, b) => a.min - b.min);
  for (const [i, level] of sorted.entries()) {
    if (!Number.isInteger(level.min) || level.min < 0) return `min must be a whole number of cents ≥ 0`;
    if (level.max !== null && (!Number.isInteger(level.max) || level.max < level.min))
      return `max ${level.max} is below min ${level.min}`;
    if (!Number.isInteger(level.percent) || level.percent < 0 || level.percent > 100)
      return `percent must be a whole number from 0 to 100`;
    const next = sorted[i + 1];
    if (next && (level.max === null || level.max >= next.min))
      return `levels overlap: ${level.min}-${level.max ?? '∞'} and ${next.min}-${next.max ?? '∞'}`;
  }
  return null;
}
