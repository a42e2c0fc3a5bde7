import { describe, expect, it } from 'vitest';
import { pageKey, samePage } from './same-page.ts';

describe('samePage', () => {
  it.each([
    ['https://example.com/a', 'http://example.com/a'],
    ['https://example.com/a', 'https://www.example.com/a'],
    ['https://example.com/a', 'https://example.com/a/'],
    ['https://example.com/', 'https://example.com'],
    ['https://Example.COM/a', 'https://example.com/a'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com:80/a', 'https://example.com/a'],
    ['https://example.com/a#comments', 'https://example.com/a'],
    [
      'https://пример.рф/страница',
      'https://xn--e1afmkfd.xn--p1ai/%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0',
    ],
    ['HTTP://WWW.Example.com:80/a/', 'https://example.com/a'],
  ])('%s is the same page as %s', (a, b) => {
    expect(samePage(a, b)).toBe(true);
  });

  it.each([
    ['https://example.com/a', 'https://example.com/A'],
    ['https://example.com/a', 'https://example.com/a?page=2'],
    ['https://example.com/a', 'https://example.com/a/b'],
    ['https://example.com/a', 'https://blog.example.com/a'],
    ['https://example.com/a', 'https://example.com:8443/a'],
    ['https://example.com/a', 'https://example.org/a'],
    ['https://wwwexample.com/a', 'https://example.com/a'],
  ])('%s is not the same page as %s', (a, b) => {
    expect(samePage(a, b)).toBe(false);
  });

  it('compares strings that are not URLs as they are', () => {
    expect(pageKey(' not a url ')).toBe('not a url');
    expect(samePage('not a url', 'https://example.com/')).toBe(false);
  });
});
