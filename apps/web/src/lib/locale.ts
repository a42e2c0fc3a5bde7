import { BCP47, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE_DAYS, type Locale } from '@linkwatch/shared';
import { getCookie, setCookie } from '@/api/cookies.ts';

export { languageTag } from '@linkwatch/shared';

const LOCALE_COOKIE = 'locale';

/**
 * spec: the locale code `ua` names the country; the language is BCP 47 `uk` (shared `BCP47`). Every
 * language tag the page hands to the browser (`lang`, Intl, a captcha's `hl`) comes from `languageTag`
 * (shared) and this one: the tag Intl formats numbers and dates with, language and region (`uk-UA`).
 */
export function intlTag(locale: string): string {
  return BCP47[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

export function cookieLocale(): Locale {
  const value = getCookie(LOCALE_COOKIE);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale): void {
  if (getCookie(LOCALE_COOKIE) !== locale)
    setCookie({ name: LOCALE_COOKIE, value: locale, days: LOCALE_COOKIE_DAYS });
}

/** Splits `/ru/profile` into `ru` and `/profile`; a path without a prefix gives `null`. */
export function splitLocale(pathname: string): { locale: Locale | null; rest: string } {
  const [, first = '', ...tail] = pathname.split('/');
  if (!isLocale(first)) return { locale: null, rest: pathname || '/' };
  return { locale: first, rest: `/${tail.join('/')}` };
}

/** The locale a path is shown in: its prefix, or the cookie locale for the unprefixed form. */
export function localeOfPath(pathname: string): Locale {
  return splitLocale(pathname).locale ?? cookieLocale();
}

/**
 * The login layout's pages (login, registration, the password pages), which a visitor sees before
 * logging in: their first load takes only the guest part of the language catalog. The server's
 * `isGuestPage` (apps/server/src/app.ts) and a routes test keep to the same list.
 */
export function isGuestPath(pathname: string): boolean {
  return /^\/(login|register)(\/|$)/.test(splitLocale(pathname).rest);
}

/** `localePath('ru', '/profile')` → `/ru/profile`; the index is `/ru`. */
export function localePath(locale: Locale, path: string): string {
  const rest = path === '/' || path === '' ? '' : path.startsWith('/') ? path : `/${path}`;
  return `/${locale}${rest}`;
}

/** The same page in another language: `/en/profile?x=1` → `/ua/profile?x=1`. */
export function switchLocalePath({ path, locale }: { path: string; locale: Locale }): string {
  const url = new URL(path, 'http://local');
  const { rest } = splitLocale(url.pathname);
  return `${localePath(locale, rest)}${url.search}${url.hash}`;
}

/** spec point 5: a redirect target is accepted only if it is a local path starting with a slash. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/')) return null;
  // `//host` and `/\host` are protocol-relative URLs that browsers send off-site.
  if (target.startsWith('//') || target.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(target)) return null;
  return target;
}

/** `?redirect=/ru/profile`, keeping the slashes readable. */
export function redirectQuery(path: string): string {
  return `redirect=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}

/** A router location as one local path: pathname, query and hash. */
export function fullPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
