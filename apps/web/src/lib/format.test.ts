import { BCP47, LOCALES } from '@linkwatch/shared';
import { describe, expect, it } from 'vitest';
import { createFormatter } from './format.ts';

const WHOLE = [
  0,
  7,
  999,
  1000,
  1001,
  9999,
  10_000,
  100_000,
  1_234_567,
  1_000_000_000,
  Number.MAX_SAFE_INTEGER,
];

describe('numbers in the page language', () => {
  // Whole numbers are grouped by hand (the first Intl.NumberFormat of a page is slow on a phone): they
  // must read exactly as Intl writes them, in every language of the app.
  it.each(LOCALES)('writes whole numbers as Intl does in %s', (locale) => {
    const tag = BCP47[locale];
    const format = createFormatter(tag);
    const intl = new Intl.NumberFormat(tag);
    for (const value of [...WHOLE, ...WHOLE.map((n) => -n).filter((n) => n !== 0)]) {
      expect(format.number(value), `${locale} ${value}`).toBe(intl.format(value));
    }
  });

  it('leaves fractions to Intl', () => {
    expect(createFormatter('ru-RU').number(1234.5)).toBe(new Intl.NumberFormat('ru-RU').format(1234.5));
    expect(createFormatter('en-US').number(0.25)).toBe('0.25');
  });
});
