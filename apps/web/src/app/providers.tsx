import { TOAST_DURATION_MS } from '@linkwatch/shared';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { getEndReason, getToken, subscribeToken } from '@/api/token.ts';
import { usePageShown } from '@/lib/afterPageLoad.ts';
import { i18n } from '@/lib/i18n.ts';
import { notify, useNotices } from '@/lib/notices.ts';
import { useToken } from '@/lib/session.ts';

// Neither is part of a cold load's first download: the notices (Radix Toast) load with the first notice,
// the realtime connection with a session, once the page has loaded.
const Toaster = lazy(() => import('@/ui/Toaster.tsx').then((m) => ({ default: m.Toaster })));
const RealtimeBridge = lazy(() => import('@/features/realtime').then((m) => ({ default: m.RealtimeBridge })));

/**
 * Every kind stays the spec's 30 (point 9, read as seconds), an error too, so a user who looked away
 * still reads it. Radix pauses the timers while a toast is hovered or focused.
 */
const TOAST_DURATIONS = {
  success: TOAST_DURATION_MS,
  info: TOAST_DURATION_MS,
  warning: TOAST_DURATION_MS,
  error: TOAST_DURATION_MS,
};

/** spec point 8: 403, 404 and 5xx on a page load reach the route's error page; other statuses stay local. */
export function isPageError(error: unknown): boolean {
  return isApiError(error) && (error.status === 403 || error.status === 404 || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !isApiError(error) || (error.status >= 500 && count < 1),
        refetchOnWindowFocus: false,
        throwOnError: isPageError,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache(),
  });
}

function Notices() {
  const { t } = useTranslation();
  const items = useNotices();
  const [wanted, setWanted] = useState(false);
  if (items.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense>
      <Toaster
        items={items}
        durations={TOAST_DURATIONS}
        onDismiss={notify.dismiss}
        onDismissAll={notify.dismissAll}
        labels={{
          region: t('shell.notices.region'),
          dismiss: t('shell.notices.dismiss'),
          hideAll: t('shell.notices.hideAll'),
          kinds: {
            success: t('shell.notices.success'),
            info: t('shell.notices.info'),
            warning: t('shell.notices.warning'),
            error: t('shell.notices.error'),
          },
        }}
      />
    </Suspense>
  );
}

function Realtime() {
  const token = useToken();
  // The socket, its chunk and the unread notifications wait for the first screen's content: live updates a
  // second later cost nothing, while on a phone they would queue before the page's own data and render.
  const loaded = usePageShown();
  if (!token || !loaded) return null;
  return (
    <Suspense>
      <RealtimeBridge />
    </Suspense>
  );
}

/** When the session ends (logout or a 401), every cached answer of that user goes with it. */
function useSessionReset(queryClient: QueryClient): void {
  useEffect(
    () =>
      subscribeToken(() => {
        if (getToken() !== null) return;
        queryClient.clear();
        if (getEndReason() === 'expired') notify.info(i18n.t('auth.login.sessionExpired'));
      }),
    [queryClient],
  );
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useSessionReset(client);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        {children}
        <Realtime />
        <Notices />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
