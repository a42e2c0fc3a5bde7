import { api } from '@/api/client.ts';

export type NotificationResource = {
  id: number | string;
  type: 'notifications';
  attributes: { message: string; props?: unknown[]; type?: string; createdAt?: string };
};

export function fetchNotifications(): Promise<NotificationResource[]> {
  return api.get<{ data: NotificationResource[] }>('notifications').then((r) => r.data);
}

export function deleteNotification(id: string): Promise<boolean> {
  return api.delete<boolean>(`notifications/${id}`);
}
