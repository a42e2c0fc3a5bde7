import { randomUUID } from 'node:crypto';
import { namesForbiddenHost } from '@linkwatch/checker';
import {
  type TCreateWebhookRequest,
  WEBHOOK_RETRY_DAYS,
  WEBHOOKS_MAX,
  type WebhookEventType,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { FieldError, notFound } from '../../errors.ts';
import { newSigningSecret, secretBoxFor } from './signing.ts';
import {
  addEndpointEvent,
  countEndpoints,
  deleteEndpoint,
  enableEndpoint,
  findDelivery,
  findEndpoint,
  findSubscribedEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  lockOwner,
  subscribedEndpoints,
} from './webhooks.queries.ts';

export function endpointsOf(ctx: Pick<AppContext, 'db'>, userId: number) {
  return listEndpoints(ctx.db, userId);
}

/**
 * A new endpoint with its signing secret, answered this once. A URL naming a private, loopback or
 * link-local address is refused here already (the sender's guard refuses it again at every delivery,
 * where DNS may have changed), unless CHECKER_ALLOW_PRIVATE_NETWORKS is on.
 */
export async function createEndpoint(
  ctx: Pick<AppContext, 'db' | 'config'>,
  params: { userId: number; body: TCreateWebhookRequest },
) {
  const url = new URL(params.body.url);
  if (!ctx.config.checker.allowPrivateNetworks && namesForbiddenHost(url.hostname))
    throw new FieldError({ url: 'webhooks.errors.privateAddress' });
  const secret = newSigningSecret();
  const box = await secretBoxFor(ctx.config.webhooks);
  const endpoint = await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, params.userId);
    if ((await countEndpoints(tx, params.userId)) >= WEBHOOKS_MAX)
      throw new FieldError({ url: { key: 'webhooks.errors.tooMany', params: { max: WEBHOOKS_MAX } } });
    return insertEndpoint(tx, {
      userId: params.userId,
      url: url.toString(),
      events: params.body.events,
      secretEncrypted: box.seal(secret),
    });
  });
  return { endpoint, secret };
}

export async function removeEndpoint(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  if (!(await deleteEndpoint(ctx.db, params))) throw notFound();
}

/** Turns a disabled endpoint back on (new events reach it again). */
export async function reenableEndpoint(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  const endpoint = await enableEndpoint(ctx.db, params);
  if (!endpoint) throw notFound();
  return endpoint;
}

/** An endpoint's delivery log, newest first. */
export async function deliveryLog(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; endpointId: number },
) {
  if (!(await findEndpoint(ctx.db, { userId: params.userId, id: params.endpointId }))) throw notFound();
  return listDeliveries(ctx.db, params);
}

/**
 * "Send again": the same event (same id and body, so a receiver that saw it can tell) as a new
 * delivery, due now and retried as any other. A disabled endpoint's refuses: turn it on first.
 */
export async function resendDelivery(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  const delivery = await findDelivery(ctx.db, params);
  if (!delivery) throw notFound();
  const endpoint = await findEndpoint(ctx.db, { userId: params.userId, id: delivery.endpointId });
  if (!endpoint) throw notFound();
  if (endpoint.disabledAt)
    throw new FieldError({ id: 'webhooks.errors.disabled' }, 'webhooks.errors.disabled');
  const [copy] = await insertDeliveries(ctx.db, [
    {
      userId: params.userId,
      endpointId: endpoint.id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      body: delivery.body,
      giveUpAt: new Date(Date.now() + WEBHOOK_RETRY_DAYS * DAY_MS),
    },
  ]);
  return copy;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Queues an event for every live endpoint of the user that takes its type, in the caller's
 * transaction (a payment's, say): the event is sent if and only if what it tells happened.
 */
export async function queueWebhookEvent(
  db: Queryable,
  params: { userId: number; type: WebhookEventType; data: unknown; at?: Date },
) {
  const endpoints = await subscribedEndpoints(db, { userId: params.userId, type: params.type });
  return insertEvent(db, { ...params, endpointIds: endpoints.map((e) => e.id) });
}

/**
 * Queues an event for one endpoint of the user (an alert rule names it), if it is live and takes the
 * type; answers the event id, or null when the endpoint is gone, disabled or not subscribed.
 */
export async function queueWebhookEventTo(
  db: Queryable,
  params: { userId: number; endpointId: number; type: WebhookEventType; data: unknown; at?: Date },
) {
  const endpoint = await findSubscribedEndpoint(db, {
    userId: params.userId,
    id: params.endpointId,
    type: params.type,
  });
  return insertEvent(db, { ...params, endpointIds: endpoint ? [endpoint.id] : [] });
}

/** Subscribes the user's endpoints to an event type (an alert rule chose them as a channel). */
export function subscribeEndpoints(
  db: Queryable,
  params: { userId: number; ids: number[]; type: WebhookEventType },
) {
  return addEndpointEvent(db, params);
}

async function insertEvent(
  db: Queryable,
  params: { userId: number; type: WebhookEventType; data: unknown; at?: Date; endpointIds: number[] },
) {
  if (params.endpointIds.length === 0) return null;
  const at = params.at ?? new Date();
  const eventId = randomUUID();
  const body = JSON.stringify({
    id: eventId,
    type: params.type,
    createdAt: at.toISOString(),
    data: params.data,
  });
  await insertDeliveries(
    db,
    params.endpointIds.map((endpointId) => ({
      userId: params.userId,
      endpointId,
      eventId,
      eventType: params.type,
      body,
      nextAttemptAt: at,
      giveUpAt: new Date(at.getTime() + WEBHOOK_RETRY_DAYS * DAY_MS),
    })),
  );
  return eventId;
}
