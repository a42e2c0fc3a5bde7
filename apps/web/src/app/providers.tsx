import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { getEndReason, getToken, subscribeToken } from '@/api/token.ts';
import { RealtimeBridge } from '@/features/realtime';
import { i18n } from '@/lib/i18n.ts';
import { notify, useNotices } from '@/lib/notices.ts';
import { Toaster } from '@/ui/Toaster.tsx';

/**
 * What went well goes away by itself after a few seconds; a warning stays the spec's 30 seconds
 * (point 9) and an error until it is closed. Radix pauses the timers while a toast is hovered or focused.
 */
const TOAST_DURATIONS = { success: 6_000, info: 6_000, warning: 30_000, error: Number.POSITIVE_INFINITY };

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
  return (
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
        <RealtimeBridge />
        <Notices />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
