/**
 * When a schedule runs. Times are UTC: the account has no time zone, and one clock for every user and
 * process keeps "due" unambiguous. A schedule runs on its start day at `time`, then every `interval` days;
 * a run that falls on a weekday its campaign's settings leave unticked waits for the next ticked one.
 */
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** `YYYY-MM-DD` as the Date stored in `start_at` (midnight UTC). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
export const dayOf = (startAt: Date) => startAt.toISOString().slice(0, 10);

export interface Cadence {
  startAt: Date;
  /** `HH:MM` */
  time: string;
  /** Days between runs, at least 1. */
  interval: number;
  /** The ISO weekdays (1 Monday to 7 Sunday) runs may fall on; none or all seven: any day. */
  weekdays?: readonly number[];
}

const isoWeekday = (at: number) => new Date(at).getUTCDay() || 7;

/** The run moved to the first ticked weekday on or after its own day, at the same time of day. */
function onTickedDay(at: number, weekdays: readonly number[] | undefined): number {
  if (!weekdays?.length) return at;
  let day = at;
  for (let i = 0; i < 7 && !weekdays.includes(isoWeekday(day)); i++) day += DAY_MS;
  return day;
}

function firstRun(cadence: Cadence): number {
  const [hours, minutes] = cadence.time.split(':').map(Number);
  return dayStart(dayOf(cadence.startAt)).getTime() + (hours * 60 + minutes) * MINUTE_MS;
}

/**
 * The first run at or after `from` (saving a schedule: a run due this very millisecond still counts),
 * or strictly after it (`strict`, after a run: never the same run twice).
 */
export function nextRunAt(cadence: Cadence, params: { from: Date; strict?: boolean }): Date {
  // Moving a run forward never brings it before `from`, so the period's run is found first.
  return new Date(onTickedDay(periodRunAt(cadence, params).getTime(), cadence.weekdays));
}

/** The run the period in days alone gives. */
function periodRunAt(cadence: Cadence, params: { from: Date; strict?: boolean }): Date {
  const first = firstRun(cadence);
  const from = params.from.getTime();
  if (first > from || (first === from && !params.strict)) return new Date(first);
  const step = Math.max(1, cadence.interval) * DAY_MS;
  const passed = Math.floor((from - first) / step);
  const candidate = first + passed * step;
  const onTheDot = candidate === from && !params.strict;
  return new Date(onTheDot ? candidate : candidate + step);
}
