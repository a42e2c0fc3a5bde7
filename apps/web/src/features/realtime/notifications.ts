import { notify } from '@/lib/notices.ts';
import { deleteNotification, fetchNotifications, type NotificationResource } from './api/notifications.ts';

/** Ids already shown in this session: the list on entry and a live event may carry the same one. */
const shown = new Set<string>();

export function resetShownNotifications(): void {
  shown.clear();
}

/** spec point 4: a notification is shown as a notice of its kind, then removed on the server. */
export async function showNotification(notification: NotificationResource): Promise<void> {
  const id = String(notification.id);
  if (shown.has(id)) return;
  shown.add(id);
  const { message, type } = notification.attributes;
  const kind = type === 'success' || type === 'warning' || type === 'error' ? type : 'info';
  if (message) notify[kind](message);
  try {
    await deleteNotification(id);
  } catch {
    // Already gone (another tab deleted it): nothing to do.
  }
}

/** spec point 2: unread notifications are displayed on entry and then deleted. */
export async function showUnreadNotifications(): Promise<void> {
  let list: NotificationResource[];
  try {
    list = await fetchNotifications();
  } catch {
    return;
  }
  for (const notification of list) await showNotification(notification);
}
