import type { AppContext } from '../../context.ts';
import {
  type AlertMessageRow,
  heldMessages,
  insertMessages,
  markDigested,
  setLastDigest,
  usersWithHeldMessages,
} from './alerts.queries.ts';
import type { AlertPayload } from './evaluate.ts';

export const DEFAULT_DIGEST = { timeZone: 'UTC', digestHour: 9 };

/** The date (YYYY-MM-DD) and hour at `now` on a wall clock in `timeZone`. */
export function localClock(now: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * Once a day, at the user's hour in the user's time zone, what their digest rules held is sent as one
 * message per channel. Answers the digest messages queued.
 */
export async function releaseDueDigests(ctx: Pick<AppContext, 'db'>, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  let queued = 0;
  for (const user of await usersWithHeldMessages(ctx.db)) {
    const clock = localClock(now, user.time_zone ?? DEFAULT_DIGEST.timeZone);
    if (clock.hour < (user.digest_hour ?? DEFAULT_DIGEST.digestHour) || user.last_digest_on === clock.date)
      continue;
    queued += await ctx.db.transaction(async (tx) => {
      const held = await heldMessages(tx, user.user_id);
      if (held.length === 0) return 0;
      const byChannel = new Map<string, AlertMessageRow[]>();
      for (const message of held)
        byChannel.set(message.channel, [...(byChannel.get(message.channel) ?? []), message]);
      const inserted = await insertMessages(
        tx,
        [...byChannel].map(([channel, messages]) => ({
          userId: user.user_id,
          channel,
          mode: 'digest',
          status: 'pending',
          payload: { entries: messages.map((m) => m.payload as AlertPayload) },
          nextAttemptAt: now,
        })),
      );
      await markDigested(tx, { userId: user.user_id, ids: held.map((m) => m.id) });
      await setLastDigest(tx, { userId: user.user_id, on: clock.date });
      return inserted.length;
    });
  }
  return queued;
}
