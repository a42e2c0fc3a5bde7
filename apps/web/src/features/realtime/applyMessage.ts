import { REALTIME_SUBSCRIBED, TaskStatus, type TRealtimeEvent } from '@linkwatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import { applyBalanceEvent, applyPricesChanged } from '@/features/balance';
import { applyTaskProgress, taskKeys } from '@/features/tasks';
import { balanceQueryKey } from '@/lib/balance.ts';
import { lazyModule } from '@/lib/lazyModule.ts';
import { settingsKey } from '@/lib/settings.ts';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import type { RealtimeMessage } from './connection.ts';
import { showNotification, showUnreadAfterSubscribe } from './notifications.ts';

/** One event of the user's channel, turned into cache updates and notices. */
export function applyRealtimeMessage(queryClient: QueryClient, message: RealtimeMessage): void {
  if (message.event === REALTIME_SUBSCRIBED) {
    // Whatever happened while the socket was down, or before it was first up (it connects once the page is
    // shown, after the page read its tasks): counts, tasks and notifications are read again.
    void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
    void queryClient.invalidateQueries({ queryKey: sidebarCountKeys.tasks });
    void queryClient.invalidateQueries({ queryKey: sidebarCountKeys.reports });
    showUnreadAfterSubscribe();
    return;
  }
  const schema = eventSchema.current();
  if (schema && waiting.length === 0) {
    applyParsed(queryClient, schema.ZRealtimeEvent, message);
    return;
  }
  // The parser is not in yet: the events wait for it, in the order they came.
  waiting.push({ queryClient, message });
  if (waiting.length > 1) return;
  eventSchema.load().then(
    ({ ZRealtimeEvent }) => {
      for (const { queryClient, message } of waiting.splice(0))
        applyParsed(queryClient, ZRealtimeEvent, message);
    },
    // Its chunk could not be loaded (a deploy, the network): these events are dropped, the next one tries again.
    () => waiting.splice(0),
  );
}

/** The event contract, loaded on demand (eventSchema.ts says why). */
const eventSchema = lazyModule(() => import('./eventSchema.ts'));
const waiting: { queryClient: QueryClient; message: RealtimeMessage }[] = [];

function applyParsed(
  queryClient: QueryClient,
  schema: typeof import('./eventSchema.ts').ZRealtimeEvent,
  message: RealtimeMessage,
): void {
  // An event this app does not know, or data not as the contract says, changes nothing.
  const parsed = schema.safeParse(message);
  if (parsed.success) applyEvent(queryClient, parsed.data);
}

function applyEvent(queryClient: QueryClient, { event, data }: TRealtimeEvent): void {
  switch (event) {
    case 'ActionCount': {
      queryClient.setQueryData(sidebarCountKeys.tasks, data.count);
      // A task started or ended (maybe in another tab): the task pages show it.
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
      return;
    }
    case 'NewReportCount': {
      queryClient.setQueryData(sidebarCountKeys.reports, data.count);
      return;
    }
    case 'ActionProgress': {
      const { known } = applyTaskProgress(queryClient, data);
      const ended = data.statusId === TaskStatus.Done || data.statusId === TaskStatus.Fail;
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
      applyBalanceEvent(queryClient, data);
      return;
    }
    case 'SettingsChanged': {
      // The operator changed the site settings: a new warning shows, a switched-off payment method goes.
      void queryClient.invalidateQueries({ queryKey: settingsKey });
      return;
    }
    case 'PricesChanged': {
      // A price this account pays changed: prices and the costs worked out from them are read again.
      applyPricesChanged(queryClient);
      void queryClient.invalidateQueries({ queryKey: taskKeys.prices });
      void queryClient.invalidateQueries({ queryKey: taskKeys.costs });
      void queryClient.invalidateQueries({ queryKey: taskKeys.selectionCosts });
      return;
    }
    case 'CreateNotification': {
      void showNotification(data);
      return;
    }
  }
}
