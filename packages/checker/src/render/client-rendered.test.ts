import { describe, expect, test } from 'vitest';
import { looksClientRendered } from './client-rendered.ts';

const page = (body: string) =>
  new TextEncoder().encode(`<!doctype html><html><head></head><body>${body}</body></html>`);

describe('a client-rendering shell', () => {
  test.for([
    ['React root', '<div id="root"></div><script src="/app.js"></script>'],
    ['Vue app', "<div id='app'>\n  </div>"],
    ['Next.js', '<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{}</script>'],
    ['Angular', '<app-root></app-root>'],
    ['AngularJS', '<div ng-app="blog"><p>{{post.title}}</p></div>'],
  ])('%s is one', ([, body]) => {
    expect(looksClientRendered(page(body))).toBe(true);
  });

  test.for([
    ['server-rendered React', '<div id="root"><article>Text <a href="/x">x</a></article></div>'],
    ['a plain page', '<p>Hello</p><div id="footer"></div>'],
  ])('%s is not', ([, body]) => {
    expect(looksClientRendered(page(body))).toBe(false);
  });
});
