import { useTranslation } from 'react-i18next';
import { intlTag } from './locale.ts';

type Formatter = ReturnType<typeof createFormatter>;

/**
 * One formatter per language for the whole app: building the Intl formatters costs about a millisecond
 * on a phone, and every badge and cell of a 50-row table asked for its own set on the first render.
 */
const formatters = new Map<string, Formatter>();

/** An Intl formatter built on its first use: a page that shows no dates does not pay for the date ones. */
function lazily<T>(create: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= create();
    return made;
  };
}

/** How each of the app's languages groups a whole number's thousands (CLDR, as Intl writes them). */
const THOUSANDS_SEPARATOR: Record<string, string> = { 'en-US': ',', 'ru-RU': '\u00a0', 'uk-UA': '\u00a0' };

/** `1234567` as `1,234,567` (or with another separator); a negative number keeps its hyphen-minus. */
function groupThousands(value: number, separator: string): string {
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, separator);
  return value < 0 ? `-${grouped}` : grouped;
}

/** The formatter of an Intl tag (`uk-UA`); useFormat hands out the page language's. */
export function createFormatter(tag: string) {
  const number = lazily(() => new Intl.NumberFormat(tag));
  const dateTime = lazily(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }));
  const dateOnly = lazily(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }));
  const dateNumeric = lazily(
    () => new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' }),
  );
  const day = lazily(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }));
  const dayShort = lazily(
    () => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  );
  const weekday = lazily(() => new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' }));
  const unit = (
    value: number,
    name: 'second' | 'minute' | 'hour' | 'byte' | 'kilobyte' | 'megabyte',
    display: 'short' | 'long' = 'short',
  ) => new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: display }).format(value);
  const thousands = THOUSANDS_SEPARATOR[tag];
  return {
    // A whole number is grouped here, as Intl would: the first Intl.NumberFormat of a page costs about
    // 20 ms on a desktop and 120 ms on a phone (the header's balance, "1,000 credits", on every page's
    // first render: a CPU profile of the campaign page at 4x throttling).
    number: (value: number) =>
      thousands !== undefined && Number.isSafeInteger(value)
        ? groupThousands(value, thousands)
        : number().format(value),
    dateTime: (iso: string | null | undefined) => (iso ? dateTime().format(new Date(iso)) : ''),
    /** A date (with the time when asked) in a table cell: a dash when there is none. */
    date: (iso: string | null, withTime = false) =>
      iso ? (withTime ? dateTime() : dateOnly()).format(new Date(iso)) : '—',
    /** A date in digits (`27.11.2026`, `11/27/2026`) for a narrow table column; a dash when there is none. */
    dateNumeric: (iso: string | null) => (iso ? dateNumeric().format(new Date(iso)) : '—'),
    /** A calendar day `YYYY-MM-DD`, shown as it is written (no time-zone shift). */
    day: (value: string) => day().format(new Date(`${value.slice(0, 10)}T00:00:00Z`)),
    /** A calendar day without its year, for a chart's axis: `22 Nov`, `22 нояб.`. */
    dayShort: (value: string) => dayShort().format(new Date(`${value.slice(0, 10)}T00:00:00Z`)),
    /** An ISO weekday (1 Monday to 7 Sunday), short: `Mon`, `пн` (1 January 2024 was a Monday). */
    weekday: (iso: number) => weekday().format(new Date(Date.UTC(2024, 0, iso))),
    /**
     * A file's size in the page language: `12,5 кБ`. Bytes are spelt out (`215 bytes`, `215 байт`,
     * `215 байтів`): CLDR's short English form has no plural ("215 byte") and no unit sign.
     */
    bytes: (size: number) => {
      if (size < 1024) return unit(size, 'byte', 'long');
      if (size < 1024 * 1024) return unit(Math.round(size / 102.4) / 10, 'kilobyte');
      return unit(Math.round(size / 1024 / 102.4) / 10, 'megabyte');
    },
    duration: (ms: number) => {
      const seconds = Math.max(0, Math.round(ms / 1000));
      if (seconds < 60) return unit(seconds, 'second');
      if (seconds < 3600) return unit(Math.round(seconds / 60), 'minute');
      return unit(Math.round(seconds / 360) / 10, 'hour');
    },
  };
}

/** Numbers and dates in the page language; the one formatter of the app. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const tag = intlTag(i18n.language);
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = createFormatter(tag);
    formatters.set(tag, formatter);
  }
  return formatter;
}
