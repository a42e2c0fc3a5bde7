import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/** The bell shows the oldest hundred first; each is dismissed on its own. */
const NOTIFICATIONS_SHOWN = 100;

export function listNotifications(db: Queryable, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
}

/** Answers whether the user's notification existed. */
export async function deleteNotification(db: Queryable, params: { userId: number; id: number }) {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, params.id), eq(notifications.userId, params.userId)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}
