import { SCROLL_TO_TOP_MS } from '@linkwatch/shared';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { usePageShown } from '@/lib/afterPageLoad.ts';
import { fullPath } from '@/lib/locale.ts';
import { usePageLog } from '@/lib/pageLog.ts';
import type { PageTitle } from '@/lib/routeHandle.ts';
import { LocaleSync } from '@/lib/useLocale.tsx';

// The tag manager's gate and banner (spec 7): not in any first download, asked for once the page is shown.
const TagManager = lazy(() => import('@/features/shell/TagManager.tsx'));

/** spec point 2: scroll-to-top takes 500 ms (instant for people who ask for reduced motion). */
export function scrollToTop(duration = SCROLL_TO_TOP_MS): void {
  const start = window.scrollY;
  if (start <= 0) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / duration);
    const eased = 1 - (1 - progress) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Scrolls to the top when the route changes, not on the first render: a cold load starts where the
 * browser puts it, and reading `scrollY` there would force a layout of the whole new page in the middle of
 * React's first commit (~50 ms of a phone's main thread).
 */
function useScrollToTop(pathname: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    scrollToTop();
  }, [pathname]);
}

function useDocumentTitle(pageTitle: PageTitle | undefined): void {
  const { t } = useTranslation();
  const title = pageTitle ? t(`shell.pages.${pageTitle}`) : null;
  const app = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}

/**
 * The frame around every page: locale, title, scroll and the page log. `titleAt` reads the page title from
 * the route table, which imports this file (passed in rather than imported back).
 */
export function RootShell({ titleAt }: { titleAt: (pathname: string) => PageTitle | undefined }) {
  const location = useLocation();
  useScrollToTop(location.pathname);
  usePageLog(fullPath(location));
  useDocumentTitle(titleAt(location.pathname));
  const shown = usePageShown();
  return (
    <LocaleSync>
      <Outlet />
      {shown ? (
        <Suspense>
          <TagManager />
        </Suspense>
      ) : null}
    </LocaleSync>
  );
}
