import { BCP47, DEFAULT_LOCALE, type Locale } from '../constants.ts';
import type { Catalog } from './index.ts';
import { interpolate, lookup, lookupText, type TranslateParams } from './text.ts';

/**
 * The browser's `translate`: over the catalogs the web app has loaded (one per visit, see `#i18n` in
 * package.json), so shared code such as the validation messages does not pull all three into the bundle.
 */
const catalogs: Partial<Record<Locale, Catalog>> = {};

export function registerCatalog({ locale, catalog }: { locale: Locale; catalog: Catalog }): void {
  catalogs[locale] = catalog;
}

export function translate(locale: Locale, key: string, params: TranslateParams = {}): string {
  const { count } = params;
  const text =
    lookupText(catalogs[locale], { key, tag: BCP47[locale], count }) ??
    lookupText(catalogs[DEFAULT_LOCALE], { key, tag: BCP47[DEFAULT_LOCALE], count }) ??
    key;
  return interpolate(text, params);
}

export function hasKey(locale: Locale, key: string): boolean {
  return lookup(catalogs[locale], key) !== undefined;
}
