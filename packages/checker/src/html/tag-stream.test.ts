import { describe, expect, test } from 'vitest';
import { type TagHandler, TagStream } from './tag-stream.ts';

/** Records the stream's events as short strings: "<a href=x>", "</a>", "'text'". */
function eventsOf(chunks: string[], { hideInside = '' }: { hideInside?: string } = {}): string[] {
  const events: string[] = [];
  let hidden = 0;
  const handler: TagHandler = {
    onopentag(name, attribs) {
      if (name === hideInside) hidden++;
      const shown = attribs
        ? Object.entries(attribs)
            .map(([key, value]) => ` ${key}=${value}`)
            .join('')
        : '';
      events.push(`<${name}${shown}>`);
    },
    onclosetag(name) {
      if (name === hideInside) hidden--;
      events.push(`</${name}>`);
    },
    ontext(text) {
      events.push(`'${text}'`);
    },
    wantsText: () => hidden === 0,
  };
  const stream = new TagStream(handler, { attributesOf: new Set(['a', 'img']) });
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return events;
}

describe('TagStream', () => {
  test('reads attributes only of the named tags, decoding their entities', () => {
    expect(eventsOf(['<div class="x"><a HREF="/?a=1&amp;b=2" rel=ugc>go</a></div>'])).toEqual([
      '<div>',
      '<a href=/?a=1&b=2 rel=ugc>',
      "'go'",
      '</a>',
      '</div>',
    ]);
  });

  test('NUL characters in text and attribute values become U+FFFD', () => {
    expect(eventsOf(['<a href="/a\0b">x\0y</a>'])).toEqual(['<a href=/a\uFFFDb>', "'x\uFFFDy'", '</a>']);
  });

  test('the first of repeated attributes wins', () => {
    expect(eventsOf(['<a href="/one" href="/two">x</a>'])[0]).toBe('<a href=/one>');
  });

  test('decodes an entity split across two chunks', () => {
    expect(eventsOf(['<p>Tools &am', 'p; tips &#10', '52;</p>'])).toEqual([
      '<p>',
      "'Tools & tips М'",
      '</p>',
    ]);
  });

  test('an attribute value split across chunks arrives whole', () => {
    expect(eventsOf(['<a href="https://exa', 'mple.com/&a', 'mp;x">y</a>'])[0]).toBe(
      '<a href=https://example.com/&x>',
    );
  });

  test('a closing tag closes the unclosed link inside it', () => {
    expect(eventsOf(['<div><a href=/x>link</div>after'])).toEqual([
      '<div>',
      '<a href=/x>',
      "'link'",
      '</a>',
      '</div>',
      "'after'",
    ]);
  });

  test('a new link closes the open one; void elements close at once', () => {
    expect(eventsOf(['<a href=1>one<a href=2>two<img alt=i></a>'])).toEqual([
      '<a href=1>',
      "'one'",
      '</a>',
      '<a href=2>',
      "'two'",
      '<img alt=i>',
      '</img>',
      '</a>',
    ]);
  });

  test('stray </p> and </br> act as empty elements; other stray closing tags are ignored', () => {
    expect(eventsOf(['a</p>b</br>c</span>d'])).toEqual([
      "'a'",
      '<p>',
      '</p>',
      "'b'",
      '<br>',
      '</br>',
      "'c'",
      "'d'",
    ]);
  });

  test('script and style content is raw text, never markup', () => {
    expect(eventsOf(['<script>if (a<b) x("<a href=1>")</script><a href=2>y</a>'])).toEqual([
      '<script>',
      `'if (a<b) x("<a href=1>")'`,
      '</script>',
      '<a href=2>',
      "'y'",
      '</a>',
    ]);
  });

  test('text the handler does not want is not delivered', () => {
    expect(eventsOf(['<style>p{}</style><p>seen</p>'], { hideInside: 'style' })).toEqual([
      '<style>',
      '</style>',
      '<p>',
      "'seen'",
      '</p>',
    ]);
  });

  test('inside svg a self-closing tag closes itself and <title> holds markup', () => {
    expect(eventsOf(['<svg><path/><title>t</title></svg><title>page</title>'])).toEqual([
      '<svg>',
      '<path>',
      '</path>',
      '<title>',
      "'t'",
      '</title>',
      '</svg>',
      '<title>',
      "'page'",
      '</title>',
    ]);
  });

  test('the end of the document closes what is still open, innermost first', () => {
    expect(eventsOf(['<div><a href=/x>open'])).toEqual(['<div>', '<a href=/x>', "'open'", '</a>', '</div>']);
  });
});
