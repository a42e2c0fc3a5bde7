import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** The public domain-check page's first HTML (issue 30): what a search engine reads without JavaScript. */

const PAGE = (lang: string) => `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="UTF-8" />
    <title>Linkwatch</title>
  </head>
  <body>
    <div id="root">
      <!-- app-shell: the signed-in frame -->
      <div class="signed-in-frame"></div>
      <!-- /app-shell -->
    </div>
  </body>
</html>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'linkwatch-public-'));
  await writeFile(path.join(dist, 'index.html'), PAGE('en'));
  for (const [locale, tag] of [
    ['en', 'en-US'],
    ['ru', 'ru-RU'],
    ['ua', 'uk-UA'],
  ])
    await writeFile(path.join(dist, `index.${locale}.html`), PAGE(tag));
  t = await createTestApp({ env: { WEB_DIST: dist, APP_URL: 'https://linkwatch.example' } });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

function head(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)">/),
    canonical: attr(/<link rel="canonical" href="([^"]*)">/),
    alternates: Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ),
    h1: attr(/<h1[^>]*>([^<]*)<\/h1>/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)">/),
  };
}

describe('the domain-check page as first served', () => {
  const alternates = {
    en: 'https://linkwatch.example/en/domain-check',
    ru: 'https://linkwatch.example/ru/domain-check',
    uk: 'https://linkwatch.example/ua/domain-check',
    'x-default': 'https://linkwatch.example/en/domain-check',
  };

  it('carries its own title, description, canonical, hreflang set and heading in each language', async () => {
    const en = await get('/en/domain-check');
    expect(en.statusCode).toBe(200);
    expect(head(en.body)).toEqual({
      title: 'Free backlink and indexability checker · Linkwatch',
      description: expect.stringContaining('robots.txt, meta robots, X-Robots-Tag, canonical'),
      canonical: 'https://linkwatch.example/en/domain-check',
      alternates,
      h1: 'Free backlink and indexability check',
      ogTitle: 'Free backlink and indexability checker · Linkwatch',
    });
    expect(en.body).toContain('<html lang="en-US">');
    // The signed-in frame is not this page's: its own frame and text instead, readable without JavaScript.
    expect(en.body).not.toContain('signed-in-frame');
    expect(en.body).toContain('Our checker reads it as a search engine would');

    const ru = head((await get('/ru/domain-check')).body);
    expect(ru.title).toBe('Бесплатная проверка обратных ссылок и индексации · Linkwatch');
    expect(ru.canonical).toBe('https://linkwatch.example/ru/domain-check');
    expect(ru.h1).toBe('Бесплатная проверка ссылки и индексации');
    expect(ru.alternates).toEqual(alternates);

    const ua = await get('/ua/domain-check/');
    expect(ua.body).toContain('<html lang="uk-UA">');
    expect(head(ua.body)).toMatchObject({
      canonical: 'https://linkwatch.example/ua/domain-check',
      h1: 'Безкоштовна перевірка посилання та індексації',
      alternates,
    });
  });

  it('names the prefixed page as canonical for the unprefixed form, in the cookie language', async () => {
    expect(head((await get('/domain-check')).body).canonical).toBe(
      'https://linkwatch.example/en/domain-check',
    );
    expect(head((await get('/domain-check?x=1', 'locale=ru')).body).canonical).toBe(
      'https://linkwatch.example/ru/domain-check',
    );
  });

  it('leaves the other pages as they were', async () => {
    const profile = await get('/en/profile');
    expect(profile.body).toContain('<title>Linkwatch</title>');
    expect(profile.body).toContain('signed-in-frame');
    expect(profile.body).not.toContain('rel="canonical"');
  });
});
