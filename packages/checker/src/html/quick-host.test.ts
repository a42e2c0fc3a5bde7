import { describe, expect, test } from 'vitest';
import { compileAcceptors } from '../acceptors/acceptor-matcher.ts';
import { quickHostOf } from './quick-host.ts';

const base = 'https://donor.example/dir/page.html';
const acceptors = compileAcceptors({ kind: 'domains', domains: ['acceptor.example'] });

/** The slow, obviously right answer: parse fully, then match. */
function fullParseMatches(href: string): boolean {
  try {
    const url = new URL(href, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && acceptors.matches(url);
  } catch {
    return false;
  }
}

/** What the parser's shortcut concludes: false means "skip without parsing". */
function shortcutMayMatch(href: string): boolean {
  const quick = quickHostOf(href);
  if (quick.kind === 'not-http') return false;
  if (quick.kind === 'relative') return acceptors.mayMatchHost(new URL(base).hostname);
  if (quick.kind === 'host') return acceptors.mayMatchHost(quick.host);
  return true;
}

// Shapes the WHATWG parser treats in surprising ways; the shortcut must never skip a real match.
const TRICKY_HREFS = [
  'https://acceptor.example/',
  'HTTPS://ACCEPTOR.EXAMPLE/x',
  'http://acceptor.example:8080/x',
  'http://acceptor.example.:80/x',
  'http://www.acceptor.example?q',
  'http://acceptor.example#frag',
  'http://acceptor.example\\path',
  'http:\\\\acceptor.example/x',
  'http:/\\acceptor.example/x',
  '//acceptor.example/x',
  '\\\\acceptor.example/x',
  '/\\acceptor.example/x',
  '\\/acceptor.example/x',
  'http:acceptor.example',
  'https:acceptor.example/x',
  'http://user:pass@acceptor.example/',
  'http://evil.example@acceptor.example/',
  'http://acceptor.example@evil.example/',
  'http://acc%65ptor.example/',
  'http://ACCEPTOR.example/',
  'http://acceptor.exa\tmple/',
  'http://acceptor.exa\nmple/',
  ' http://acceptor.example/ ',
  '\u00a0http://acceptor.example/',
  'http://xn--acceptor-.example/',
  'http://acceptor.example:/x',
  'http://acceptor.example:99999/x',
  'http://127.0.0.1/',
  'http://0x7f.1/',
  'http://[::1]/',
  'javascript:location="http://acceptor.example"',
  'mailto:me@acceptor.example',
  'ftp://acceptor.example/',
  '?q=acceptor.example',
  '#acceptor.example',
  'acceptor.example/page',
  '/acceptor.example',
  'ｈｔｔｐ://acceptor.example/',
  'http://acceptor。example/',
  'http://ACCEPTOR．EXAMPLE/',
  'http://sub.acceptor.example/',
  'http://acceptor.example.evil/',
  'https://other.example/',
  'https://other.example/?u=http://acceptor.example/',
  '',
];

describe('quickHostOf', () => {
  test.for(TRICKY_HREFS.map((href) => [JSON.stringify(href), href]))(
    'never hides a match: %s',
    ([, href]) => {
      if (fullParseMatches(href)) expect(shortcutMayMatch(href)).toBe(true);
    },
  );

  test('reads the host of plain absolute links', () => {
    expect(quickHostOf('https://Other.Example:443/path?x#y')).toEqual({
      kind: 'host',
      host: 'other.example',
    });
    expect(quickHostOf('//cdn.example/x')).toEqual({ kind: 'host', host: 'cdn.example' });
  });

  test('recognises relative and non-http links', () => {
    expect(quickHostOf('page.html')).toEqual({ kind: 'relative' });
    expect(quickHostOf('/root')).toEqual({ kind: 'relative' });
    expect(quickHostOf('mailto:x@y.z')).toEqual({ kind: 'not-http' });
    expect(quickHostOf('JavaScript:void(0)')).toEqual({ kind: 'not-http' });
  });

  test('gives up on shapes it cannot read safely', () => {
    for (const href of [
      'http://u@h.example/',
      'http://h%41.example/',
      'http://пример.рф/',
      'http://1.2.3.4/',
      'http:h.example',
      ' //h.example',
    ]) {
      expect(quickHostOf(href)).toEqual({ kind: 'unknown' });
    }
  });
});
