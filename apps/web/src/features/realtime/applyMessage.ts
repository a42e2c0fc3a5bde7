import { TaskStatus } from '@linkwatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import { applyBalanceEvent } from '@/features/balance';
import { applyTaskProgress, type TaskProgress, taskKeys } from '@/features/tasks';
import { balanceQueryKey } from '@/lib/balance.ts';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import type { NotificationResource } from './api/notifications.ts';
import type { RealtimeMessage } from './connection.ts';
import { showNotification, showUnreadAfterSubscribe } from './notifications.ts';

function countOf(data: unknown): number | null {
  const count = (data as { count?: unknown } | null)?.count;
  return typeof count === 'number' ? count : null;
}

function isProgress(data: unknown): data is TaskProgress {
  const d = data as Partial<TaskProgress> | null;
  return d !== null && typeof d === 'object' && d.id !== undefined && typeof d.statusId === 'number';
}

/** One event of the user's channel, turned into cache updates and notices. */
export function applyRealtimeMessage(queryClient: QueryClient, message: RealtimeMessage): void {
  switch (message.event) {
    case 'Subscribed': {
      // Whatever happened while the socket was down, or before it was first up (it connects once the page is
      // shown, after the page read its tasks): counts, tasks and notifications are read again.
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      void queryClient.invalidateQueries({ queryKey: sidebarCountKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: sidebarCountKeys.reports });
      showUnreadAfterSubscribe();
      return;
    }
    case 'ActionCount': {
      const count = countOf(message.data);
      if (count === null) return;
      queryClient.setQueryData(sidebarCountKeys.tasks, count);
      // A task started or ended (maybe in another tab): the task pages show it.
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      return;
    }
    case 'NewReportCount': {
      const count = countOf(message.data);
      if (count !== null) queryClient.setQueryData(sidebarCountKeys.reports, count);
      return;
    }
    case 'ActionProgress': {
      if (!isProgress(message.data)) return;
      const { known } = applyTaskProgress(queryClient, message.data);
      const ended = message.data.statusId === TaskStatus.Done || message.data.statusId === TaskStatus.Fail;
      if (!known || ended) void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      if (ended) {
        // Dates, refunds and the report flag come with the full task; a refund changes the balance.
        void queryClient.invalidateQueries({ queryKey: taskKeys.dates });
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      }
      return;
    }
    case 'Balance': {
      // A payment's notification credited the account (or a dispute blocked it): the balance is live.
      applyBalanceEvent(queryClient, message.data);
      return;
    }
    case 'CreateNotification': {
      const notification = message.data as NotificationResource | null;
      if (notification?.id !== undefined && notification.attributes) void showNotification(notification);
      return;
    }
    default:
      return;
  }
}
