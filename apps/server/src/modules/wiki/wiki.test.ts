import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, wikiArticles, wikiReads } from '../../db/schema/index.ts';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renderMarkdown } from './wiki.render.ts';
import { readSeedFiles, seedWiki } from './wiki.seed.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUserWithToken>>;
let reader: Awaited<ReturnType<typeof makeUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUserWithToken(t.db, { isAdmin: true });
  reader = await makeUserWithToken(t.db);
});
afterAll(async () => {
  await t?.close();
});

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin.token) =>
  t.api(method, `admin/${url}`, { token, body });

const HOUR = 3_600_000;
let n = 0;
async function article(body: Record<string, unknown>) {
  n += 1;
  const res = await write('POST', 'wiki', {
    locale: 'en',
    section: 1,
    title: `Article ${n}`,
    content: `Body ${n}`,
    status: 'published',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; attributes: { link: string; group: string } };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function multipart(file: { filename: string; content: Buffer }, name = 'file') {
  const boundary = `----wiki${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(file: { filename: string; content: Buffer }, token = admin.token) {
  const body = multipart(file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/wiki/images',
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'x-localization': 'en' },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the seed', () => {
  it('loads the shipped files once, on either database, and leaves an operator’s deletion alone', async () => {
    const files = await readSeedFiles();
    expect(files.length).toBeGreaterThanOrEqual(3);
    const first = await seedWiki(t.db);
    expect(first.loaded).toBe(files.length);
    expect((await seedWiki(t.db)).loaded).toBe(0);
    const [one] = await t.db.select().from(wikiArticles).where(eq(wikiArticles.groupKey, files[0].groupKey));
    expect(one).toMatchObject({ status: 'published', title: files[0].title });
    await t.db.delete(wikiArticles).where(eq(wikiArticles.id, one.id));
    expect((await seedWiki(t.db)).loaded).toBe(0);
    expect(await t.db.select().from(wikiArticles).where(eq(wikiArticles.id, one.id))).toEqual([]);
  });

  it('loads a file a later version adds, and refuses a file without its front matter', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wiki-seed-'));
    await mkdir(path.join(dir, 'ua', 'faq'), { recursive: true });
    await writeFile(
      path.join(dir, 'ua', 'faq', '01-test.md'),
      '---\ngroup: seed-test\ntitle: "Тест"\ndescription: Коротко\ncategory: Кредити\ntags: [a, b]\npublishedAt: 2026-01-02\n---\nТекст\n',
    );
    expect(await seedWiki(t.db, { dir })).toEqual({ loaded: 1, files: 1 });
    const [row] = await t.db.select().from(wikiArticles).where(eq(wikiArticles.groupKey, 'seed-test'));
    expect(row).toMatchObject({
      locale: 'ua',
      section: 2,
      slug: 'test',
      category: 'Кредити',
      tags: ['a', 'b'],
    });
    await writeFile(path.join(dir, 'ua', 'faq', '02-broken.md'), 'no front matter\n');
    await expect(seedWiki(t.db, { dir })).rejects.toThrow(/front matter/);
  });
});

describe('reading', () => {
  let sectionId: number;
  beforeAll(async () => {
    // A section of its own (cases, 4) so other tests' articles do not count here.
    sectionId = 4;
    await article({
      section: 4,
      title: 'Crawler imports explained',
      category: 'Crawlers',
      tags: ['crawlers', 'import'],
      content: 'Ahrefs exports are **imported** here.',
    });
    await article({
      section: 4,
      title: 'Anchors at scale',
      category: 'Anchors',
      tags: ['anchors'],
      content: 'Anchor text distribution.',
    });
    await article({ section: 4, title: 'A draft', status: 'draft' });
    await article({
      section: 4,
      title: 'Next week',
      publishedAt: new Date(Date.now() + 24 * HOUR * 7).toISOString(),
    });
    await article({ section: 4, title: 'Кейс по-русски', locale: 'ru', tags: ['краулеры'] });
  });

  it('lists published and due articles in the reader’s language, with filters, search, sort and pages', async () => {
    const all = await t.api('GET', `wiki?filter[section]=${sectionId}`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((a: { attributes: { title: string } }) => a.attributes.title).sort()).toEqual([
      'Anchors at scale',
      'Crawler imports explained',
    ]);
    expect(all.body.data[0].attributes).toMatchObject({ content: '', sectionSlug: 'cases', locale: 'en' });
    expect(all.body.data[0].attributes.link).toMatch(/^\/en\/wiki\/cases\/\d+-/);

    const bySlug = await t.api('GET', 'wiki?filter[section]=cases&filter[tag]=crawlers');
    expect(bySlug.body.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual([
      'Crawler imports explained',
    ]);
    const byCategory = await t.api('GET', 'wiki?filter[section]=4&filter[category]=Anchors');
    expect(byCategory.body.meta.page.total).toBe(1);
    // Full-text search stems: "import" finds "imported".
    const found = await t.api('GET', `wiki?filter[query]=${encodeURIComponent('import')}`);
    expect(found.body.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toContain(
      'Crawler imports explained',
    );
    const ru = await t.api('GET', 'wiki?filter[section]=4', { locale: 'ru' });
    expect(ru.body.data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual([
      'Кейс по-русски',
    ]);
    const paged = await t.api('GET', 'wiki?filter[section]=4&page[size]=1&page[number]=2&sort=title');
    expect(paged.body.meta.page).toMatchObject({ total: 2, perPage: 1, currentPage: 2, lastPage: 2 });
    expect(paged.body.data[0].attributes.title).toBe('Crawler imports explained');
    expect((await t.api('GET', 'wiki?filter[section]=9')).status).toBe(422);
    expect((await t.api('GET', 'wiki?page[size]=500')).status).toBe(422);
  });

  it('counts sections, tags and categories of published articles only', async () => {
    const sections = await t.api('GET', 'wiki/sections');
    expect(sections.body.data).toHaveLength(6);
    expect(sections.body.data[3]).toMatchObject({
      id: 4,
      type: 'wikiSections',
      attributes: { name: 'Cases', slug: 'cases', count: 2 },
    });
    const ruSections = await t.api('GET', 'wiki/sections', { locale: 'ru' });
    expect(ruSections.body.data[3].attributes).toMatchObject({ name: 'Кейсы', count: 1 });
    const tags = await t.api('GET', 'wiki/tags?filter[section]=4');
    expect(tags.body.data).toEqual(
      expect.arrayContaining([
        { name: 'crawlers', count: 1 },
        { name: 'anchors', count: 1 },
        { name: 'import', count: 1 },
      ]),
    );
    expect(tags.body.data).toHaveLength(3);
    const categories = await t.api('GET', 'wiki/categories?filter[section]=cases');
    expect(categories.body.data).toEqual([
      { name: 'Crawlers', count: 1 },
      { name: 'Anchors', count: 1 },
    ]);
  });

  it('answers one article with its sanitised HTML and translations; a draft, a future or an unknown one is 404', async () => {
    const en = await article({
      section: 2,
      group: 'faq-test-refunds',
      title: 'Refunds?',
      description: 'Yes.',
      content: 'Full **answer**.\n\n<script>alert(1)</script>',
    });
    const ua = await article({
      section: 2,
      group: 'faq-test-refunds',
      locale: 'ua',
      title: 'Повернення?',
      content: 'Так.',
    });
    const res = await t.api('GET', `wiki/${en.id}-refunds`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      title: 'Refunds?',
      content: '<p>Full <strong>answer</strong>.</p>\n',
      more: '<p>Yes.</p>\n',
      section: 2,
      sectionSlug: 'faq',
    });
    expect(res.body.data.attributes.translations).toEqual(
      expect.arrayContaining([
        { locale: 'en', id: en.id, link: en.attributes.link },
        { locale: 'ua', id: ua.id, link: ua.attributes.link },
      ]),
    );
    const draft = await article({ status: 'draft' });
    const future = await article({ publishedAt: new Date(Date.now() + HOUR).toISOString() });
    for (const id of [draft.id, future.id, 2147483647])
      expect((await t.api('GET', `wiki/${id}`)).status).toBe(404);
    expect((await t.api('GET', 'wiki/abc')).status).toBe(422);
  });

  it('uses the text above <!-- more --> as the short text', async () => {
    const a = await article({ content: 'Intro *text*.\n\n<!-- more -->\n\nThe rest.', description: 'Desc' });
    const res = await t.api('GET', `wiki/${a.id}`);
    expect(res.body.data.attributes.more).toBe('<p>Intro <em>text</em>.</p>\n');
  });
});

describe('the badge', () => {
  it('counts what was published since the reader last opened the wiki, 0 after they open it', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    await t.db.insert(wikiReads).values({ userId: user.id, openedAt: new Date() });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await article({ title: 'Fresh one' });
    await article({ title: 'Fresh two' });
    await article({ title: 'Fresh draft', status: 'draft' });
    await article({ title: 'Свежая', locale: 'ru' });
    const count = await t.api('GET', 'wiki/count', { token });
    expect(count.body).toEqual({ data: { attributes: { count: 2 } } });
    expect((await t.api('GET', 'wiki/count', { token, locale: 'ru' })).body.data.attributes.count).toBe(1);
    await t.api('GET', 'wiki/sections', { token });
    expect((await t.api('GET', 'wiki/count', { token })).body.data.attributes.count).toBe(0);
    expect((await t.api('GET', 'wiki/count')).status).toBe(401);
  });
});

describe('the sanitiser', () => {
  const cases: [string, RegExp][] = [
    ['<script>alert(1)</script>', /<script/i],
    ['<img src=x onerror=alert(1)>', /onerror/i],
    ['<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['[x](javascript:alert(1))', /href="javascript/i],
    ['<a href="jav&#x61;script:alert(1)">x</a>', /href/i],
    ['<a href="&#106;avascript:alert(1)">x</a>', /href/i],
    ['<a href="java\tscript:alert(1)">x</a>', /href/i],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', /data:/i],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', /data:/i],
    ['<svg onload="alert(1)"><script>alert(1)</script></svg>', /svg|script|onload/i],
    ['<p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p>', /style|onclick/i],
    ['<iframe src="https://evil.example"></iframe>', /iframe/i],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /xlink|javascript/i],
    ['<form action="https://evil.example"><input name=a></form>', /form|input/i],
    ['<div class="wiki-video" data-video-id="1" onmouseover="alert(1)"></div>', /onmouseover/i],
  ];
  it.each(cases)('neutralises %s', (source, bad) => {
    expect(renderMarkdown(source)).not.toMatch(bad);
  });

  it('keeps markdown, tables, safe links and the video placeholder', () => {
    const html = renderMarkdown('| a | b |\n|:-:|---|\n| 1 | [x](https://example.com) |\n\n{{video 12}}');
    expect(html).toContain('<th style="text-align:center">a</th>');
    expect(html).toContain('<a href="https://example.com" rel="noopener">x</a>');
    expect(html).toContain('<div class="wiki-video" data-video-id="12"></div>');
  });

  it('applies to what an operator saves and previews', async () => {
    const a = await article({ content: '<img src=x onerror=alert(1)><script>x</script>ok' });
    expect((await t.api('GET', `wiki/${a.id}`)).body.data.attributes.content).not.toMatch(/onerror|script/);
    const preview = await write('POST', 'wiki/preview', { content: '# Hi\n<a href="javascript:x">a</a>' });
    expect(preview.body.data.html).toBe('<h1>Hi</h1>\n<p><a>a</a></p>\n');
  });
});

describe('authoring', () => {
  it('is for operators only: a customer gets 403 and a guest 401, and nothing is written', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(wikiArticles))[0].n;
    const body = { locale: 'en', section: 1, title: 'Nope', content: 'x' };
    expect((await write('POST', 'wiki', body, reader.token)).status).toBe(403);
    expect((await t.api('POST', 'admin/wiki', { body })).status).toBe(401);
    expect((await upload({ filename: 'a.png', content: PNG }, reader.token)).status).toBe(403);
    expect(
      (await write('POST', 'videos', { title: 'v', provider: 'youtube', externalId: 'abc' }, reader.token))
        .status,
    ).toBe(403);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(wikiArticles))[0].n).toBe(before);
  });

  it('creates, schedules, unpublishes and deletes, each change in the audit with who made it', async () => {
    const created = await article({ status: 'draft', title: 'Lifecycle', tags: ['x', 'x', 'y'] });
    expect(created.attributes).toMatchObject({ status: 'draft', visible: false, tags: ['x', 'y'] });
    const id = created.id;
    const body = { locale: 'en', section: 1, title: 'Lifecycle', content: 'Text', status: 'published' };
    const scheduled = await write('PUT', `wiki/${id}`, {
      ...body,
      publishedAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(scheduled.body.data.attributes).toMatchObject({ status: 'published', visible: false });
    expect((await t.api('GET', `wiki/${id}`)).status).toBe(404);
    const published = await write('PUT', `wiki/${id}`, {
      ...body,
      publishedAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(published.body.data.attributes.visible).toBe(true);
    expect((await t.api('GET', `wiki/${id}`)).status).toBe(200);
    await write('PUT', `wiki/${id}`, { ...body, status: 'draft' });
    expect((await t.api('GET', `wiki/${id}`)).status).toBe(404);
    expect((await write('DELETE', `wiki/${id}`)).status).toBe(200);
    expect((await write('DELETE', `wiki/${id}`)).status).toBe(404);
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subject, String(id)))
      .orderBy(adminAudit.id);
    expect(audit.map((a) => a.kind)).toEqual([
      'wiki.create',
      'wiki.update',
      'wiki.update',
      'wiki.update',
      'wiki.delete',
    ]);
    expect(audit.every((a) => a.actorId === admin.user.id)).toBe(true);
  });

  it('refuses a second version in one language of a group, and broken input, with field messages', async () => {
    const a = await article({ group: 'one-group' });
    const twice = await write('POST', 'wiki', {
      group: a.attributes.group,
      locale: 'en',
      section: 1,
      title: 'Again',
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.locale).toBeDefined();
    const broken = await write('POST', 'wiki', { locale: 'de', section: 9, title: '' });
    expect(broken.status).toBe(422);
    expect(Object.keys(broken.body.errors).sort()).toEqual(['locale', 'section', 'title']);
  });

  it('takes images by their bytes, within the size limit, and serves them with long cache headers', async () => {
    const ok = await upload({ filename: 'cover.txt', content: PNG });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes).toMatchObject({ mime: 'image/png', size: PNG.length });
    const served = await t.app.inject({ method: 'GET', url: ok.body.data.attributes.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const fake = await upload({
      filename: 'evil.png',
      content: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(fake.status).toBe(422);
    expect(JSON.stringify(fake.body.errors.file)).toMatch(/PNG, JPEG/);
    const big = await upload({
      filename: 'big.png',
      content: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(big.status).toBe(422);
    expect(JSON.stringify(big.body.errors.file)).toMatch(/5 MB/);

    const withCover = await article({ coverImageId: ok.body.data.id });
    expect((await t.api('GET', `wiki/${withCover.id}`)).body.data.attributes.image).toBe(
      ok.body.data.attributes.url,
    );
    expect(
      (await write('POST', 'wiki', { locale: 'en', section: 1, title: 'x', coverImageId: 2147483647 }))
        .status,
    ).toBe(422);
  });

  it('adds a video that readers get with a privacy-mode embed address', async () => {
    const res = await write('POST', 'videos', {
      title: 'First check',
      provider: 'youtube',
      externalId: 'dQw4w9WgXcQ',
      duration: 95,
    });
    expect(res.status).toBe(200);
    const video = await t.api('GET', `video/${res.body.data.id}`);
    expect(video.body.data.attributes).toMatchObject({
      title: 'First check',
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      duration: 95,
    });
    expect((await t.api('GET', 'video/2147483647')).status).toBe(404);
    expect((await write('POST', 'videos', { title: 'x', provider: 'vimeo' })).status).toBe(422);
  });
});

describe('publication mail', () => {
  it('mails each recipient with wiki mail on once, in their language, with a one-click unsubscribe', async () => {
    const { sendWikiMails } = await import('./wiki-mail.ts');
    await sendWikiMails(t.ctx); // anything queued by earlier tests
    const ua = await makeUserWithToken(t.db, { locale: 'ua' });
    const stamp = Date.now();
    const on = `wiki-on-${stamp}@example.com`;
    const off = `wiki-off-${stamp}@example.com`;
    expect((await t.api('POST', 'mailings/', { token: ua.token, body: { email: on } })).status).toBe(201);
    expect(
      (await t.api('POST', 'mailings/', { token: ua.token, body: { email: off, wiki: false } })).status,
    ).toBe(201);
    const en = await article({ group: 'mail-group', title: 'Mailed article', status: 'draft' });
    await article({ group: 'mail-group', locale: 'ua', title: 'Стаття поштою' });
    const body = {
      group: 'mail-group',
      locale: 'en',
      section: 1,
      title: 'Mailed article',
      status: 'published',
      mail: true,
    };
    expect((await write('PUT', `wiki/${en.id}`, body)).status).toBe(200);
    expect((await write('PUT', `wiki/${en.id}`, body)).status).toBe(200); // pressed twice
    expect(await sendWikiMails(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await sendWikiMails(t.ctx)).toBe(0);
    await expect.poll(() => t.smtp.to(on).length).toBe(1);
    expect(t.smtp.to(off)).toHaveLength(0);
    const [mail] = t.smtp.to(on);
    expect(mail.subject).toBe('Нове у вікі Linkwatch: Стаття поштою');
    expect(String(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line)).toMatch(
      /mailings\/unsubscribe\/one-click\?token=/,
    );
  });

  it('mails a scheduled article when it appears, not before', async () => {
    const { sendWikiMails } = await import('./wiki-mail.ts');
    await sendWikiMails(t.ctx);
    const owner = await makeUserWithToken(t.db);
    const to = `wiki-later-${Date.now()}@example.com`;
    expect((await t.api('POST', 'mailings/', { token: owner.token, body: { email: to } })).status).toBe(201);
    const draft = await article({ group: 'mail-later', title: 'Later article', status: 'draft' });
    const body = {
      group: 'mail-later',
      locale: 'en',
      section: 1,
      title: 'Later article',
      status: 'published',
    };
    const publishedAt = new Date(Date.now() + HOUR).toISOString();
    expect((await write('PUT', `wiki/${draft.id}`, { ...body, publishedAt, mail: true })).status).toBe(200);
    await sendWikiMails(t.ctx);
    expect(t.smtp.to(to)).toHaveLength(0);
    // The hour has passed: the article is visible, and its mail goes out once.
    await t.db
      .update(wikiArticles)
      .set({ publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(wikiArticles.id, draft.id));
    expect(await sendWikiMails(t.ctx)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => t.smtp.to(to).length).toBe(1);
    expect(t.smtp.to(to)[0].subject).toBe('New in the Linkwatch wiki: Later article');
  });
});
