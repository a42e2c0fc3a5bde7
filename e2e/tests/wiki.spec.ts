import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { fill, LOCALES, texts } from './i18n.ts';
import { createConfirmedUser, type Locale, newUser, openSignedIn, readMail } from './support.ts';

const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

// Sign-ups, two widths and a worker's mail round on a 2-core machine shared with the server.
test.describe.configure({ timeout: 180_000 });

/** The operator the demo seeds (playwright.config.ts sets DEMO=1). */
async function operatorAccount(): Promise<{ email: string; password: string }> {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.txt');
  let text = '';
  await expect
    .poll(async () => (text = await readFile(file, 'utf8').catch(() => '')), {
      message: file,
      timeout: 60_000,
    })
    .toContain('operator:');
  const read = (name: string) => text.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1].trim() ?? '';
  return { email: read('operator'), password: read('password') };
}

async function tokenOf(api: APIRequestContext, account: { email: string; password: string }) {
  const login = await api.post('/api/auth/login', {
    headers: { Accept: 'application/json' },
    data: account,
  });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).data.attributes.accessToken as string;
}

// Issue 30: a visitor who is not signed in reads the wiki as the server writes it (what a search engine
// reads): the wiki's home, a section, an article with its canonical address, its translations and
// structured data, and the way from one language to another.
for (const locale of LOCALES) {
  test(`a visitor reads a FAQ answer and its translations (${locale})`, async ({ page }) => {
    const t = texts(locale);
    await page.goto(`/${locale}/wiki`);
    await expect(page.locator('html')).toHaveAttribute('lang', /.+/);
    await page
      .getByRole('navigation', { name: t.wiki.reader.sectionsNav })
      .getByRole('link', { name: t.wiki.sections.faq, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The first answer of the section: its page is the canonical address the list links to.
    const first = page.locator('main li h2 a, li h2 a').first();
    const title = (await first.textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/wiki/[^/]+/\\d+-[a-z0-9-]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const here = page.url();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', here);

    // Each language of the answer names the others, and x-default names the English one.
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    const hreflangs = await alternates.evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
    expect(hreflangs.sort()).toEqual(['en', 'ru', 'uk', 'x-default']);
    const ownHreflang = locale === 'ua' ? 'uk' : locale;
    await expect(page.locator(`link[rel="alternate"][hreflang="${ownHreflang}"]`)).toHaveAttribute(
      'href',
      here,
    );

    // The structured data says what the page is: a question with its answer, inside the breadcrumbs.
    const data = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null')));
    const types = data.flatMap((d) => (Array.isArray(d) ? d : [d])).map((d) => d?.['@type']);
    expect(types).toEqual(expect.arrayContaining(['FAQPage', 'BreadcrumbList']));

    // Without its slug the address answers 301 to the canonical one.
    const id = here.match(/\/(\d+)-[^/]+$/)?.[1];
    const bare = await page.request.get(here.replace(/\/\d+-[^/]+$/, `/${id}`), { maxRedirects: 0 });
    expect(bare.status()).toBe(301);
    expect(new URL(bare.headers().location ?? '', here).href).toBe(here);

    // Another language's version is one link away.
    const other = locale === 'en' ? 'ru' : 'en';
    const otherHref = await page.locator(`link[rel="alternate"][hreflang="${other}"]`).getAttribute('href');
    await page.goto(otherHref ?? '');
    await expect(page).toHaveURL(new RegExp(`/${other}/wiki/[^/]+/\\d+-`));
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  });
}

// The in-app reader (a signed-in customer): what the operator's video tutorial, made once through the
// operator's API below, and the seeded FAQ look like in the app, loaded directly by their addresses.
const VIDEO_ID = 'e2eWikiVid1';
// Made again by each worker that runs these tests (a failed test's worker is replaced): each time a tag
// of its own.
const videoArticles: Partial<Record<Locale, { title: string; link: string; video: number; tag: string }>> =
  {};

test.beforeAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  const token = await tokenOf(api, await operatorAccount());
  const headers = { Accept: 'application/json', authorization: `Bearer ${token}`, 'x-localization': 'en' };
  const created = await api.post('/api/admin/videos', {
    headers,
    data: { title: 'Linkwatch in 90 seconds', provider: 'youtube', externalId: VIDEO_ID, duration: 90 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const video = (await created.json()).data.id as number;
  const group = `e2e-video-${Date.now().toString(36)}`;
  for (const locale of LOCALES) {
    const title = `Zebrafilm ${locale} ${group}`;
    const res = await api.post('/api/admin/wiki', {
      headers,
      data: {
        group,
        locale,
        section: 6,
        status: 'published',
        title,
        description: `A short video tour (${locale}).`,
        content: `The tour in one video.\n\n{{video ${video}}}\n\nThat is all.`,
        tags: [group],
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    videoArticles[locale] = { title, link: (await res.json()).data.attributes.link, video, tag: group };
  }
  await api.dispose();
});

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const locale of LOCALES) {
  test(`a signed-in reader searches and filters the tutorials, plays a video and reads the FAQ (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts(locale);
    const mine = videoArticles[locale];
    if (!mine) throw new Error('the video tutorial was not made');
    const reader = newUser(locale);
    await createConfirmedUser(request, reader);
    // Nothing is fetched from YouTube in this test; a request that is made is recorded, then refused.
    const youtube: string[] = [];
    await page.route(/youtube|ytimg|vimeo/, (route) => {
      youtube.push(route.request().url());
      return route.abort();
    });

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      // A direct load of the wiki's address: the app (its search box), not the written page.
      if (width === 1440) await openSignedIn(page, reader, `/${locale}/wiki/tutorials`);
      else await page.goto(`/${locale}/wiki/tutorials`);
      const search = page.getByRole('searchbox', { name: t.wiki.reader.search });
      await expect(search).toBeVisible({ timeout: 30_000 });
      const cards = page.locator('[data-article]');

      // Search: the one tutorial whose title has the word.
      // Typed and sent again if the first try is lost: in one CI run the address kept no `q` after the
      // click, right after the page's first load (not seen again here; the cause was not found).
      await expect(async () => {
        await search.fill('Zebrafilm');
        await page.getByRole('button', { name: t.wiki.reader.searchButton }).click();
        await expect(page).toHaveURL(/[?&]q=Zebrafilm/, { timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole('link', { name: mine.title })).toBeVisible();
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasNotText: 'Zebrafilm' })).toHaveCount(0);

      // The tag filter, from a clean search: only the tagged tutorial.
      await page.goto(`/${locale}/wiki/tutorials`);
      await page.getByLabel(t.wiki.reader.tags).selectOption(mine.tag);
      await expect(page).toHaveURL(new RegExp(`[?&]tag=${mine.tag}`));
      await expect(page.getByRole('link', { name: mine.title })).toBeVisible();
      await expect(cards).toHaveCount(1);
      await noSidewaysScroll(page, width);

      // The video: nothing of YouTube before play, the privacy host's player after.
      await page.getByRole('link', { name: mine.title }).click();
      await expect(page.getByRole('heading', { level: 1, name: mine.title })).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(youtube).toEqual([]);
      // The placeholder is ours: the video's title and length, a button named after it.
      const play = page.getByRole('button', {
        name: fill(t.wiki.reader.play, { title: 'Linkwatch in 90 seconds' }),
      });
      await expect(play).toBeVisible();
      await expect(page.locator('figure[data-video]')).toContainText('1:30');
      await play.click();
      const player = page.locator('iframe');
      await expect(player).toHaveAttribute(
        'src',
        `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1`,
      );
      // Whatever the player asked for after play is not the next round's business.
      youtube.length = 0;
      await noSidewaysScroll(page, width);

      // The FAQ: a topic from the side navigation, then a question's full answer behind 'more'.
      await page.goto(`/${locale}/wiki/faq`);
      const topics = page.getByRole('navigation', { name: t.wiki.reader.faqNav }).getByRole('link');
      await expect(topics.first()).toBeVisible({ timeout: 30_000 });
      expect(await topics.count()).toBeGreaterThan(3);
      const topic = topics.nth(2);
      const target = ((await topic.getAttribute('href')) ?? '').slice(1);
      await topic.click();
      await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(`#${target}`);
      const group = page.locator(`[aria-labelledby="${target}"]`);
      await expect(page.locator(`h2[id="${target}"]`)).toBeInViewport();
      const more = group.getByRole('button', { name: t.wiki.reader.more }).first();
      await more.click();
      await expect(group.getByRole('button', { name: t.wiki.reader.less }).first()).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      const panelId = await group
        .getByRole('button', { name: t.wiki.reader.less })
        .first()
        .getAttribute('aria-controls');
      await expect(page.locator(`[id="${panelId}"] .wiki-prose`)).not.toBeEmpty();
      await noSidewaysScroll(page, width);
    }
  });
}

/** The newest mail to `to` whose headers match `subject`, waited for as long as the worker's round. */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) =>
          f.endsWith('.eml'),
        )) {
          const raw = await readFile(path.join(dir, file), 'utf8');
          const head = raw.slice(0, raw.indexOf('\n\n'));
          if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(head) && subject.test(head)) {
            found = raw;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to}`, timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  return found;
}

test('an operator writes and publishes an article in the console, and a report recipient with wiki mail gets it', async ({
  page,
  request,
}) => {
  const t = texts('en');
  const customer = newUser('en');
  await createConfirmedUser(request, customer);
  const recipient = `wiki-${Date.now().toString(36)}@example.com`;
  const made = await request.post('/api/mailings/', {
    headers: {
      Accept: 'application/json',
      authorization: `Bearer ${await tokenOf(request, { email: customer.email, password: customer.password })}`,
    },
    data: { email: recipient, actions: false, report: false, wiki: true },
  });
  expect(made.status(), await made.text()).toBe(201);

  await openSignedIn(page, await operatorAccount(), '/en/admin/wiki');
  await page.getByRole('button', { name: t.wiki.admin.new }).click();
  const title = `Release notes ${Date.now().toString(36)}`;
  await page.getByLabel(t.wiki.admin.fields.title, { exact: true }).fill(title);
  await page.getByLabel(t.wiki.admin.fields.section, { exact: true }).selectOption('3');
  await page.getByLabel(t.wiki.admin.fields.description).fill('What changed this week.');
  await page.getByLabel(t.wiki.admin.fields.content).fill('## Changes\n\n- Faster **checks**');
  // The live preview is the server's renderer's.
  await expect(page.getByTestId('wiki-preview').getByRole('heading', { name: 'Changes' })).toBeVisible();
  await expect(page.getByTestId('wiki-preview').locator('strong')).toHaveText('checks');
  await page.getByLabel(t.wiki.admin.fields.mail).check();
  await page.getByRole('button', { name: t.wiki.admin.publish, exact: true }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 20_000 });

  expect(await mailTo(recipient, new RegExp(title))).toMatch(/^List-Unsubscribe:\s/m);
  const mail = await readMail({ to: recipient, subject: new RegExp(title) });
  const link = mail.match(/https?:\/\/[^\s"<>]+\/en\/wiki\/news\/\d+-[a-z0-9-]+/)?.[0];
  expect(link).toBeTruthy();
  // The mailed address is the public article, for anyone.
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const guest = await browser.newContext();
  const visitor = await guest.newPage();
  await visitor.goto(link ?? '');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await guest.close();
});

/** A real, playable WebM (a second of a moving canvas) and a poster PNG, both made by the browser itself. */
async function makeMedia(page: Page): Promise<{ webm: Buffer; png: Buffer }> {
  const made = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const draw = (n: number) => {
      const grad = g.createLinearGradient(0, 0, 320, 180);
      grad.addColorStop(0, '#1e3a8a');
      grad.addColorStop(1, '#0ea5e9');
      g.fillStyle = grad;
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#fff';
      g.font = 'bold 28px sans-serif';
      g.fillText(`Linkwatch ${n}`, 20 + (n % 40), 100);
    };
    draw(0);
    const png = canvas.toDataURL('image/png').split(',')[1];
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let n = 1; n <= 30; n += 1) {
      draw(n);
      await new Promise((r) => setTimeout(r, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { webm: btoa(binary), png };
  });
  return { webm: Buffer.from(made.webm, 'base64'), png: Buffer.from(made.png, 'base64') };
}

test('an operator uploads a video with its poster and an article cover, and a reader plays the video', async ({
  page,
  request,
}) => {
  const t = texts('en');
  const stamp = Date.now().toString(36);
  await openSignedIn(page, await operatorAccount(), '/en/admin/wiki?tab=videos');
  const media = await makeMedia(page);

  // The video: an uploaded WebM (checked by its bytes on the server), a poster, a length.
  const videoTitle = `Tour ${stamp}`;
  await page.getByRole('button', { name: t.wiki.admin.videos.new }).click();
  await page.getByLabel(t.wiki.admin.videos.fields.title, { exact: true }).fill(videoTitle);
  await page.getByLabel(t.wiki.admin.videos.fields.provider).selectOption('file');
  await page
    .getByLabel(t.wiki.admin.videos.fields.file)
    .setInputFiles({ name: 'tour.webm', mimeType: 'video/webm', buffer: media.webm });
  await expect(page.getByTestId('video-file')).toContainText('video/webm');
  await page
    .getByLabel(t.wiki.admin.videos.posterUpload)
    .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: media.png });
  await expect(page.getByAltText(t.wiki.admin.videos.posterAlt)).toBeVisible();
  await page.getByLabel(t.wiki.admin.videos.fields.duration).fill('75');
  await page.getByRole('button', { name: t.wiki.admin.videos.save }).click();
  const row = page.getByRole('row').filter({ hasText: videoTitle });
  await expect(row).toContainText('1:15');
  const embed = (await row.locator('code').textContent()) ?? '';
  const videoId = Number(embed.match(/\{\{video (\d+)\}\}/)?.[1]);
  expect(videoId).toBeGreaterThan(0);

  // The article: a cover uploaded in the editor, the video put in with the picker, published.
  await page.getByRole('tab', { name: t.wiki.admin.tabs.articles }).click();
  await page.getByRole('button', { name: t.wiki.admin.new }).click();
  const title = `Video tour ${stamp}`;
  await page.getByLabel(t.wiki.admin.fields.title, { exact: true }).fill(title);
  await page.getByLabel(t.wiki.admin.fields.section, { exact: true }).selectOption('6');
  await page.getByLabel(t.wiki.admin.fields.description).fill('The product in a minute.');
  await page.getByLabel(t.wiki.admin.fields.content).fill('Watch the tour:');
  await page
    .getByLabel(t.wiki.admin.coverUpload)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: media.png });
  await expect(page.getByAltText(t.wiki.admin.coverAlt)).toBeVisible();
  await page.getByLabel(t.wiki.admin.insertVideo).selectOption(String(videoId));
  await expect(page.getByLabel(t.wiki.admin.fields.content)).toHaveValue(
    `Watch the tour:\n\n{{video ${videoId}}}\n`,
  );
  await page.getByRole('button', { name: t.wiki.admin.publish, exact: true }).click();
  const link = page.getByRole('link', { name: title });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const href = (await link.getAttribute('href')) ?? '';

  // The written page names the cover and carries the player's placeholder: poster, title, play label.
  const written = await (await request.get(href)).text();
  expect(written).toMatch(/<meta property="og:image" content="[^"]+\/api\/wiki\/images\/\d+"/);
  expect(written).toContain(`aria-label="${fill(t.wiki.reader.play, { title: videoTitle })}"`);

  // A reader in the app: the poster and title before play, the file from our server (by ranges) after.
  const reader = newUser('en');
  await createConfirmedUser(request, reader);
  const ranges: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/wiki/video-files/')) ranges.push(res.status());
  });
  await openSignedIn(page, reader, href);
  const play = page.getByRole('button', { name: fill(t.wiki.reader.play, { title: videoTitle }) });
  await expect(play).toBeVisible({ timeout: 30_000 });
  const figure = page.locator(`figure[data-video="${videoId}"]`);
  await expect(figure.locator('img')).toHaveAttribute('src', /\/api\/wiki\/images\/\d+$/);
  await expect(figure).toContainText(videoTitle);
  await expect(figure).toContainText('1:15');
  expect(ranges).toEqual([]);
  await play.click();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('src', /\/api\/wiki\/video-files\/\d+$/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  expect(ranges).toContain(206);
});
