import { describe, expect, test } from 'vitest';
import { encodeSingleByte } from '../../test/legacy-encodings.ts';
import { detectEncoding } from './charset.ts';

const ascii = (text: string) => Buffer.from(text, 'latin1');

describe('detectEncoding', () => {
  test.each([
    ['text/html; charset=windows-1251', '<html>', 'windows-1251'],
    ['text/html; charset="KOI8-R"', '<html>', 'koi8-r'],
    ["text/html; charset='cp1251'", '<html>', 'windows-1251'],
    ['text/html', '<meta charset="windows-1251">', 'windows-1251'],
    ['text/html', "<meta charset='koi8-r'/>", 'koi8-r'],
    ['text/html', '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=KOI8-R">', 'koi8-r'],
    [null, '<meta content="text/html; charset=utf-8" http-equiv="content-type">', 'utf-8'],
    ['text/html; charset=utf-8', '<meta charset="windows-1251">', 'utf-8'],
    ['text/html; charset=no-such-charset', '<meta charset="koi8-r">', 'koi8-r'],
    ['text/html', '<meta charset="utf-16">', 'utf-8'],
    ['text/html', '<p>nothing declared</p>', 'utf-8'],
    [null, '', 'utf-8'],
  ])('Content-Type %s with %s → %s', (contentType, head, encoding) => {
    expect(detectEncoding({ contentType, head: ascii(head) })).toBe(encoding);
  });

  test('a byte-order mark wins over the header', () => {
    const head = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), ascii('<html>')]);
    expect(detectEncoding({ contentType: 'text/html; charset=windows-1251', head })).toBe('utf-8');
  });

  test('finds the meta tag among legacy-encoded bytes', () => {
    const head = encodeSingleByte(
      '<html><head><title>Привет</title><meta charset="koi8-r"></head>',
      'koi8-r',
    );
    expect(detectEncoding({ contentType: 'text/html', head })).toBe('koi8-r');
  });

  test('looks no further than the first 4 KB for a meta charset', () => {
    const late = ascii(`<!--${' '.repeat(5000)}--><meta charset="windows-1251">`);
    expect(detectEncoding({ contentType: null, head: late })).toBe('utf-8');
  });
});
