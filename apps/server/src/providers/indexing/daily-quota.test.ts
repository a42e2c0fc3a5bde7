import { describe, expect, it } from 'vitest';
import { dailyQuota, nextQuotaReset, quotaDay } from './daily-quota.ts';

describe('the daily quota, counted in Pacific days', () => {
  it('resets at midnight Pacific Time: 08:00 UTC in winter, 07:00 UTC in summer', () => {
    expect(nextQuotaReset(Date.parse('2026-11-22T19:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(nextQuotaReset(Date.parse('2026-07-01T06:59:00Z')).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(nextQuotaReset(Date.parse('2026-07-01T07:00:00Z')).toISOString()).toBe('2026-07-02T07:00:00.000Z');
    // The night clocks go back (1 November 2026): the day ends at 08:00 UTC.
    expect(nextQuotaReset(Date.parse('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T08:00:00.000Z');
    // The day clocks go forward (8 March 2026) is 23 hours long.
    expect(nextQuotaReset(Date.parse('2026-03-08T09:00:00Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(quotaDay(Date.parse('2026-11-23T07:59:59Z'))).toBe('2026-11-22');
  });

  it('takes up to the limit, gives back, believes exhaustion, and starts again the next Pacific day', () => {
    let now = Date.parse('2026-11-22T19:00:00Z');
    const quota = dailyQuota(2, () => now);
    expect([quota.take(), quota.take(), quota.take()]).toEqual([true, true, false]);
    quota.give();
    expect(quota.state()).toMatchObject({ used: 1, remaining: 1 });
    quota.exhaust();
    expect(quota.take()).toBe(false);
    expect(quota.msUntilReset()).toBe(13 * 3_600_000);
    now = Date.parse('2026-11-23T08:00:00Z');
    expect(quota.state()).toMatchObject({ used: 0, remaining: 2 });
    expect(quota.take()).toBe(true);
  });
});
