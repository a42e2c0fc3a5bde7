import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createConfirmedUser, logIn, newUser, type TestUser } from './support.ts';

/**
 * Issue 24, point 9: the access token lives in a cookie scripts can read, so no text a user (or a
 * donor page) wrote may ever run. Every user-text place is filled with script payloads: the project,
 * campaign and comment through the API, and every other text the pages show (link titles, anchors,
 * report texts, notifications, user names) by rewriting the API's answers on their way to the page.
 * A payload that ran would set `window.__xss`; one that became HTML leaves an element behind; one the
 * CSP stopped fires a `securitypolicyviolation`. None may happen.
 */
const MARK = 'xss-probe';
const payload = (where: string) =>
  `${MARK} ${where} <img src=x onerror="window.__xss=(window.__xss||[]).concat('${where}')">` +
  `<script>window.__xss=(window.__xss||[]).concat('script ${where}')</script>` +
  `"><svg onload="window.__xss=(window.__xss||[]).concat('svg ${where}')">`;

/** Keys of the API's answers that carry text a person or a crawled page wrote. */
const USER_TEXT = new Set([
  'name',
  'title',
  'comment',
  'anchor',
  'message',
  'campaignName',
  'projectName',
  'oldTitle',
  'newTitle',
  'old',
  'new',
  'textBefore',
  'textAfter',
  'reason',
]);

function poison(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => poison(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
  }
  if (USER_TEXT.has(key) && (typeof value === 'string' || value === null)) return payload(key);
  return value;
}

const headers = { Accept: 'application/json', 'x-localization': 'en' };

/** An account whose project, campaign and comment are payloads, with links checked (titles, anchors, a report). */
async function seeded(request: APIRequestContext) {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
  const created = await request.post('/api/projects/', {
    headers: auth,
    data: { domains: ['shop.example'], name: payload('project'), campaignName: payload('campaign') },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = String((await created.json()).data.id);
  const campaign = String((await created.json()).included[0].id);
  const origin = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}`;
  // The comment goes on a link whose address the edit form accepts (a host name, not the loopback's).
  const commented = 'http://xss-comment.invalid/page';
  const lines = [...['/blog/best-online-shops', '/forum/thread-42'].map((p) => `${origin}${p}`), commented];
  const upload = await request.post('/api/links/upload', {
    headers: auth,
    multipart: {
      campaign,
      file: { name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const links = await request.get(`/api/links?filter[campaign]=${campaign}`, { headers: auth });
  const link = (await links.json()).data.find(
    (l: { attributes: { url: string } }) => l.attributes.url === commented,
  );
  const saved = await request.put(`/api/links/${link.id}`, {
    headers: auth,
    data: { url: link.attributes.urlWithoutProtocol, comment: payload('comment') },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const start = await request.post(`/api/actions/2/start?campaign=${campaign}`, { headers: auth });
  expect(start.status(), await start.text()).toBe(201);
  const id = (await start.json()).data.id;
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/actions/${id}`, { headers: auth })).json()).data.attributes.statusId,
      { timeout: 45_000 },
    )
    .toBe(1);
  return { user, project, campaign };
}

/** Records CSP violations from the first script on, and rewrites every API answer's user text. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      // zod 4 tries `new Function('')` once to learn whether it may compile its checks; the policy says
      // no and zod parses without. Any payload would show up as a handler, an inline script or an element.
      if (e.blockedURI === 'eval') return;
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('application/json') || route.request().url().includes('/api/auth/')) {
      return route.fulfill({ response });
    }
    try {
      const body = poison(await response.json());
      await route.fulfill({ response, json: body });
    } catch (error) {
      // The page went on to the next address before this answer was read: its request is gone, so there is
      // nothing to rewrite (and nothing shown from it). Any other failure is the test's.
      if (!/disposed|closed|already handled/i.test(String(error))) throw error;
    }
  });
  return dialogs;
}

async function expectNothingRan(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const w = window as unknown as { __xss?: string[]; __violations: string[] };
    return {
      ran: w.__xss ?? [],
      violations: w.__violations,
      elements: document.querySelectorAll('img[src="x"], svg[onload], [onerror], body script:not([src])')
        .length,
    };
  });
  expect(found, where).toEqual({ ran: [], violations: [], elements: 0 });
}

let account: { user: TestUser; project: string; campaign: string };

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  account = await seeded(request);
});

test('no user text runs as script on any page that shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const dialogs = await watch(page);
  await page.goto('/en/login');
  await logIn(page, account.user);
  await expect(page).toHaveURL(/\/en$/);

  const { project, campaign } = account;
  const pages = [
    '/en',
    `/en/project/active/1/${project}`,
    `/en/campaign/active/1/${campaign}`,
    `/en/campaign/history/1/${campaign}`,
    `/en/anchors/${project}/1`,
    `/en/report?project=${project}`,
    '/en/tasks',
    '/en/search',
    '/en/schedule',
    `/en/crawlers/${project}`,
    `/en/campaign/1/${campaign}/index-history`,
    `/en/campaign/1/${campaign}/domains`,
  ];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The payloads are on the page as text: the probe reached this page's user-text places.
    await expect(page.getByText(MARK).first(), path).toBeVisible();
    await expectNothingRan(page, path);
  }

  // A link's drawer: its title, comment, anchors and history.
  await page.goto(`/en/campaign/active/1/${campaign}`);
  await page.locator('tbody tr').first().getByRole('button').first().click();
  await page.waitForLoadState('networkidle');
  await expectNothingRan(page, 'link drawer');
  expect(dialogs).toEqual([]);
});

test('a file name is shown as text in the upload dialogs', async ({ page }) => {
  const dialogs = await watch(page);
  await page.goto('/en/login');
  await logIn(page, account.user);
  await expect(page).toHaveURL(/\/en$/);
  await page.goto(`/en/campaign/active/1/${account.campaign}`);
  const name = `${payload('file')}.txt`.replaceAll('/', '_');
  await page
    .getByRole('button', { name: /upload/i })
    .first()
    .click();
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('https://example.org/\n') });
  await expect(page.getByRole('dialog').getByText(MARK).first()).toBeVisible();
  await expectNothingRan(page, 'upload dialog');
  expect(dialogs).toEqual([]);
});

// The second wall: if some text ever reached the page as HTML, the policy still runs none of it.
test('the policy refuses handler attributes, inline scripts and a whole-host JSONP script', async ({
  page,
}) => {
  await watch(page);
  await page.goto('/en/login');
  await page.evaluate(() => {
    const html = document.createElement('div');
    html.innerHTML = `<img src="x" onerror="window.__xss=['handler']">`;
    document.body.append(html);
    const inline = document.createElement('script');
    inline.textContent = "window.__xss=['inline']";
    document.body.append(inline);
    // www.google.com answers JSONP: a policy that allowed the whole host would run this.
    const jsonp = document.createElement('script');
    jsonp.src = 'https://www.google.com/complete/search?client=chrome&q=x&jsonp=alert';
    document.body.append(jsonp);
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.sort()))
    .toEqual([
      'script-src-attr inline',
      'script-src-elem https://www.google.com/complete/search?client=chrome&q=x&jsonp=alert',
      'script-src-elem inline',
    ]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss)).toBeUndefined();
});
