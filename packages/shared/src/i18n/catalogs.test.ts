import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants.ts';
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

describe('i18n catalogs', () => {
  const english = keysOf(resources.en).sort();

  it.each(LOCALES)('%s has every key of every other language and nothing more', (locale) => {
    for (const other of LOCALES)
      expect(keysOf(resources[locale]).sort()).toEqual(keysOf(resources[other]).sort());
  });

  it.each(LOCALES)('%s keeps the placeholders of the English text and leaves nothing empty', (locale) => {
    for (const key of english) {
      const text = valueAt(resources[locale], key);
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
      expect(placeholders(text as string), key).toEqual(placeholders(valueAt(resources.en, key) as string));
    }
  });
});
