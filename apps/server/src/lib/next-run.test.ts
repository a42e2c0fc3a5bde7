import { describe, expect, it } from 'vitest';
import { dayStart, nextRunAt } from './next-run.ts';

const at = (iso: string) => new Date(iso);
const cadence = (startAt: string, time: string, interval: number) => ({
  startAt: dayStart(startAt),
  time,
  interval,
});

describe('nextRunAt', () => {
  it('runs on the start day at the given time when that is still ahead', () => {
    expect(nextRunAt(cadence('2030-05-10', '09:30', 3), { from: at('2030-05-01T12:00:00Z') })).toEqual(
      at('2030-05-10T09:30:00Z'),
    );
  });

  it('then every interval days, skipping runs that already passed', () => {
    const weekly = cadence('2030-05-01', '06:00', 7);
    expect(nextRunAt(weekly, { from: at('2030-05-01T06:00:01Z') })).toEqual(at('2030-05-08T06:00:00Z'));
    expect(nextRunAt(weekly, { from: at('2030-05-20T00:00:00Z') })).toEqual(at('2030-05-22T06:00:00Z'));
  });

  it('counts a run due this instant when saving, but never repeats it after running', () => {
    const daily = cadence('2030-05-01', '00:00', 1);
    const due = at('2030-05-03T00:00:00Z');
    expect(nextRunAt(daily, { from: due })).toEqual(due);
    expect(nextRunAt(daily, { from: due, strict: true })).toEqual(at('2030-05-04T00:00:00Z'));
  });

  it('treats times as UTC across month and year ends', () => {
    expect(nextRunAt(cadence('2030-12-30', '23:59', 2), { from: at('2030-12-31T00:00:00Z') })).toEqual(
      at('2031-01-01T23:59:00Z'),
    );
  });
});

describe('nextRunAt on the campaign’s weekdays', () => {
  // 2030-05-06 is a Monday.
  it('moves a run that falls on an unticked weekday to the next ticked one, same time', () => {
    const weekdaysOnly = { ...cadence('2030-05-06', '08:15', 1), weekdays: [1, 2, 3, 4, 5] };
    // Friday's run is done: Saturday and Sunday are skipped.
    expect(nextRunAt(weekdaysOnly, { from: at('2030-05-10T08:15:00Z'), strict: true })).toEqual(
      at('2030-05-13T08:15:00Z'),
    );
    expect(nextRunAt(weekdaysOnly, { from: at('2030-05-11T12:00:00Z') })).toEqual(at('2030-05-13T08:15:00Z'));
  });

  it('keeps the period in days between runs on ticked days', () => {
    const everyThird = { ...cadence('2030-05-06', '00:00', 3), weekdays: [1, 3, 5] };
    // Thursday 9th is the period's run: not ticked, so Friday 10th.
    expect(nextRunAt(everyThird, { from: at('2030-05-06T00:00:00Z'), strict: true })).toEqual(
      at('2030-05-10T00:00:00Z'),
    );
    // Sunday 12th: Monday 13th.
    expect(nextRunAt(everyThird, { from: at('2030-05-10T00:00:00Z'), strict: true })).toEqual(
      at('2030-05-13T00:00:00Z'),
    );
  });

  it('runs every day when all seven or none are given', () => {
    const daily = cadence('2030-05-06', '00:00', 1);
    const from = { from: at('2030-05-11T00:00:00Z'), strict: true };
    expect(nextRunAt({ ...daily, weekdays: [1, 2, 3, 4, 5, 6, 7] }, from)).toEqual(
      at('2030-05-12T00:00:00Z'),
    );
    expect(nextRunAt({ ...daily, weekdays: [] }, from)).toEqual(at('2030-05-12T00:00:00Z'));
  });
});
