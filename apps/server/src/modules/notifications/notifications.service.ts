import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { iso, resource } from '../../http/present.ts';
import {
  countRunningActions,
  deleteNotification,
  insertNotification,
  listNotifications,
  type Notification,
} from './notifications.queries.ts';

export type { Notification };

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
  const row = await insertNotification(ctx.db, {
    userId: params.userId,
    message: params.message,
    type: params.type ?? 'info',
    props: params.props ?? [],
  });
  await ctx.events.publish({
    userId: params.userId,
    event: 'CreateNotification',
    data: presentNotification(row),
  });
  return row;
}

export async function runningActionCount(ctx: Pick<AppContext, 'db'>, userId: number) {
  return countRunningActions(ctx.db, userId);
}

export async function publishActionCount(ctx: Pick<AppContext, 'db' | 'events'>, userId: number) {
  await ctx.events.publish({
    userId,
    event: 'ActionCount',
    data: { count: await runningActionCount(ctx, userId) },
  });
}

/** The bell's notifications, oldest first. */
export function notificationsOf(ctx: Pick<AppContext, 'db'>, userId: number) {
  return listNotifications(ctx.db, userId);
}

/** Dismisses one of the user's notifications; another's, or one gone, is not found. */
export async function dismissNotification(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; id: number },
) {
  if (!(await deleteNotification(ctx.db, params))) throw notFound();
}
