import { and, arrayContains, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  actions,
  reportChanges,
  reportLinks,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Deliveries the log shows per endpoint, newest first. */
const LOG_SHOWN = 100;

export function listEndpoints(db: Queryable, userId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.id));
}

export async function findEndpoint(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.userId, params.userId)));
  return row;
}

export async function countEndpoints(db: Queryable, userId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row.count;
}

/** Serialises two creations of one user, so the count is checked against committed rows. */
export async function lockOwner(db: Queryable, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertEndpoint(
  db: Queryable,
  values: { userId: number; url: string; events: string[]; secretEncrypted: string },
) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row;
}

/** Answers whether the user's endpoint existed; its deliveries go with it. */
export async function deleteEndpoint(db: Queryable, params: { userId: number; id: number }) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.userId, params.userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A disabled endpoint of the user's back on: its failures counted anew. */
export async function enableEndpoint(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, failingSince: null })
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.userId, params.userId)))
    .returning();
  return row;
}

export function listDeliveries(db: Queryable, params: { userId: number; endpointId: number }) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.endpointId, params.endpointId), eq(webhookDeliveries.userId, params.userId)),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(LOG_SHOWN);
}

export async function findDelivery(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, params.id), eq(webhookDeliveries.userId, params.userId)));
  return row;
}

/** The user's live endpoints that take an event type. */
export function subscribedEndpoints(db: Queryable, params: { userId: number; type: string }) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, params.userId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [params.type]),
      ),
    );
}

/** The user's endpoint by id when it is live and takes an event type. */
export async function findSubscribedEndpoint(
  db: Queryable,
  params: { userId: number; id: number; type: string },
) {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, params.id),
        eq(webhookEndpoints.userId, params.userId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [params.type]),
      ),
    );
  return row;
}

/** Adds an event type to the user's endpoints that do not take it yet. */
export async function addEndpointEvent(
  db: Queryable,
  params: { userId: number; ids: number[]; type: string },
) {
  if (params.ids.length === 0) return;
  await db
    .update(webhookEndpoints)
    .set({ events: sql`array_append(${webhookEndpoints.events}, ${params.type})` })
    .where(
      and(
        eq(webhookEndpoints.userId, params.userId),
        inArray(webhookEndpoints.id, params.ids),
        sql`not (${params.type} = any(${webhookEndpoints.events}))`,
      ),
    );
}

export async function insertDeliveries(db: Queryable, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

/**
 * Claims due deliveries for one sender: pending, due by `now`, not held by another sender's lease
 * (SKIP LOCKED, so senders in other processes never take the same ones), with their endpoint.
 */
export async function claimDueDeliveries(
  db: Queryable,
  params: { now: Date; limit: number; leaseUntil: Date },
) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, params.now),
          or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, params.now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(params.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx
      .update(webhookDeliveries)
      .set({ leaseUntil: params.leaseUntil })
      .where(inArray(webhookDeliveries.id, ids));
    return tx
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(inArray(webhookDeliveries.id, ids))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id));
  });
}

export async function updateDelivery(
  db: Queryable,
  params: { id: number; values: Partial<typeof webhookDeliveries.$inferInsert> },
) {
  await db.update(webhookDeliveries).set(params.values).where(eq(webhookDeliveries.id, params.id));
}

/** After a success: the endpoint is healthy again. */
export async function markEndpointHealthy(db: Queryable, endpointId: number) {
  await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
}

/** After a failure: the endpoint has been failing since its first failure without a success since. */
export async function markEndpointFailing(db: Queryable, params: { endpointId: number; at: Date }) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${params.at.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, params.endpointId))
    .returning();
  return row;
}

/** Disables an endpoint once (answers it only the first time) and gives up its pending deliveries. */
export async function disableEndpoint(db: Queryable, params: { endpointId: number; at: Date }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: params.at })
      .where(and(eq(webhookEndpoints.id, params.endpointId), isNull(webhookEndpoints.disabledAt)))
      .returning();
    if (!row) return undefined;
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', leaseUntil: null, lastError: 'endpoint disabled' })
      .where(
        and(eq(webhookDeliveries.endpointId, params.endpointId), eq(webhookDeliveries.status, 'pending')),
      );
    return row;
  });
}

export async function findUserLocale(db: Queryable, userId: number) {
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return user?.locale;
}

/** What a finished task changed, for `link.changed`: its report links with their changes. */
export async function taskChanges(
  db: Queryable,
  params: { userId: number; actionId: number; limit: number },
) {
  const rows = await db
    .select({
      linkId: reportLinks.linkId,
      url: reportLinks.url,
      campaignId: reportLinks.campaignId,
      projectId: reportLinks.projectId,
      reportLinkId: reportLinks.id,
    })
    .from(reportLinks)
    .innerJoin(actions, eq(actions.id, reportLinks.actionId))
    .where(and(eq(reportLinks.actionId, params.actionId), eq(reportLinks.userId, params.userId)))
    .orderBy(asc(reportLinks.id))
    .limit(params.limit);
  const changes = rows.length
    ? await db
        .select({
          reportLinkId: reportChanges.reportLinkId,
          type: reportChanges.changesType,
          old: reportChanges.old,
          new: reportChanges.new,
        })
        .from(reportChanges)
        .where(
          inArray(
            reportChanges.reportLinkId,
            rows.map((r) => r.reportLinkId),
          ),
        )
        .orderBy(asc(reportChanges.id))
    : [];
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reportLinks)
    .where(and(eq(reportLinks.actionId, params.actionId), eq(reportLinks.userId, params.userId)));
  return { rows, changes, total: total.count };
}
