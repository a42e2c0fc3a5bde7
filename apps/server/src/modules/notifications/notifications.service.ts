import type { AppContext } from '../../context.ts';
import { iso, resource } from '../../http/present.ts';
import { countRunningActions, insertNotification, type Notification } from './notifications.queries.ts';

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
