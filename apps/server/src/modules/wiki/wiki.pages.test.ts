import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { acceptedLocale } from './wiki.pages.ts';

let t: TestApp;
let token: string;
let dist: string;
/** The built web app's page, as the server serves it for the app's own routes. */
const APP_PAGE =
  '<!doctype html><html lang="en"><head><title>Linkwatch</title></head><body><div id="root" data-app></div></body></html>';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'linkwatch-wiki-'));
  await writeFile(path.join(dist, 'index.html'), APP_PAGE);
  t = await createTestApp({ env: { WEB_DIST: dist } });
  token = (await makeUserWithToken(t.db, { isAdmin: true })).token;
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

/** XML as a crawler reads it: refused unless well-formed, then parsed (attributes kept, lists always lists). */
function parseXml(text: string, lists: string[]) {
  expect(XMLValidator.validate(text)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => lists.includes(name),
  }).parse(text);
}

/**
 * schema.org's properties of the types the pages use (from their definitions at schema.org, the
 * inherited ones included as far as the pages use them) and what Google's rich results require of
 * each. A property outside its type's list, or a required one missing, fails.
 */
const SCHEMA: Record<string, { allowed: string[]; required: string[] }> = {
  Article: {
    allowed: [
      'headline',
      'description',
      'inLanguage',
      'datePublished',
      'dateModified',
      'mainEntityOfPage',
      'url',
      'image',
      'author',
      'publisher',
    ],
    required: ['headline', 'datePublished', 'author'],
  },
  NewsArticle: {
    allowed: [
      'headline',
      'description',
      'inLanguage',
      'datePublished',
      'dateModified',
      'mainEntityOfPage',
      'url',
      'image',
      'author',
      'publisher',
    ],
    required: ['headline', 'datePublished', 'author'],
  },
  FAQPage: { allowed: ['inLanguage', 'mainEntity'], required: ['mainEntity'] },
  Question: { allowed: ['name', 'acceptedAnswer'], required: ['name', 'acceptedAnswer'] },
  Answer: { allowed: ['text'], required: ['text'] },
  BreadcrumbList: { allowed: ['itemListElement'], required: ['itemListElement'] },
  ListItem: { allowed: ['position', 'name', 'item'], required: ['position', 'name'] },
  VideoObject: {
    allowed: [
      'name',
      'description',
      'thumbnailUrl',
      'uploadDate',
      'inLanguage',
      'duration',
      'embedUrl',
      'contentUrl',
    ],
    required: ['name', 'thumbnailUrl', 'uploadDate'],
  },
  Organization: { allowed: ['name', 'url'], required: ['name'] },
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Checks one JSON-LD node and the typed nodes inside it; returns the types met. */
function checkLd(node: Record<string, unknown>, top = true): string[] {
  const type = node['@type'] as string;
  const rule = SCHEMA[type];
  expect(rule, `a type the test knows: ${type}`).toBeDefined();
  if (top) expect(node['@context']).toBe('https://schema.org');
  const props = Object.keys(node).filter((k) => !k.startsWith('@'));
  expect(
    props.filter((p) => !rule.allowed.includes(p)),
    `${type}'s properties`,
  ).toEqual([]);
  for (const p of rule.required) expect(node[p], `${type}.${p}`).toBeTruthy();
  for (const p of ['datePublished', 'dateModified', 'uploadDate'])
    if (p in node) expect(node[p], `${type}.${p}`).toMatch(ISO_DATE);
  if (type === 'BreadcrumbList') {
    const items = node.itemListElement as { position: number; item?: string }[];
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    // Every crumb but the last names its address, absolute.
    for (const i of items.slice(0, -1)) expect(i.item).toMatch(/^https?:\/\//);
  }
  if (type === 'VideoObject') {
    for (const u of node.thumbnailUrl as string[]) expect(u).toMatch(/^https?:\/\//);
    if (node.duration) expect(node.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
  }
  const types = [type];
  for (const value of Object.values(node))
    for (const child of Array.isArray(value) ? value : [value])
      if (child && typeof child === 'object' && '@type' in child) types.push(...checkLd(child, false));
  return types;
}

async function article(body: Record<string, unknown>) {
  const res = await t.api('POST', 'admin/wiki', {
    token,
    body: { section: 2, status: 'published', content: 'Full answer with **bold**.', ...body },
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; attributes: { link: string } };
}

const ldOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);

describe('the wiki’s public pages', () => {
  it('serves an article as complete HTML with canonical, reciprocal hreflang, OG and JSON-LD; unknown and drafts 404', async () => {
    const en = await article({
      group: 'faq-pages',
      locale: 'en',
      title: 'What is a credit?',
      description: 'One check of one link.',
    });
    const ru = await article({
      group: 'faq-pages',
      locale: 'ru',
      title: 'Что такое кредит?',
      description: 'Одна проверка одной ссылки.',
    });
    const res = await get(en.attributes.link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>What is a credit? · Linkwatch</title>');
    expect(html).toContain('<meta name="description" content="One check of one link.">');
    expect(html).toContain(`<link rel="canonical" href="http://app.test${en.attributes.link}">`);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<meta property="og:title" content="What is a credit? · Linkwatch">');
    const alternates = alternatesOf(html);
    expect(alternates).toEqual([
      ['en', `http://app.test${en.attributes.link}`],
      ['ru', `http://app.test${ru.attributes.link}`],
      ['x-default', `http://app.test${en.attributes.link}`],
    ]);
    // Reciprocal: the Russian page names the same set.
    expect(alternatesOf((await get(ru.attributes.link)).body)).toEqual(alternates);
    const ld = ldOf(html);
    expect(ld.map((x) => x['@type'])).toEqual(['FAQPage', 'BreadcrumbList']);
    for (const node of ld) checkLd(node);
    expect(ld[0].mainEntity[0]).toMatchObject({
      '@type': 'Question',
      name: 'What is a credit?',
      acceptedAnswer: { '@type': 'Answer' },
    });
    expect(ld[1].itemListElement).toHaveLength(3);

    const draft = await article({ locale: 'en', title: 'Draft', status: 'draft' });
    expect((await get(draft.attributes.link)).statusCode).toBe(404);
    expect((await get('/en/wiki/faq/2147483')).statusCode).toBe(404);
    expect((await get('/en/wiki/nosuch')).statusCode).toBe(404);
    expect((await get(`/en/wiki/faq/${en.id}`)).headers.location).toBe(en.attributes.link);
  });

  it('writes a news article’s NewsArticle, the section page, sitemaps, the feed and robots.txt', async () => {
    const news = await article({ section: 3, locale: 'en', title: 'Released', description: 'New things.' });
    const ld = ldOf((await get(news.attributes.link)).body);
    expect(ld[0]).toMatchObject({ '@type': 'NewsArticle', headline: 'Released', inLanguage: 'en' });
    expect(ld.flatMap((node) => checkLd(node))).toEqual(
      expect.arrayContaining(['NewsArticle', 'Organization', 'BreadcrumbList', 'ListItem']),
    );

    const section = await get('/en/wiki/news');
    expect(section.statusCode).toBe(200);
    expect(section.body).toContain(`href="${news.attributes.link}"`);
    // Its own description, and dates as the reader's language writes them.
    expect(section.body).toContain('<meta name="description" content="Linkwatch product news:');
    expect(section.body).toMatch(/<time datetime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/);
    expect(section.body).not.toContain('name="robots"');
    const ru = await article({ section: 3, locale: 'ru', title: 'Выпуск' });
    expect((await get(ru.attributes.link)).statusCode).toBe(200);
    expect((await get('/ru/wiki/news')).body).toMatch(/<time datetime="[^"]+">\d{1,2} [а-я]+ \d{4}/);
    // A section with no article yet is a page, but not one for search engines to list.
    const empty = await get('/en/wiki/solutions');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<meta name="robots" content="noindex">');
    // Addresses under the wiki that are none of its pages: real 404s (the API's stay JSON).
    expect((await get('/en/wiki/faq/type/Bogus')).statusCode).toBe(404);
    expect((await get('/ru/wiki/news/1/more')).statusCode).toBe(404);
    const api = await get('/api/wiki/nosuch/a/b');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);

    const index = parseXml((await get('/sitemap.xml')).body, ['sitemap']).sitemapindex;
    expect(index['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(index.sitemap.map((s: { loc: string }) => s.loc)).toEqual([
      'http://app.test/sitemap-en.xml',
      'http://app.test/sitemap-ru.xml',
      'http://app.test/sitemap-ua.xml',
    ]);
    const en = parseXml((await get('/sitemap-en.xml')).body, ['url', 'xhtml:link']).urlset;
    expect(en['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const entry = en.url.find((u: { loc: string }) => u.loc === `http://app.test${news.attributes.link}`);
    expect(entry.lastmod).toMatch(ISO_DATE);
    expect(en.url.map((u: { loc: string }) => u.loc)).toContain('http://app.test/en/wiki/news');
    // The wiki's home and the app's other public pages, with their languages.
    const at = (loc: string) => en.url.find((u: { loc: string }) => u.loc === loc);
    expect(at('http://app.test/en/wiki').lastmod).toMatch(ISO_DATE);
    expect(at('http://app.test/en/partner-program')).toBeDefined();
    expect(
      at('http://app.test/en/domain-check')['xhtml:link'].map((l: Record<string, string>) => l['@hreflang']),
    ).toEqual(['en', 'ru', 'uk']);
    // The sitemap index's lastmod is its sitemap's newest entry.
    const newest = en.url
      .map((u: { lastmod?: string }) => u.lastmod)
      .filter(Boolean)
      .sort()
      .at(-1);
    expect(index.sitemap[0].lastmod).toBe(newest);

    const feedRes = await get('/en/wiki/news/feed.xml');
    expect(feedRes.headers['content-type']).toMatch(/atom\+xml/);
    const feed = parseXml(feedRes.body, ['entry', 'link']).feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    // Atom's required elements (RFC 4287): the feed's id, title, updated and author, each entry's id,
    // title, updated and its link.
    expect(feed).toMatchObject({ id: 'http://app.test/en/wiki/news', author: { name: 'Linkwatch' } });
    expect(feed.title).toBeTruthy();
    expect(feed.updated).toMatch(ISO_DATE);
    expect(feed.link.map((l: Record<string, string>) => l['@rel'] ?? 'alternate')).toEqual([
      'self',
      'alternate',
    ]);
    const released = feed.entry.find((e: { title: string }) => e.title === 'Released');
    expect(released).toMatchObject({ id: `http://app.test${news.attributes.link}`, summary: 'New things.' });
    expect(released.link[0]['@href']).toBe(`http://app.test${news.attributes.link}`);
    expect(released.updated).toMatch(ISO_DATE);
    expect(released.published).toMatch(ISO_DATE);

    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain('Sitemap: http://app.test/sitemap.xml');
    expect(robots).toContain('Allow: /en/wiki');
    expect(robots).toContain('Allow: /ru/domain-check');
    expect(robots).toContain('Allow: /partner-program');
    expect(robots).toContain('Disallow: /');
  });
});

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const relOf = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)">`).exec(html)?.[1];

describe('tag pages, a section’s pages, videos and the reader’s language', () => {
  it('serves a section’s tag page with its canonical, its languages and a place in the sitemap', async () => {
    const tagged = await article({
      section: 1,
      locale: 'en',
      title: 'On alpha',
      tags: ['alpha', 'two words'],
    });
    const other = await article({ section: 1, locale: 'en', title: 'Not tagged', tags: ['beta'] });
    await article({ section: 1, locale: 'ru', title: 'Про альфу', tags: ['alpha'] });

    const res = await get('/en/wiki/blog?tag=alpha');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="${tagged.attributes.link}"`);
    expect(res.body).not.toContain(`href="${other.attributes.link}"`);
    expect(canonicalOf(res.body)).toBe('http://app.test/en/wiki/blog?tag=alpha');
    expect(alternatesOf(res.body)).toEqual([
      ['en', 'http://app.test/en/wiki/blog?tag=alpha'],
      ['ru', 'http://app.test/ru/wiki/blog?tag=alpha'],
      ['x-default', 'http://app.test/en/wiki/blog?tag=alpha'],
    ]);
    // A tag only one language has names only that language.
    const beta = await get('/en/wiki/blog?tag=beta');
    expect(alternatesOf(beta.body).map(([l]) => l)).toEqual(['en', 'x-default']);
    for (const node of ldOf(res.body)) checkLd(node);
    // The article links to its tags' pages.
    const page = (await get(tagged.attributes.link)).body;
    expect(page).toContain('href="/en/wiki/blog?tag=alpha"');
    expect(page).toContain('href="/en/wiki/blog?tag=two+words"');
    expect((await get('/en/wiki/blog?tag=two%20words')).statusCode).toBe(200);

    expect((await get('/en/wiki/blog?tag=nosuch')).statusCode).toBe(404);
    expect((await get('/en/wiki?tag=alpha')).statusCode).toBe(404);

    const urls = parseXml((await get('/sitemap-en.xml')).body, ['url']).urlset.url.map(
      (u: { loc: string }) => u.loc,
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        'http://app.test/en/wiki/blog?tag=alpha',
        'http://app.test/en/wiki/blog?tag=two+words',
        'http://app.test/en/wiki/blog?tag=beta',
      ]),
    );
  });

  it('splits a section into numbered pages, each its own canonical address with rel prev/next', async () => {
    for (let i = 1; i <= 13; i++) await article({ section: 4, locale: 'en', title: `Case ${i}` });
    const first = await get('/en/wiki/cases');
    expect(canonicalOf(first.body)).toBe('http://app.test/en/wiki/cases');
    // Page 1 is the section's own page: its title names no page.
    expect(/<title>([^<]+)<\/title>/.exec(first.body)?.[1]).toBe('Cases · Linkwatch');
    expect(/<title>([^<]+)<\/title>/.exec((await get('/en/wiki/cases?page=2')).body)?.[1]).toBe(
      'Cases (page 2 of 2) · Linkwatch',
    );
    expect(relOf(first.body, 'next')).toBe('http://app.test/en/wiki/cases?page=2');
    expect(relOf(first.body, 'prev')).toBeUndefined();
    expect(first.body.match(/<h2>/g)).toHaveLength(12);
    expect(first.body).toContain('<a href="/en/wiki/cases?page=2">2</a>');

    const second = await get('/en/wiki/cases?page=2');
    expect(second.statusCode).toBe(200);
    expect(canonicalOf(second.body)).toBe('http://app.test/en/wiki/cases?page=2');
    expect(relOf(second.body, 'prev')).toBe('http://app.test/en/wiki/cases');
    expect(relOf(second.body, 'next')).toBeUndefined();
    expect(second.body.match(/<h2>/g)).toHaveLength(1);
    expect(second.body).toContain('<h2><a href="/en/wiki/cases/');
    // Other languages have no second page of cases: this page names only itself.
    expect(alternatesOf(second.body).map(([l]) => l)).toEqual(['en', 'x-default']);
    // The title says which page it is, so two pages never share one.
    expect(/<title>([^<]+)<\/title>/.exec(second.body)?.[1]).not.toBe(
      /<title>([^<]+)<\/title>/.exec(first.body)?.[1],
    );

    expect((await get('/en/wiki/cases?page=3')).statusCode).toBe(404);
    expect((await get('/en/wiki/cases?page=x')).statusCode).toBe(404);
    const one = await get('/en/wiki/cases?page=1');
    expect(one.statusCode).toBe(301);
    expect(one.headers.location).toBe('/en/wiki/cases');

    const urls = parseXml((await get('/sitemap-en.xml')).body, ['url']).urlset.url.map(
      (u: { loc: string }) => u.loc,
    );
    expect(urls).toEqual(
      expect.arrayContaining(['http://app.test/en/wiki/cases', 'http://app.test/en/wiki/cases?page=2']),
    );
    expect(urls).not.toContain('http://app.test/en/wiki/cases?page=3');
  });

  it('writes a VideoObject and a no-script fallback for an embedded video, loading nothing of the provider', async () => {
    const video = async (body: Record<string, unknown>) => {
      const res = await t.api('POST', 'admin/videos', { token, body });
      expect(res.status).toBe(200);
      return res.body.data.id as number;
    };
    const youtube = await video({
      title: 'First check in 3 minutes',
      description: 'From an empty account to a report.',
      provider: 'youtube',
      externalId: 'dQw4w9WgXcQ',
      duration: 185,
    });
    const vimeo = await video({ title: 'No thumbnail', provider: 'vimeo', externalId: '76979871' });
    const a = await article({
      section: 6,
      locale: 'en',
      title: 'Watch it',
      content: `Intro.\n\n{{video ${youtube}}}\n\nMiddle.\n\n{{video ${vimeo}}}\n\n{{video 2147483}}\n`,
    });
    const html = (await get(a.attributes.link)).body;
    const ld = ldOf(html);
    const videos = ld.filter((x) => x['@type'] === 'VideoObject');
    // The Vimeo video has no thumbnail to name: it gets no VideoObject rather than an invented one.
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({
      name: 'First check in 3 minutes',
      description: 'From an empty account to a report.',
      thumbnailUrl: ['https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg'],
      duration: 'PT3M5S',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    for (const node of ld) checkLd(node);

    // Without JavaScript: a neutral frame (no poster here, and never YouTube's image), a play control
    // labelled with the title that links to watch it on YouTube, the title and the length.
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain(
      `<figure class="wiki-video" data-video-id="${youtube}"><a class="frame" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener" aria-label="Play video: First check in 3 minutes" title="Watch “First check in 3 minutes” on YouTube"><span class="play" aria-hidden="true">▶</span></a>`,
    );
    expect(body).toContain(
      '<figcaption><strong>First check in 3 minutes</strong> <span class="meta"><time datetime="PT3M5S">3:05</time></span>',
    );
    expect(body).toContain('href="https://vimeo.com/76979871"');
    expect(body).not.toMatch(/<iframe|<video|ytimg|youtube-nocookie|player\.vimeo/);
    // An unknown video leaves nothing behind.
    expect(body).not.toContain('data-video-id="2147483"');
  });

  it('shows an uploaded video with its poster, and names the poster and the file in its VideoObject', async () => {
    const upload = async (url: string, content: Buffer, mime: string) => {
      const boundary = `----pages${Date.now()}`;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/${url}`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nContent-Type: ${mime}\r\n\r\n`,
          ),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; attributes: { url: string } };
    };
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const webm = Buffer.from(
      '1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102'.padEnd(400, '0'),
      'hex',
    );
    const poster = await upload('wiki/images', png, 'image/png');
    const file = await upload('videos/files', webm, 'video/webm');
    const res = await t.api('POST', 'admin/videos', {
      token,
      body: {
        title: 'Schedules <3',
        provider: 'file',
        fileId: file.id,
        posterImageId: poster.id,
        duration: 3725,
      },
    });
    expect(res.status).toBe(200);
    const a = await article({
      section: 6,
      locale: 'ru',
      title: 'Расписания',
      content: `{{video ${res.body.data.id}}}`,
    });
    const html = (await get(a.attributes.link)).body;
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain(
      `<a class="frame" href="http://app.test${file.attributes.url}" rel="noopener" aria-label="Воспроизвести видео: Schedules &lt;3"`,
    );
    expect(body).toContain(`<img src="${poster.attributes.url}" alt=""`);
    expect(body).toContain(
      '<strong>Schedules &lt;3</strong> <span class="meta"><time datetime="PT62M5S">1:02:05</time>',
    );
    const video = ldOf(html).find((x) => x['@type'] === 'VideoObject');
    expect(video).toMatchObject({
      name: 'Schedules <3',
      thumbnailUrl: [`http://app.test${poster.attributes.url}`],
      contentUrl: `http://app.test${file.attributes.url}`,
      duration: 'PT62M5S',
    });
    if (video) checkLd(video);
  });

  it('sends the wiki without a language to the reader’s language form (their choice, their browser, else English)', async () => {
    const to = async (url: string, headers: Record<string, string> = {}) => {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(301);
      return res.headers.location;
    };
    expect(await to('/wiki')).toBe('/en/wiki');
    expect(await to('/wiki/faq', { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.5' })).toBe('/ua/wiki/faq');
    expect(await to('/wiki/blog?tag=alpha', { 'accept-language': 'de-DE, ru;q=0.7' })).toBe(
      '/ru/wiki/blog?tag=alpha',
    );
    expect(await to('/wiki/faq/12-x', { 'accept-language': 'fr' })).toBe('/en/wiki/faq/12-x');
    expect(await to('/wiki/faq', { 'accept-language': 'ru', cookie: 'locale=ua' })).toBe('/ua/wiki/faq');
    expect((await get('/wiki')).headers.vary).toMatch(/accept-language/);
    expect(acceptedLocale('en;q=0.1, ru;q=0.8')).toBe('ru');

    // An article's unprefixed address followed by a Russian or Ukrainian reader ends on a page, not a
    // 404: that language's version when there is one, else the article itself.
    const en = await article({ group: 'moved-forms', locale: 'en', title: 'Moved?', slug: 'moved' });
    const ru = await article({ group: 'moved-forms', locale: 'ru', title: 'Перенесено?', slug: 'moved' });
    const alone = await article({ locale: 'en', title: 'Only in English', slug: 'only-en' });
    const unprefixed = en.attributes.link.replace(/^\/en/, '');
    expect(await to(unprefixed, { 'accept-language': 'ru' })).toBe(`/ru${unprefixed}`);
    expect(await to(`/ru${unprefixed}`)).toBe(ru.attributes.link);
    expect(await to(`/ua${unprefixed}`)).toBe(en.attributes.link);
    expect(await to(alone.attributes.link.replace(/^\/en/, '/ru'))).toBe(alone.attributes.link);
    expect(await to(alone.attributes.link.replace('/faq/', '/blog/'))).toBe(alone.attributes.link);
    expect((await get(ru.attributes.link)).statusCode).toBe(200);
    expect(acceptedLocale('*')).toBeNull();
  });

  it('gives a signed-in reader the app on a direct load of a wiki address, and a guest the written page', async () => {
    const a = await article({ section: 2, locale: 'en', title: 'Signed in?' });
    const reader = await makeUserWithToken(t.db, {});
    for (const url of [a.attributes.link, '/en/wiki', '/en/wiki/faq', '/en/wiki/blog?tag=alpha']) {
      const app = await get(url, { cookie: `locale=en; auth._token=${encodeURIComponent(reader.token)}` });
      expect(app.statusCode, url).toBe(200);
      expect(app.body, url).toContain('data-app');
      const guest = await get(url);
      expect(guest.body, url).not.toContain('data-app');
      expect(guest.body, url).toContain('<link rel="canonical"');
      expect(guest.headers.vary, url).toMatch(/cookie/);
    }
    // A token that names no live session is a guest's.
    const stale = await get(a.attributes.link, { cookie: 'auth._token=nosuch' });
    expect(stale.body).toContain('<link rel="canonical"');
    expect((await get(`${a.attributes.link}?app`)).body).toContain('data-app');
  });
});
