import { TaskStatus } from '@linkwatch/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { actions, notifications } from '../../db/schema/index.ts';

export type Notification = typeof notifications.$inferSelect;

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

export async function insertNotification(
  db: Queryable,
  values: { userId: number; message: string; type: string; props: unknown[] },
) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

/** The user's tasks waiting or running: the count the navigation shows. */
export async function countRunningActions(db: Queryable, userId: number) {
  const [row] = await db
    .select({ count: count() })
    .from(actions)
    .where(
      and(eq(actions.userId, userId), inArray(actions.statusId, [TaskStatus.Waiting, TaskStatus.Process])),
    );
  return row.count;
}
