import { DEFAULT_LOCALE, type Locale } from '../constants.ts';
import en from './en/index.ts';
import ru from './ru/index.ts';
import { interpolate, lookup, type TranslateParams } from './text.ts';
import ua from './ua/index.ts';

export type Catalog = typeof en;
export type Namespace = keyof Catalog;

/** Every locale has exactly the keys of the English catalog; a test enforces it at run time too. */
export const resources: Record<Locale, Catalog> = { en, ru, ua };
export const namespaces = Object.keys(en) as Namespace[];

export type { TranslateParams };

/**
 * Server-side translation over the same catalogs the web app loads into i18next.
 * Keys are `namespace.path`; `{{name}}` placeholders are filled from params.
 */
export function translate(locale: Locale, key: string, params: TranslateParams = {}): string {
  const text = lookup(resources[locale], key) ?? lookup(resources[DEFAULT_LOCALE], key) ?? key;
  return interpolate(text, params);
}

export function hasKey(locale: Locale, key: string): boolean {
  return lookup(resources[locale], key) !== undefined;
}
