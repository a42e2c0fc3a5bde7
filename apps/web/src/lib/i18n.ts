import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@linkwatch/shared';
import type { Catalog } from '@linkwatch/shared/i18n';
import { registerCatalog } from '@linkwatch/shared/i18n/registry';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setClientLanguage } from '@/api/language.ts';
import { getToken } from '@/api/token.ts';
import { isGuestPath, languageTag, localeOfPath } from './locale.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

/** The language a visit starts in (i18next has no language until its catalog is read). */
const initialLocale: Locale =
  typeof window === 'undefined' ? DEFAULT_LOCALE : localeOfPath(window.location.pathname);

type CatalogChunk = () => Promise<{ default: Partial<Catalog> }>;

/** One chunk per language: a visit downloads only the catalog of the language it is in. */
const catalogs: Record<Locale, CatalogChunk> = {
  en: () => import('@linkwatch/shared/i18n/en'),
  ru: () => import('@linkwatch/shared/i18n/ru'),
  ua: () => import('@linkwatch/shared/i18n/ua'),
};

/** The part of it the login layout's pages use (a quarter of it): what a visitor's first load takes. */
const guestCatalogs: Record<Locale, CatalogChunk> = {
  en: () => import('@linkwatch/shared/i18n/en/guest'),
  ru: () => import('@linkwatch/shared/i18n/ru/guest'),
  ua: () => import('@linkwatch/shared/i18n/ua/guest'),
};

/**
 * Whether the pages shown need the whole catalog, or only the guest part: a visit that starts on the
 * login layout's pages without a session loads the guest part, and the whole catalog comes with the
 * first signed-in (or other) layout (`loadFullCatalog`). Once whole, it stays whole.
 */
let scope: 'guest' | 'full' =
  typeof window !== 'undefined' && isGuestPath(window.location.pathname) && !getToken() ? 'guest' : 'full';

const wholeCatalogs = new Map<Locale, Promise<Partial<Catalog>>>();

function loadWhole(locale: Locale): Promise<Partial<Catalog>> {
  let loading = wholeCatalogs.get(locale);
  if (!loading) {
    loading = catalogs[locale]().then((m) => m.default);
    loading.catch(() => wholeCatalogs.delete(locale));
    wholeCatalogs.set(locale, loading);
  }
  return loading;
}

/** The languages whose whole catalog i18next has. */
const whole = new Set<Locale>();

function use({ locale, catalog, isWhole }: { locale: Locale; catalog: Partial<Catalog>; isWhole: boolean }) {
  // Shared code (validation messages) translates through the same, already loaded catalog.
  registerCatalog({ locale, catalog: catalog as Catalog });
  if (isWhole) whole.add(locale);
}

/** Puts the whole catalog of a language beside (over) the guest part i18next may already have. */
async function addWhole(locale: Locale): Promise<void> {
  if (whole.has(locale)) return;
  const catalog = await loadWhole(locale);
  i18n.addResourceBundle(locale, 'translation', catalog, true, true);
  use({ locale, catalog, isWhole: true });
}

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isLocale(language)) return callback(new Error(`no catalog for ${language}`), false);
    const isWhole = scope === 'full';
    const load = isWhole ? loadWhole(language) : guestCatalogs[language]().then((m) => m.default);
    load.then(
      (catalog) => {
        use({ locale: language, catalog, isWhole });
        callback(null, catalog);
      },
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Makes the whole catalog of the current language (and of every later one) the one in use; the
 * signed-in layouts wait for it before they render.
 */
export async function loadFullCatalog(): Promise<void> {
  scope = 'full';
  await addWhole(currentLocale());
}

/**
 * Switches the language. A language whose guest part was loaded earlier gets its whole catalog first
 * when the pages need it (i18next reads a language once).
 */
export async function changeLocale(locale: Locale): Promise<void> {
  if (scope === 'full' && i18n.hasResourceBundle(locale, 'translation')) await addWhole(locale);
  await i18n.changeLanguage(locale);
}

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
    lng: initialLocale,
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
  return (i18n.language as Locale | undefined) ?? initialLocale;
}

// The API client asks its language from here (it cannot import lib: see api/language.ts).
setClientLanguage({ locale: currentLocale, translate: (key) => i18n.t(key) });
