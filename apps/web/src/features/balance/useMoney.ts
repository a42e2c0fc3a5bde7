import { formatUsd, isLocale } from '@linkwatch/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { intlTag } from '@/lib/locale.ts';

/**
 * Credits and dollars as the page writes them: credits as a number in the page's language, their
 * value as US dollars with 3 decimals (spec 9; 1 credit = $0.001, packages/shared/money.ts), and a
 * payment's whole cents as dollars with 2 (what the providers charge).
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const format = useFormat();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return useMemo(() => {
    const cents = new Intl.NumberFormat(intlTag(locale), {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const whole = new Intl.NumberFormat(intlTag(locale), {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    return {
      /** Whole dollars without decimals, for the amount buttons: "$1,000". */
      wholeDollars: (dollars: number) => whole.format(dollars),
      credits: (value: number) => format.number(value),
      usd: (credits: number) => formatUsd(locale, credits),
      cents: (value: number) => cents.format(value / 100),
      /** A ledger value with its sign: "+25,000", "−1,000" (a true minus sign, as typeset). */
      signedCredits: (value: number) =>
        `${value > 0 ? '+' : value < 0 ? '\u2212' : ''}${format.number(Math.abs(value))}`,
    };
  }, [locale, format]);
}
