import { notify } from '@/lib/notices.ts';
import { deleteNotification, fetchNotifications, type NotificationResource } from './api/notifications.ts';

/** Ids already shown in this session: the list on entry and a live event may carry the same one. */
const shown = new Set<string>();

/** Whether the entry's read is the latest one, and the socket's first subscription need not read again. */
let readOnEntry = false;

export function resetShownNotifications(): void {
  shown.clear();
  readOnEntry = false;
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

/** spec point 2: the unread ones on entry, even before the socket is up. */
export function showUnreadOnEntry(): Promise<void> {
  readOnEntry = true;
  return showUnreadNotifications();
}

/**
 * After the socket has (re)subscribed: what came while it was down. Its first subscription follows the
 * entry's read by a moment, and a cold load read the same list twice; what is created in between stays
 * unread on the server and is shown on the next entry or reconnection.
 */
export function showUnreadAfterSubscribe(): void {
  if (readOnEntry) {
    readOnEntry = false;
    return;
  }
  void showUnreadNotifications();
}
