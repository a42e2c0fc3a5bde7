import { DEFAULT_LOCALE, LOCALES, type Locale } from '@linkwatch/shared';
import { type Catalog, resources } from '@linkwatch/shared/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeOfPath } from './locale.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

/**
 * The shared catalogs are loaded as one i18next namespace, so keys read `auth.login.title`
 * exactly as the server's `translate(locale, 'errors.badCredentials')` does.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: resources[l] }])),
  lng: typeof window === 'undefined' ? DEFAULT_LOCALE : localeOfPath(window.location.pathname),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

export function currentLocale(): Locale {
  return (i18n.language as Locale) ?? DEFAULT_LOCALE;
}
