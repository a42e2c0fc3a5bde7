import { describe, expect, it } from 'vitest';
import { normalizeUrl, urlWithoutProtocol } from './url.ts';

describe('normalizeUrl', () => {
  it.each([
    ['HTTP://Example.COM:80/Path?q=1#frag', 'http://example.com/Path?q=1'],
    ['https://example.com:443/', 'https://example.com/'],
    ['https://example.com:8443/a', 'https://example.com:8443/a'],
    ['example.com/page', 'http://example.com/page'],
    ['  https://sub.example.co.uk/a b  ', null],
    ['ftp://example.com/file', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    ['localhost/x', null],
    ['42', null],
    ['http://2130706433/', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it('drops the protocol for display', () => {
    expect(urlWithoutProtocol('https://a.com/x')).toBe('a.com/x');
  });
});
