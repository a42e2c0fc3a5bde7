import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@linkwatch/shared';
import type { Catalog } from '@linkwatch/shared/i18n';
import { registerCatalog } from '@linkwatch/shared/i18n/registry';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageTag, localeOfPath } from './locale.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

/** One chunk per language: a visit downloads only the catalog of the language it is in. */
const catalogs: Record<Locale, () => Promise<{ default: Catalog }>> = {
  en: () => import('@linkwatch/shared/i18n/en'),
  ru: () => import('@linkwatch/shared/i18n/ru'),
  ua: () => import('@linkwatch/shared/i18n/ua'),
};

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    const load = catalogs[language as Locale];
    if (!load) return callback(new Error(`no catalog for ${language}`), false);
    load().then(
      (catalog) => {
        // Shared code (validation messages) translates through the same, already loaded catalog.
        registerCatalog({ locale: language as Locale, catalog: catalog.default });
        callback(null, catalog.default);
      },
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * The shared catalogs are loaded as one i18next namespace, so keys read `auth.login.title`
 * exactly as the server's `translate(locale, 'errors.badCredentials')` does. No fallback language:
 * every catalog has every key (the shared parity test), and a fallback would download a second one.
 * `changeLanguage` loads the new catalog first and switches once it is there.
 */
export const i18n = i18next.createInstance();

/** Settles once the first language's catalog is in: render after it, or the first paint shows keys. */
export const i18nReady = i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: typeof window === 'undefined' ? DEFAULT_LOCALE : localeOfPath(window.location.pathname),
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

// spec: the locale code `ua` is no language tag, so Intl.PluralRules would count in English
// ("2 кредитів"); plurals are chosen by the BCP 47 language (`uk`), keys and catalogs keep `ua`.
const plurals = i18n.services.pluralResolver;
const ruleOf = plurals.getRule.bind(plurals);
plurals.getRule = (code: string, options?: object) =>
  ruleOf(isLocale(code) ? languageTag(code) : code, options);

export function currentLocale(): Locale {
  return (i18n.language as Locale) ?? DEFAULT_LOCALE;
}
