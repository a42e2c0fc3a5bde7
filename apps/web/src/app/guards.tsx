import type { Locale } from '@linkwatch/shared';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { getEndReason } from '@/api/token.ts';
import {
  fullPath,
  localePath,
  redirectQuery,
  safeRedirect,
  splitLocale,
  switchLocalePath,
} from '@/lib/locale.ts';
import { belongsOnPayrolls, type User, useMe, useToken } from '@/lib/session.ts';
import { useLocale } from '@/lib/useLocale.tsx';
import { PageLoader } from '@/ui/Spinner.tsx';

/**
 * Who may open a page (spec points 4 and 6):
 * - `user`: logged in; a non-admin whose participant role is not 1 is sent to the payrolls page;
 * - `session`: logged in, without the role check (the payrolls page itself);
 * - `guest`: logged out only (login, register and the password pages);
 * - `public`: anyone (agreement, email confirmation, unsubscribe, 404).
 */
export type Access = 'user' | 'session' | 'guest' | 'public';

/** Where a user goes after login: the remembered local path, else partners or the index. */
export function postLoginTarget({ user, redirect }: { user: User; redirect: string | null }): string {
  const target = safeRedirect(redirect);
  if (target) return target;
  return localePath(user.attributes.locale as Locale, user.attributes.isPartner ? '/partners' : '/');
}

function Loading() {
  const { t } = useTranslation();
  return <PageLoader label={t('common.loading')} />;
}

function RequireUser({ roleCheck, children }: { roleCheck: boolean; children: ReactNode }) {
  const token = useToken();
  // Deferred: the user arrives through the query cache, whose updates React renders in one blocking task;
  // the whole page behind this guard then renders in interruptible slices instead (~60 ms less in one
  // piece on a phone's cold load).
  const me = useDeferredValue(useMe());
  const location = useLocation();
  const locale = useLocale();

  if (!token) {
    const login = localePath(locale, '/login');
    // An explicit logout lands on a clean login page; an expired session remembers the page.
    if (getEndReason() === 'logout') return <Navigate to={login} replace />;
    return <Navigate to={`${login}?${redirectQuery(fullPath(location))}`} replace />;
  }
  if (me.isPending) return <Loading />;
  // 401 has already cleared the token (and re-rendered into the branch above); the rest is the error page.
  if (me.isError) throw me.error;

  const user = me.data.attributes;
  // spec point 2: a user with a saved locale is navigated to it from a path that names no language (and
  // after login); the prefix is then always there. A URL that names a language wins for that visit: the
  // language switcher offers to save it as the account's.
  if (splitLocale(location.pathname).locale === null)
    return <Navigate to={switchLocalePath({ path: fullPath(location), locale: user.locale })} replace />;
  if (roleCheck && belongsOnPayrolls(user)) {
    // A payment's return to the balance page (`?payment=`) is shown on the payrolls page (issue 27).
    const carried = location.pathname.endsWith('/balance') ? location.search : '';
    return <Navigate to={`${localePath(locale, '/payrolls')}${carried}`} replace />;
  }
  return children;
}

function RequireGuest({ children }: { children: ReactNode }) {
  const token = useToken();
  const me = useMe();
  const [params] = useSearchParams();

  if (!token) return children;
  if (me.isPending) return <Loading />;
  if (me.isError) return children;
  return <Navigate to={postLoginTarget({ user: me.data, redirect: params.get('redirect') })} replace />;
}

/**
 * spec point 2: the locale prefix is always present. A guest or public page (and an unknown path) opened
 * without one goes to its prefixed form in the current locale (the cookie's, else en), query and hash
 * kept; signed-in pages do the same with the user's saved locale (RequireUser).
 */
export function RequirePrefix({ children }: { children: ReactNode }) {
  const location = useLocation();
  const locale = useLocale();
  if (splitLocale(location.pathname).locale !== null) return children;
  return <Navigate to={switchLocalePath({ path: fullPath(location), locale })} replace />;
}

export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  if (access === 'user') return <RequireUser roleCheck>{children}</RequireUser>;
  if (access === 'session') return <RequireUser roleCheck={false}>{children}</RequireUser>;
  if (access === 'guest')
    return (
      <RequirePrefix>
        <RequireGuest>{children}</RequireGuest>
      </RequirePrefix>
    );
  return <RequirePrefix>{children}</RequirePrefix>;
}
