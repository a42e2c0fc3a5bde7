import { z } from 'zod';
import { ZNotificationResource } from './notifications.ts';

// ---------------------------------------------------------------------------------------------------
// The real-time events of a user's private channel (spec point 4): `{ channel, event, data }` frames on
// the WebSocket. The server's event bus carries them typed by this union, and the web app parses each
// frame with it, so both sides read one contract.
// ---------------------------------------------------------------------------------------------------

/** `ActionCount` (running tasks) and `NewReportCount` (unseen reports): the sidebar badges. */
const ZCount = z.object({ count: z.number() });

/** `ActionProgress`: a task's counters, at most every 200 ms while it runs and once when it ends. */
export const ZActionProgress = z.object({
  id: z.number(),
  statusId: z.number(),
  totalCount: z.number(),
  currentCount: z.number(),
  successCount: z.number(),
  errorCount: z.number(),
});
export type TActionProgress = z.infer<typeof ZActionProgress>;

/** `Balance`: the account after a payment's notification (or a dispute's block) was applied. */
export const ZBalanceEvent = z.object({ balance: z.number(), isBlocked: z.boolean() });
export type TBalanceEvent = z.infer<typeof ZBalanceEvent>;

/**
 * `CreateNotification`: the stored notification as `GET notifications` lists it. The notice shown
 * needs its id, message and type; `props` and `createdAt` are sent but a reader may go without them.
 */
export const ZNotificationEvent = ZNotificationResource.extend({
  attributes: ZNotificationResource.shape.attributes.partial({ props: true, createdAt: true }),
});

/**
 * `SettingsChanged`: an operator changed the site settings (the service warning, payment switches,
 * captcha): every open page reads `GET settings` again. Sent to every connected socket.
 */
export const ZSettingsChangedEvent = z.object({});

/**
 * `PricesChanged`: the price the account pays for these actions changed (a common price, to everyone
 * without their own price for it, or the account's own price): open pages read their prices again.
 */
export const ZPricesChangedEvent = z.object({ actions: z.array(z.number()) });
export type TPricesChangedEvent = z.infer<typeof ZPricesChangedEvent>;

const event = <E extends string, D extends z.ZodType>(name: E, data: D) =>
  z.object({ event: z.literal(name), data });

export const ZRealtimeEvent = z.discriminatedUnion('event', [
  event('CreateNotification', ZNotificationEvent),
  event('ActionCount', ZCount),
  event('NewReportCount', ZCount),
  event('ActionProgress', ZActionProgress),
  event('Balance', ZBalanceEvent),
  event('SettingsChanged', ZSettingsChangedEvent),
  event('PricesChanged', ZPricesChangedEvent),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEvent>;
export type RealtimeEventName = TRealtimeEvent['event'];

// REALTIME_SUBSCRIBED, the socket's own first frame, is in constants.ts: the web's frame reads it
// without this file's schemas (and zod) in every page's first download.

/** `GET /ws?token=`: browsers cannot set headers on a WebSocket, so the bearer token comes in the query. */
export const ZRealtimeQuery = z.object({
  // A token that is not one string (repeated, say) is no token: the socket closes as unauthenticated.
  token: z.string().optional().catch(undefined),
});
