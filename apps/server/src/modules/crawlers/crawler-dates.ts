/**
 * A date as exports write it, as `YYYY-MM-DD`; undefined when it does not read as one. Read:
 * ISO dates and timestamps (Ahrefs, Semrush, Majestic, Search Console), `DD.MM.YYYY` (Russian and
 * Ukrainian locales), `M/D/YYYY` (US Excel; `D/M/YYYY` when the first number cannot be a month),
 * and English month names ("Jan 5, 2024", "5 January 2024").
 */
const MIN_YEAR = 1990;
const MAX_YEAR = 2100;

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(year: number, month: number, day: number): string | undefined {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return undefined;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2}|UTC)?)?$/i;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_FIRST = /^([a-z]{3,9})\.? (\d{1,2}),? (\d{4})$/i;
const DAY_FIRST = /^(\d{1,2}) ([a-z]{3,9})\.?,? (\d{4})$/i;

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

export function readDate(text: string): string | undefined {
  const value = text.trim();
  let m = ISO.exec(value);
  if (m) return dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DOTTED.exec(value);
  if (m) return dayOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = SLASHED.exec(value);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a > 12 ? dayOf(Number(m[3]), b, a) : dayOf(Number(m[3]), a, b);
  }
  m = MONTH_FIRST.exec(value);
  if (m && monthOf(m[1]) > 0) return dayOf(Number(m[3]), monthOf(m[1]), Number(m[2]));
  m = DAY_FIRST.exec(value);
  if (m && monthOf(m[2]) > 0) return dayOf(Number(m[3]), monthOf(m[2]), Number(m[1]));
  return undefined;
}
