import { BCP47, DEFAULT_LOCALE, type Locale } from '../constants.ts';
import en from './en/index.ts';
import ru from './ru/index.ts';
import { interpolate, lookup, lookupText, type TranslateParams } from './text.ts';
import ua from './ua/index.ts';

export type Catalog = typeof en;
export type Namespace = keyof Catalog;

/** Every locale has exactly the keys of the English catalog; a test enforces it at run time too. */
export const resources: Record<Locale, Catalog> = { en, ru, ua };
export const namespaces = Object.keys(en) as Namespace[];

export type { TranslateParams };

/**
 * Server-side translation over the same catalogs the web app loads into i18next.
 * Keys are `namespace.path`; `{{name}}` placeholders are filled from params, and a numeric `count`
 * picks the plural form by the language's rules (`key_one`, `key_few`…), as i18next does in the browser.
 */
export function translate(locale: Locale, key: string, params: TranslateParams = {}): string {
  const { count } = params;
  const text =
    lookupText(resources[locale], { key, tag: BCP47[locale], count }) ??
    lookupText(resources[DEFAULT_LOCALE], { key, tag: BCP47[DEFAULT_LOCALE], count }) ??
    key;
  return interpolate(text, params);
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A number written the language's way (`1,234`, `1 234`), as the web app's formatter writes it. */
export function formatNumber(locale: Locale, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(BCP47[locale]);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** A counted text (`5 ссылок`): the plural form for `count`, its `{{value}}` the count written by `formatNumber`. */
export function translateCount(
  locale: Locale,
  key: string,
  count: number,
  params: TranslateParams = {},
): string {
  return translate(locale, key, { ...params, count, value: formatNumber(locale, count) });
}

export function hasKey(locale: Locale, key: string): boolean {
  return lookup(resources[locale], key) !== undefined;
}
