/**
 * Every series a chart of the app can show, in the one order of every legend and tooltip, each with
 * one colour wherever it appears (summary dots, bars, lines, slices). A chart lists the series it
 * draws; `ordered` puts them in this order, whatever order the caller gave.
 */
export const SERIES = {
  added: { color: '#0ea5e9', dot: 'bg-sky-500' },
  checked: { color: '#8b5cf6', dot: 'bg-violet-500' },
  good: { color: '#10b981', dot: 'bg-emerald-500' },
  bad: { color: '#f43f5e', dot: 'bg-rose-500' },
  unchecked: { color: '#cbd5e1', dot: 'bg-slate-300' },
  found: { color: '#14b8a6', dot: 'bg-teal-500' },
  lost: { color: '#f97316', dot: 'bg-orange-500' },
  indexed: { color: '#6366f1', dot: 'bg-indigo-500' },
  text: { color: '#0891b2', dot: 'bg-cyan-600' },
  brand: { color: '#d946ef', dot: 'bg-fuchsia-500' },
  url: { color: '#eab308', dot: 'bg-yellow-500' },
  empty: { color: '#cbd5e1', dot: 'bg-slate-300' },
  other: { color: '#94a3b8', dot: 'bg-slate-400' },
} as const;

export type SeriesKey = keyof typeof SERIES;

const ORDER = Object.keys(SERIES) as SeriesKey[];

/** The given series in the legend order, each once. */
export function ordered(keys: readonly SeriesKey[]): SeriesKey[] {
  return ORDER.filter((key) => keys.includes(key));
}

export const isSeriesKey = (key: string): key is SeriesKey => key in SERIES;

/** A point of a chart: its x (a `YYYY-MM-DD` day or a category) and a value per series. */
export interface ChartPoint {
  key: string;
  /** What the tooltip and the axis call it: a project's name; days are formatted by the chart. */
  label?: string;
  values: Partial<Record<SeriesKey, number>>;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * Rows of `{ date, ...counts }` as chart points, one for every UTC day from the first to the last given
 * (a day the rows skip, or a count they lack, is a zero), oldest first.
 */
export function dailyPoints(
  rows: readonly ({ date: string } & Partial<Record<SeriesKey, number>>)[],
  series: readonly SeriesKey[],
): ChartPoint[] {
  if (rows.length === 0) return [];
  const byDay = new Map(rows.map((row) => [dayNumber(row.date), row]));
  const days = [...byDay.keys()];
  const [first, last] = [Math.min(...days), Math.max(...days)];
  return Array.from({ length: last - first + 1 }, (_, n) => {
    const row = byDay.get(first + n);
    const values: ChartPoint['values'] = {};
    for (const key of series) values[key] = row?.[key] ?? 0;
    return { key: dayText(first + n), values };
  });
}

/** Whether every value of every point is zero (or there is no point). */
export const allZero = (points: readonly ChartPoint[]) =>
  points.every((p) => Object.values(p.values).every((v) => !v));
