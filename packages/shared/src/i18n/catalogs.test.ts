import { describe, expect, it } from 'vitest';
import { BCP47, LOCALES, type Locale } from '../constants.ts';
import { resources } from './index.ts';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

function valueAt(node: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], node);
}

/** i18next's plural keys (`credits_one`, `credits_few`) stand for one key (`credits`) in every language. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function baseKeys(locale: Locale): string[] {
  return [...new Set(keysOf(resources[locale]).map((key) => key.replace(PLURAL, '')))].sort();
}

/** The English text a key is compared with: its own, or for a plural form English's `_other`. */
function englishOf(key: string): unknown {
  return valueAt(resources.en, key) ?? valueAt(resources.en, key.replace(PLURAL, '_other'));
}

describe('i18n catalogs', () => {
  it.each(LOCALES)('%s has every key of every other language and nothing more', (locale) => {
    for (const other of LOCALES) expect(baseKeys(locale)).toEqual(baseKeys(other));
  });

  it.each(LOCALES)('%s has every plural form its language needs, and only those', (locale) => {
    const forms = new Intl.PluralRules(BCP47[locale]).resolvedOptions().pluralCategories;
    const plural = keysOf(resources[locale]).filter((key) => PLURAL.test(key));
    for (const base of new Set(plural.map((key) => key.replace(PLURAL, ''))))
      expect(plural.filter((key) => key.startsWith(`${base}_`)).sort(), base).toEqual(
        forms.map((form) => `${base}_${form}`).sort(),
      );
  });

  it.each(LOCALES)('%s keeps the placeholders of the English text and leaves nothing empty', (locale) => {
    for (const key of keysOf(resources[locale])) {
      const text = valueAt(resources[locale], key);
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
      expect(placeholders(text as string), key).toEqual(placeholders(englishOf(key) as string));
    }
  });

  // One word for a backlink per language in every catalogue (a panel said both "бэклинки" and
  // "обратные ссылки"): the loanwords are left out for the words the rest of the interface uses.
  it.each([
    ['ru', /бэклинк/i, /обратн(ая|ую|ой|ые|ых|ыми?) ссылк/i],
    ['ua', /беклінк/i, /зворотн(е|і|іх|ього|іми?) посилан/i],
  ] as const)('names backlinks with one term in %s', (locale, loanword, term) => {
    const texts = keysOf(resources[locale]).map((key) => String(valueAt(resources[locale], key)));
    expect(texts.filter((text) => loanword.test(text))).toEqual([]);
    expect(texts.filter((text) => term.test(text)).length).toBeGreaterThan(10);
  });
});
