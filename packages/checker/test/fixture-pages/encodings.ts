import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { encodeSingleByte } from '../legacy-encodings.ts';
import { A, articleWithLink, type FixtureExpectation, type FixturePage, okPage, sendHtml } from './common.ts';

const CYRILLIC_TITLE = 'Обзор садовых инструментов';
const CYRILLIC_ANCHOR = 'Лучшие лопаты и грабли';

function cyrillicPage(charsetMeta: string): string {
  return `<html><head>${charsetMeta}<title>${CYRILLIC_TITLE}</title></head><body><p>Читайте: <a href="${A}/ru/">${CYRILLIC_ANCHOR}</a> - ёжик.</p></body></html>`;
}

function cyrillicExpectation(): Partial<FixtureExpectation> {
  return {
    title: CYRILLIC_TITLE,
    backlinks: [
      {
        href: `${A}/ru/`,
        anchor: CYRILLIC_ANCHOR,
        attribute: 'dofollow',
        typeId: 2,
        textBefore: 'Читайте:',
        textAfter: '- ёжик.',
      },
    ],
  };
}

/** windows-1251 and koi8-r, declared in the header only or in a meta tag only. */
export const charsetPages: FixturePage[] = [
  okPage(
    '/charset/cp1251-header',
    'windows-1251, charset only in the header',
    sendHtml(encodeSingleByte(cyrillicPage(''), 'windows-1251'), {
      'content-type': 'text/html; charset=windows-1251',
    }),
    cyrillicExpectation(),
  ),
  okPage(
    '/charset/cp1251-meta',
    'windows-1251, charset only in <meta charset>',
    sendHtml(encodeSingleByte(cyrillicPage('<meta charset="windows-1251">'), 'windows-1251'), {
      'content-type': 'text/html',
    }),
    cyrillicExpectation(),
  ),
  okPage(
    '/charset/koi8r-header',
    'koi8-r, charset only in the header',
    sendHtml(encodeSingleByte(cyrillicPage(''), 'koi8-r'), { 'content-type': 'text/html;charset="KOI8-R"' }),
    cyrillicExpectation(),
  ),
  okPage(
    '/charset/koi8r-meta',
    'koi8-r, charset only in <meta http-equiv>',
    sendHtml(
      encodeSingleByte(
        cyrillicPage('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'),
        'koi8-r',
      ),
      { 'content-type': 'text/html' },
    ),
    cyrillicExpectation(),
  ),
];

const COMPRESSORS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

export const compressedPages: FixturePage[] = [
  ...Object.entries(COMPRESSORS).map(([encoding, compress]) => {
    const path = `/compressed/${encoding}`;
    return okPage(
      path,
      `Content-Encoding: ${encoding}`,
      sendHtml(compress(Buffer.from(articleWithLink(path))), { 'content-encoding': encoding }),
    );
  }),
  okPage(
    '/compressed/raw-deflate',
    'Content-Encoding: deflate sent as raw deflate, as some servers do',
    sendHtml(deflateRawSync(Buffer.from(articleWithLink('/compressed/raw-deflate'))), {
      'content-encoding': 'deflate',
    }),
  ),
];
