import { BCP47, isLocale } from './constants.ts';

/**
 * Money, written once (issue 12). 1 credit = $0.001: balances, prices and ledger values are integer
 * credits, so 12,345 credits read "$12.345" (spec 9: US dollars with 3 decimals). Payments are whole
 * US cents (what the providers take), so 1 cent buys 10 credits and no rounding ever happens.
 */
export const CREDITS_PER_USD = 1000;
export const CREDITS_PER_CENT = 10;

/** Smallest and largest top-up the payment form accepts: $1.00 and $10,000.00. */
export const PAYMENT_MIN_CENTS = 100;
export const PAYMENT_MAX_CENTS = 1_000_000;

/** A top-up of at least this much unblocks a blocked account (spec 6: "topped up by at least $1"). */
export const UNBLOCK_MIN_CENTS = 100;

/** Credits as a plain dollar amount with 3 decimals: 12345 → "12.345", -5 → "-0.005". */
export function creditsToUsd(credits: number): string {
  const sign = credits < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(credits));
  const dollars = Math.floor(abs / CREDITS_PER_USD);
  const fraction = String(abs % CREDITS_PER_USD).padStart(3, '0');
  return `${sign}${dollars}.${fraction}`;
}

/** Credits for display in the user's language, US dollars with 3 decimals: en "$12,345.678". */
export function formatUsd(locale: string, credits: number): string {
  return new Intl.NumberFormat(isLocale(locale) ? BCP47[locale] : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(credits / CREDITS_PER_USD);
}

/** Whole cents as dollars with 2 decimals ("10.50"), for payment amounts. */
export function centsToUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function usdCentsToCredits(cents: number): number {
  return cents * CREDITS_PER_CENT;
}

/**
 * A dollar amount typed in the form ("10", "10.5", "10.50") as whole cents, or null when it has more
 * than 2 decimals or is not a number. Parsed from the digits, never through a float.
 */
export function usdToCents(amount: string | number): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
