import { TaskStatus } from '@linkwatch/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { actions, notifications } from '../../db/schema/index.ts';
import { iso, resource } from '../../http/present.ts';

export type Notification = typeof notifications.$inferSelect;

export function presentNotification(n: Notification) {
  return resource('notifications', n.id, {
    message: n.message,
    props: n.props as unknown[], // jsonb: notify() stores an array
    type: n.type,
    createdAt: iso(n.createdAt),
  });
}

/** Stores a notification and pushes it live; the web app shows it and deletes it. */
export async function notify(
  ctx: Pick<AppContext, 'db' | 'events'>,
  params: {
    userId: number;
    message: string;
    type?: 'info' | 'success' | 'warning' | 'error';
    props?: unknown[];
  },
) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      userId: params.userId,
      message: params.message,
      type: params.type ?? 'info',
      props: params.props ?? [],
    })
    .returning();
  await ctx.events.publish({
    userId: params.userId,
    event: 'CreateNotification',
    data: presentNotification(row),
  });
  return row;
}

export async function runningActionCount(ctx: Pick<AppContext, 'db'>, userId: number) {
  const [row] = await ctx.db
    .select({ count: count() })
    .from(actions)
    .where(
      and(eq(actions.userId, userId), inArray(actions.statusId, [TaskStatus.Waiting, TaskStatus.Process])),
    );
  return row.count;
}

export async function publishActionCount(ctx: Pick<AppContext, 'db' | 'events'>, userId: number) {
  await ctx.events.publish({
    userId,
    event: 'ActionCount',
    data: { count: await runningActionCount(ctx, userId) },
  });
}
