import { expect, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { createConfirmedUser, newUser, openSignedIn } from './support.ts';

const headers = { Accept: 'application/json', 'x-localization': 'ru' };
const PAGES = ['/blog/best-online-shops', '/forum/thread-42', '/deleted-post'];

test('after a check the campaign page tells a missing link and a 404 apart from a good page, in Russian', async ({
  page,
  request,
}) => {
  const t = texts('ru');
  const user = newUser('ru');
  await createConfirmedUser(request, user);
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
  const created = await request.post('/api/projects/', {
    headers: auth,
    data: { domains: ['demo-shop.com'], name: 'Shop', campaignName: 'Posts' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = String((await created.json()).included[0].id);
  const origin = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}`;
  const upload = await request.post('/api/links/upload', {
    headers: auth,
    multipart: {
      campaign,
      file: {
        name: 'links.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(PAGES.map((p) => origin + p).join('\n')),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const start = await request.post(`/api/actions/2/start?campaign=${campaign}`, { headers: auth });
  expect(start.status(), await start.text()).toBe(201);
  await expect
    .poll(
      async () => {
        const task = await request.get(`/api/actions/${(await start.json()).data.id}`, { headers: auth });
        return (await task.json()).data.attributes.statusId;
      },
      { timeout: 45_000 },
    )
    .toBe(1);

  await openSignedIn(page, user, `/ru/campaign/active/1/${campaign}`);
  const row = (path: string) => page.locator(`[data-link-row$="${path}"]`);
  await expect(row('/forum/thread-42')).toContainText(t.linksUi.table.linkStatusShort.missing);
  await expect(row('/forum/thread-42')).toContainText('200');
  await expect(row('/blog/best-online-shops')).toContainText(t.linksUi.table.linkStatusShort.found);
  await expect(row('/deleted-post')).toContainText(fill(t.links.pageVerdict.gone404, { code: '404' }));
  await expect(row('/deleted-post')).not.toContainText(t.links.robotsStatus['2']);

  const summary = page.getByRole('region', { name: t.linksUi.summary.title });
  await expect(summary.locator('[data-figure="missing"]')).toContainText('1');
  await expect(summary.locator('[data-figure="found"]')).toContainText('1');

  // The link filter keeps only the page that lost the link.
  await page.getByLabel(t.linksUi.filters.linkStatus).selectOption('missing');
  await expect(page.locator('[data-link-row]')).toHaveCount(1);
  await expect(row('/forum/thread-42')).toBeVisible();
});
