import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  token = (await makeUserWithToken(t.db, { isAdmin: true })).token;
});
afterAll(async () => {
  await t?.close();
});

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
    expect(ld[0].datePublished).toMatch(/^\d{4}-/);

    const section = await get('/en/wiki/news');
    expect(section.statusCode).toBe(200);
    expect(section.body).toContain(`href="${news.attributes.link}"`);

    const index = (await get('/sitemap.xml')).body;
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://app.test/sitemap-en.xml',
      'http://app.test/sitemap-ru.xml',
      'http://app.test/sitemap-ua.xml',
    ]);
    const en = (await get('/sitemap-en.xml')).body;
    expect(en).toContain(`<loc>http://app.test${news.attributes.link}</loc>`);
    expect(en).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);

    const feed = await get('/en/wiki/news/feed.xml');
    expect(feed.headers['content-type']).toMatch(/atom\+xml/);
    expect(feed.body).toContain('<title>Released</title>');

    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain('Sitemap: http://app.test/sitemap.xml');
    expect(robots).toContain('Allow: /en/wiki');
    expect(robots).toContain('Allow: /ru/domain-check');
    expect(robots).toContain('Allow: /partner-program');
    expect(robots).toContain('Disallow: /');
  });
});
