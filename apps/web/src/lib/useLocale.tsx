import type { Locale } from '@linkwatch/shared';
import { type ReactNode, useCallback, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { changeLocale, i18n } from '@/lib/i18n.ts';
import { intlTag, localeOfPath, localePath, rememberLocale, splitLocale } from '@/lib/locale.ts';

/** The locale of the current URL: its prefix, or the cookie locale for the unprefixed form. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Builds links with the current locale prefix (spec: the prefix is always present). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}

/** Keeps i18next, <html lang> and the locale cookie in step with the URL. */
export function LocaleSync({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const prefixed = splitLocale(pathname).locale !== null;

  useLayoutEffect(() => {
    if (i18n.language !== locale) void changeLocale(locale);
    document.documentElement.lang = intlTag(locale);
    if (prefixed) rememberLocale(locale);
  }, [locale, prefixed]);

  return children;
}
