import { describe, expect, test } from 'vitest';
import { encodeSingleByte } from '../../test/legacy-encodings.ts';
import type { AcceptorSet } from '../types.ts';
import { DonorPageParser, type ParseDonorOptions, parseDonorHtml } from './parse-donor-html.ts';

const acceptors: AcceptorSet = { kind: 'domains', domains: ['acceptor.example'] };
const options: ParseDonorOptions = {
  baseUrl: 'https://donor.example/dir/page.html',
  contentType: 'text/html; charset=utf-8',
  acceptors,
};

function parse(html: string, overrides: Partial<ParseDonorOptions> = {}) {
  return parseDonorHtml(Buffer.from(html), { ...options, ...overrides });
}

describe('parseDonorHtml: links', () => {
  test('resolves relative links against the page URL', () => {
    const page = parse('<a href="../x">up</a><a href="//acceptor.example/y">scheme</a>', {
      baseUrl: 'https://acceptor.example/a/b/page',
    });
    expect(page.backlinks.map((link) => link.href)).toEqual([
      'https://acceptor.example/a/x',
      'https://acceptor.example/y',
    ]);
  });

  test('only the first <base href> counts', () => {
    const page = parse(
      '<base href="https://acceptor.example/one/"><base href="https://other.example/"><a href="p">p</a>',
    );
    expect(page.backlinks.map((link) => link.href)).toEqual(['https://acceptor.example/one/p']);
  });

  test('decodes entities in href and anchor', () => {
    const page = parse('<a href="https://acceptor.example/?a=1&amp;b=2">Tom &amp; Jerry&nbsp;shop</a>');
    expect(page.backlinks[0]).toMatchObject({
      href: 'https://acceptor.example/?a=1&b=2',
      anchor: 'Tom & Jerry shop',
    });
  });

  test('finds links whose host is written in capitals, percent-escapes, with breaks or in Unicode', () => {
    const page = parse(
      [
        '<a href="HTTPS://WWW.ACCEPTOR.EXAMPLE/a">caps</a>',
        '<a href="https://%61cceptor.example/b">escaped</a>',
        '<a href="https://accep\ttor.exa\nmple/c">broken</a>',
        '<a href="https://acceptor\uFF0Eexample/d">full-width dot</a>',
        '<a href="https://other.example/?to=x">elsewhere</a>',
      ].join(''),
    );
    expect(page.backlinks.map((link) => link.href)).toEqual([
      'https://www.acceptor.example/a',
      'https://acceptor.example/b',
      'https://acceptor.example/c',
      'https://acceptor.example/d',
    ]);
  });

  test('an IP address acceptor is found however the address is spelled', () => {
    const page = parse('<a href="http://0xcb.0.113.7/x">hex</a><a href="http://3405803783/y">number</a>', {
      acceptors: { kind: 'domains', domains: ['203.0.113.7'] },
    });
    expect(page.backlinks.map((link) => link.href)).toEqual(['http://203.0.113.7/x', 'http://203.0.113.7/y']);
  });

  test('ignores non-http links, links without href and unparsable hrefs', () => {
    const page = parse(
      '<a href="javascript:location=\'https://acceptor.example/\'">js</a><a name="acceptor.example">anchor</a><a href="https://acceptor.example:99999/">bad port</a><a href="mailto:me@acceptor.example">mail</a>',
    );
    expect(page.backlinks).toEqual([]);
  });

  test('an image with its own text beside it is a text link', () => {
    const page = parse('<a href="https://acceptor.example/"><img alt="logo"> Acceptor</a>');
    expect(page.backlinks[0]).toMatchObject({ typeId: 2, anchor: 'Acceptor' });
  });

  test('an image link without alt has an empty anchor', () => {
    const page = parse('<a href="https://acceptor.example/"><img src="x.png"></a>');
    expect(page.backlinks[0]).toMatchObject({ typeId: 1, anchor: '' });
  });

  test('a new <a> closes an unclosed one, and a link left open at the end still counts', () => {
    const page = parse(
      '<a href="https://acceptor.example/1">first <a href="https://acceptor.example/2">second',
    );
    expect(page.backlinks.map((link) => [link.href, link.anchor])).toEqual([
      ['https://acceptor.example/1', 'first'],
      ['https://acceptor.example/2', 'second'],
    ]);
  });

  test('rel tokens are kept in order, lower-cased, commas tolerated', () => {
    const page = parse('<a rel="Sponsored,NoFollow  noopener" href="https://acceptor.example/">x</a>');
    expect(page.backlinks[0]).toMatchObject({
      rel: ['sponsored', 'nofollow', 'noopener'],
      attribute: 'nofollow,sponsored',
    });
  });

  test('hreflang needs rel=alternate, and canonical/hreflang elsewhere are not backlinks', () => {
    const page = parse(
      '<link rel="alternate" hreflang="en" href="https://other.example/"><link hreflang="de" href="https://acceptor.example/de"><link rel="alternate" hreflang="fr" href="https://acceptor.example/fr">',
    );
    expect(page.backlinks.map((link) => [link.typeId, link.href])).toEqual([
      [4, 'https://acceptor.example/fr'],
    ]);
  });

  test('links inside script text are not links', () => {
    const page = parse('<script>document.write("<a href=\'https://acceptor.example/\'>x</a>")</script>');
    expect(page.backlinks).toEqual([]);
  });
});

