import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAccountSwitches } from '@/lib/account.ts';
import { useToken } from '@/lib/session.ts';
import { applyRealtimeMessage } from './applyMessage.ts';
import { connectRealtime, realtimeUrl, type SocketFactory } from './connection.ts';
import { resetShownNotifications, showUnreadOnEntry } from './notifications.ts';
import { setRealtimeStatus } from './status.ts';

/**
 * One WebSocket per logged-in session (spec point 4: the private channel user.{id}). It opens on
 * login, reconnects with backoff and after a switch of account, and closes on logout; it renders nothing.
 */
export function RealtimeBridge({ createSocket }: { createSocket?: SocketFactory }) {
  const token = useToken();
  // The server binds a socket to the account its session works in: a switch opens a new one.
  const switches = useAccountSwitches();
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a switch of account (`switches`) reconnects
  useEffect(() => {
    if (!token || (!createSocket && typeof WebSocket === 'undefined')) return;
    // spec point 2: unread notifications are displayed on entry, even before the socket is up.
    void showUnreadOnEntry();
    const connection = connectRealtime({
      url: realtimeUrl(token),
      createSocket,
      onStatus: setRealtimeStatus,
      onMessage: (message) => applyRealtimeMessage(queryClient, message),
    });
    return () => {
      connection.close();
      resetShownNotifications();
    };
  }, [token, queryClient, createSocket, switches]);
  return null;
}
