import { BCP47, isLocale } from '@linkwatch/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers and dates in the page language (the spec's `ua` is `uk-UA` for Intl). */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = BCP47[isLocale(i18n.language) ? i18n.language : 'en'];
  return useMemo(() => {
    const number = new Intl.NumberFormat(tag);
    const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
    const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
      new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
    return {
      number: (value: number) => number.format(value),
      dateTime: (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : ''),
      /** A calendar day `YYYY-MM-DD`, shown as it is written (no time-zone shift). */
      day: (day: string) => date.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)),
      duration: (ms: number) => {
        const seconds = Math.max(0, Math.round(ms / 1000));
        if (seconds < 60) return unit(seconds, 'second');
        if (seconds < 3600) return unit(Math.round(seconds / 60), 'minute');
        return unit(Math.round(seconds / 360) / 10, 'hour');
      },
    };
  }, [tag]);
}
