// Screenshots of the wiki's pages (not part of the suite; deleted after use).
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:4730';
const out = '/work/shots/wiki30';
const text = await readFile('/tmp/wiki30-data/demo-credentials.txt', 'utf8');
const read = (name: string) => text.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1].trim() ?? '';
const login = async (email: string, password: string) => {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await res.json()).data.attributes.accessToken as string;
};
const op = await login(read('operator'), read('password'));
const customer = await login(read('login') || read('email'), read('password'));
const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${op}` };
const video = await (
  await fetch(`${base}/api/admin/videos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Linkwatch in 90 seconds', provider: 'youtube', externalId: 'abcdefghijk', duration: 90 }),
  })
).json();
const links: Record<string, string> = {};
const group = `shots-${Date.now().toString(36)}`;
const titles = { en: 'Your first check, on video', ru: 'Первая проверка на видео', ua: 'Перша перевірка на відео' };
for (const l of ['en', 'ru', 'ua'] as const) {
  const res = await (
    await fetch(`${base}/api/admin/wiki`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        group,
        locale: l,
        section: 6,
        status: 'published',
        title: titles[l],
        description: 'A short video tour.',
        content: `The tour in one video.\n\n{{video ${video.data.id}}}\n\nThat is all.`,
        tags: ['video'],
        category: 'Getting started',
      }),
    })
  ).json();
  links[l] = res.data.attributes.link;
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const l of ['en', 'ru', 'ua'] as const) {
  for (const width of [1440, 390]) {
    const guest = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const g = await guest.newPage();
    await g.route(/youtube|ytimg|vimeo/, (r) => r.abort());
    for (const [name, path] of [
      ['guest-article-video', links[l]],
      ['guest-tag-page', `/${l}/wiki/tutorials?tag=${encodeURIComponent('video')}`],
      ['guest-faq', `/${l}/wiki/faq`],
    ]) {
      await g.goto(`${base}${path}`);
      await g.screenshot({ path: `${out}/${name}-${l}-${width}.png`, fullPage: name !== 'guest-faq' });
    }
    await guest.close();
    const app = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    await app.addCookies([{ name: 'auth._token', value: customer, url: base }]);
    const a = await app.newPage();
    await a.route(/youtube|ytimg|vimeo/, (r) => r.abort());
    await a.goto(`${base}${links[l]}`);
    await a.locator('[data-video]').waitFor({ timeout: 30_000 });
    await a.screenshot({ path: `${out}/app-article-video-${l}-${width}.png`, fullPage: true });
    await a.goto(`${base}/${l}/wiki/tutorials`);
    await a.locator('[data-article]').first().waitFor({ timeout: 30_000 });
    await a.screenshot({ path: `${out}/app-tutorials-${l}-${width}.png`, fullPage: false });
    await a.goto(`${base}/${l}/wiki/faq`);
    await a.locator('nav[aria-label] a[href^="#faq-"]').first().waitFor({ timeout: 30_000 });
    await a.locator('button[aria-controls^="faq-answer-"]').first().click();
    await a.locator('[id^="faq-answer-"] .wiki-prose').first().waitFor({ timeout: 30_000 });
    await a.screenshot({ path: `${out}/app-faq-${l}-${width}.png`, fullPage: false });
    await app.close();
  }
}
await browser.close();
console.log('done', links);