describe('parseDonorHtml: page facts', () => {
  test('title: the first one, whitespace collapsed; an <svg> title does not count', () => {
    const page = parse('<svg><title>icon</title></svg><title>\n  Real   title </title><title>second</title>');
    expect(page.title).toBe('Real title');
  });

  test('no title element gives null, an empty one gives ""', () => {
    expect(parse('<p>x</p>').title).toBeNull();
    expect(parse('<title></title>').title).toBe('');
  });

  test('meta robots: several tags are joined; googlebot meta is kept apart', () => {
    const page = parse(
      '<meta name="robots" content="noarchive"><meta name="ROBOTS" content="nofollow"><meta name="googlebot" content="noindex">',
    );
    expect(page.metaRobots).toBe('noarchive, nofollow');
    expect(page.agentMetaRobots).toBe('noindex');
  });

  test('canonical is resolved, the first one wins', () => {
    const page = parse('<link rel="canonical" href="/canon"><link rel="canonical" href="/other">');
    expect(page.canonical).toBe('https://donor.example/canon');
  });
});

describe('parseDonorHtml: evidence text', () => {
  test('collapses whitespace, skips script and style, separates block elements', () => {
    const page = parse(
      '<div>Alpha</div><div>beta\n\n\tgamma</div><style>p{}</style><script>x()</script><a href="https://acceptor.example/">link</a><p>after</p><p>more</p>',
    );
    expect(page.backlinks[0]).toMatchObject({ textBefore: 'Alpha beta gamma', textAfter: 'after more' });
  });

  test('keeps at most 100 characters on each side', () => {
    const before = 'b'.repeat(30).split('').join(' ');
    const page = parse(
      `<p>${'x'.repeat(500)} ${before}</p><a href="https://acceptor.example/">l</a><p>${'a '.repeat(300)}</p>`,
    );
    const [link] = page.backlinks;
    expect(link.textBefore.length).toBeLessThanOrEqual(100);
    expect(link.textBefore.endsWith(before)).toBe(true);
    expect(link.textAfter).toBe('a '.repeat(50).trim());
  });

  test('survives long pages and long runs of whitespace', () => {
    const longText = `${'lorem ipsum '.repeat(3_000)}the end`;
    const gap = ' \n\t'.repeat(20_000);
    const page = parse(
      `<p>${longText}</p>${gap}<a href="https://acceptor.example/">l</a>${gap}<p>after ${'x'.repeat(10)}</p>`,
    );
    expect(page.backlinks[0].textBefore).toBe(
      `${'lorem ipsum '.repeat(3_000)}the end`.slice(-100).trimStart(),
    );
    expect(page.backlinks[0].textAfter).toBe(`after ${'x'.repeat(10)}`);
  });

  test('evidence of consecutive links overlaps the neighbouring anchors', () => {
    const page = parse(
      '<p>one <a href="https://acceptor.example/1">A</a> two <a href="https://acceptor.example/2">B</a> three</p>',
    );
    expect(page.backlinks.map((link) => [link.textBefore, link.textAfter])).toEqual([
      ['one', 'two B three'],
      ['one A two', 'three'],
    ]);
  });
});

describe('DonorPageParser streaming', () => {
  test('byte-at-a-time feeding gives the same result as one buffer, across multi-byte characters', () => {
    const html = `<title>Привет, мир</title>${'<p>текст</p>'.repeat(500)}<a href="https://acceptor.example/">ссылка 🚀</a><p>после</p>`;
    const whole = parse(html);
    const parser = new DonorPageParser(options);
    for (const byte of Buffer.from(html)) parser.write(Uint8Array.of(byte));
    expect(parser.end()).toEqual(whole);
    expect(whole.backlinks[0].anchor).toBe('ссылка 🚀');
  });

  test('a legacy-encoded page split into chunks decodes with its meta charset', () => {
    const bytes = encodeSingleByte(
      '<meta charset="windows-1251"><title>Слоны</title><a href="https://acceptor.example/">Купить</a>',
      'windows-1251',
    );
    const parser = new DonorPageParser({ ...options, contentType: 'text/html' });
    parser.write(bytes.subarray(0, 10));
    parser.write(bytes.subarray(10));
    const page = parser.end();
    expect(page).toMatchObject({ encoding: 'windows-1251', title: 'Слоны' });
    expect(page.backlinks[0].anchor).toBe('Купить');
  });

  test('an empty body parses to an empty page', () => {
    expect(parse('')).toMatchObject({ title: null, backlinks: [], encoding: 'utf-8' });
  });
});
