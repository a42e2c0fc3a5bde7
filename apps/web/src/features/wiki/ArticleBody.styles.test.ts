import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Read as a file: vitest hands CSS imports (even `?raw`) over empty.
const css = readFileSync(path.resolve(__dirname, '../../styles.css'), 'utf8');

/**
 * An article's body is the server's sanitised HTML inside `.wiki-prose` (ArticleBody.tsx, the console's
 * preview). Tailwind's reset strips headings, list markers and table borders, so without rules of its
 * own a tutorial's steps and the FAQ's tables read as one run of text (issue 30 audit).
 */
describe('the article body’s typography', () => {
  const rules = [...css.matchAll(/(\.wiki-prose[^{]*)\{([^}]*)\}/g)].map(([, selector, body]) => ({
    selector,
    body,
  }));
  /** A rule of `.wiki-prose` names the element and holds the style. */
  const has = (element: string, style: RegExp) =>
    rules.some((r) => new RegExp(`\\b${element}\\b`).test(r.selector) && style.test(r.body));

  it('styles the headings, lists, links, code and tables an article may hold', () => {
    for (const element of ['h2', 'h3', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'table', 'th', 'td', 'img'])
      expect(has(element, /\S/), element).toBe(true);
    expect(has('ul', /list-disc/), 'ul markers').toBe(true);
    expect(has('ol', /list-decimal/), 'ol numbers').toBe(true);
    expect(has('td', /border/), 'table cells').toBe(true);
  });
});
