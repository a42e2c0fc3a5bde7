import { DEFAULT_LOCALE, type Locale } from '@linkwatch/shared';

/** The few catalog keys the client itself tells failures in. */
export type FailureKey =
  | 'status.error.forbidden'
  | 'status.error.notFound'
  | 'common.requestFailed'
  | 'common.networkError';

type Language = { locale: () => Locale; translate: (key: FailureKey) => string };

/**
 * The language requests are sent in (`x-localization`) and failures are told in. `lib/i18n.ts` plugs
 * itself in when it loads (main.tsx and the tests' setup import it first): the client sits below `lib`,
 * which calls the server through it, so it cannot import the language from there.
 */
let language: Language = { locale: () => DEFAULT_LOCALE, translate: (key) => key };

export function setClientLanguage(next: Language): void {
  language = next;
}

export function requestLocale(): Locale {
  return language.locale();
}

export function failureText(key: FailureKey): string {
  return language.translate(key);
}
