import type { DailyQuota } from './types.ts';

/** Google's daily quotas start again at midnight Pacific Time, not UTC. */
const QUOTA_ZONE = 'America/Los_Angeles';

const zoned = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function partsOf(time: number) {
  const parts = Object.fromEntries(zoned.formatToParts(time).map((p) => [p.type, p.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    year: Number(parts.year),
    month: Number(parts.month),
    date: Number(parts.day),
    hour: Number(parts.hour),
  };
}

/** The quota's day ('2026-11-22') that `time` falls in. */
export function quotaDay(time: number): string {
  return partsOf(time).day;
}

/** The next midnight, Pacific Time, after `time` (07:00 or 08:00 UTC, by daylight saving). */
export function nextQuotaReset(time: number): Date {
  const { year, month, date } = partsOf(time);
  for (const offsetHours of [7, 8]) {
    const candidate = Date.UTC(year, month - 1, date + 1, offsetHours);
    const at = partsOf(candidate);
    if (at.hour === 0 && candidate > time) return new Date(candidate);
  }
  // Unreachable while the zone keeps its offsets; a day from now is still a safe answer.
  return new Date(time + 24 * 3_600_000);
}

/**
 * A daily allowance as this process counts it: `take` reserves one unit for a request about to be
 * sent, `give` returns it when the request did not reach the service's count, `exhaust` believes the
 * service when it says the day's quota is used up (it counts requests this process never saw: another
 * process, a restart).
 */
export function dailyQuota(limit: number, now: () => number = Date.now) {
  let day = quotaDay(now());
  let used = 0;
  function roll() {
    const today = quotaDay(now());
    if (today !== day) {
      day = today;
      used = 0;
    }
  }
  return {
    state(): DailyQuota {
      roll();
      return { limit, used, remaining: Math.max(0, limit - used), resetsAt: nextQuotaReset(now()) };
    },
    take(): boolean {
      roll();
      if (used >= limit) return false;
      used++;
      return true;
    },
    give() {
      used = Math.max(0, used - 1);
    },
    exhaust() {
      roll();
      used = limit;
    },
    msUntilReset(): number {
      return Math.max(0, nextQuotaReset(now()).getTime() - now());
    },
  };
}
