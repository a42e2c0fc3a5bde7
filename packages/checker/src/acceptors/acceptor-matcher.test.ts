import { describe, expect, test } from 'vitest';
import { compileAcceptors } from './acceptor-matcher.ts';
import { normalizeUrl } from './normalize-url.ts';

function matcherFor(domains: string[]) {
  const matcher = compileAcceptors({ kind: 'domains', domains });
  return (url: string) => matcher.matches(new URL(url));
}

describe('domain acceptors (tier 1)', () => {
  const matches = matcherFor([
    'site.com',
    'https://www.Shop.Example/any/path',
    'пример.рф',
    'co.uk',
    '203.0.113.7',
    'www.blogspot.com',
  ]);

  test.each([
    ['http://site.com/', true],
    ['https://site.com/page?x=1', true],
    ['https://www.site.com/', true],
    ['https://deep.blog.site.com/a', true],
    ['ftp://site.com/', true],
    ['https://SITE.COM./', true],
    ['https://site.com:8443/', true],
    ['https://notsite.com/', false],
    ['https://site.com.evil.net/', false],
    ['https://evil.net/?site.com', false],
    ['https://site.co/', false],
  ])('site.com covers %s: %s', (url, expected) => {
    expect(matches(url)).toBe(expected);
  });

  test('an acceptor given as a www. URL covers the bare domain and its subdomains', () => {
    expect(matches('http://shop.example/')).toBe(true);
    expect(matches('http://cdn.shop.example/x')).toBe(true);
  });

  test('internationalised domains match in either spelling', () => {
    expect(matches('https://пример.рф/страница')).toBe(true);
    expect(matches('https://xn--e1afmkfd.xn--p1ai/')).toBe(true);
    expect(matches('https://магазин.пример.рф/')).toBe(true);
  });

  test('a public suffix only matches itself, never every domain under it', () => {
    expect(matches('http://co.uk/')).toBe(true);
    expect(matches('http://anything.co.uk/')).toBe(false);
  });

  test('stripping www. never widens an acceptor to a public suffix (private ones included)', () => {
    expect(matches('http://www.blogspot.com/')).toBe(true);
    expect(matches('http://someone.blogspot.com/')).toBe(false);
  });

  test('an IP address acceptor matches only that address', () => {
    expect(matches('http://203.0.113.7/x')).toBe(true);
    expect(matches('http://203.0.113.70/')).toBe(false);
  });

  test('blank and unparsable entries are ignored', () => {
    const onlyJunk = matcherFor(['', '   ', 'http://']);
    expect(onlyJunk('http://example.com/')).toBe(false);
  });
});

describe('URL acceptors (tier 2)', () => {
  const matcher = compileAcceptors({
    kind: 'urls',
    urls: [
      'https://Donor.example:443/Post/1#comments',
      'http://donor.example',
      'donor.example/no-scheme/',
      'https://donor.example/q?a=1&b=2',
    ],
  });
  const matches = (url: string) => matcher.matches(new URL(url));

  test.each([
    ['https://donor.example/Post/1', true],
    ['https://DONOR.example/Post/1#top', true],
    ['https://donor.example/post/1', false],
    ['http://donor.example/Post/1', false],
    ['https://donor.example/Post/1/', false],
    ['http://donor.example/', true],
    ['http://donor.example:80', true],
    ['https://donor.example/', false],
    ['http://donor.example/no-scheme/', true],
    ['https://donor.example/no-scheme/', true],
    ['https://donor.example/no-scheme', false],
    ['https://donor.example/q?a=1&b=2', true],
    ['https://donor.example/q?b=2&a=1', false],
    ['https://www.donor.example/Post/1', false],
  ])('%s: %s', (url, expected) => {
    expect(matches(url)).toBe(expected);
  });
});

describe('normalizeUrl', () => {
  test.each([
    ['HTTPS://Example.COM:443/a/b/#frag', 'https://example.com/a/b/'],
    ['http://example.com', 'http://example.com/'],
    ['http://example.com:8080/?', 'http://example.com:8080/'],
    ['http://example.com/a?x=1#y', 'http://example.com/a?x=1'],
    ['not a url', null],
  ])('%s → %s', (input, output) => {
    expect(normalizeUrl(input)).toBe(output);
  });
});
