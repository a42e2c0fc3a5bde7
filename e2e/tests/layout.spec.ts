import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { LOCALES, texts } from './i18n.ts';
import { escapeFrom } from './keys.ts';
import { campaignWithLinks } from './projectHelpers.ts';
import { type Locale, logIn, newUser, type TestUser } from './support.ts';

// Sample pages of every kind (found, missing, 404, redirect, robots) and a long made-up URL.
const PATHS = [
  '/blog/best-online-shops',
  '/forum/thread-42',
  '/deleted-post',
  '/old-article',
  '/blocked/by-robots',
  '/private/noindex',
  '/news/weekly?utm_source=newsletter&utm_medium=email&utm_campaign=a-very-long-campaign-name-for-the-layout',
];
// A host that cannot be resolved: its code cell holds the longest text ("Не удалось найти хост").
const UNRESOLVABLE = ['http://nonexistent-host-layout.invalid/page'];
const WIDTHS = [1280, 1440, 1920];
const headers = { Accept: 'application/json', 'x-localization': 'en' };

let account: { user: TestUser; campaign: string };

/** A campaign whose links were checked, so every column has its longest kind of content. */
async function checkedCampaign(request: APIRequestContext) {
  const user = newUser('en');
  const campaign = await campaignWithLinks(request, { user, paths: PATHS, urls: UNRESOLVABLE });
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
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
  return { user, campaign };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  account = await checkedCampaign(request);
});

async function signedIn(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  await page.goto('/en/login');
  await logIn(page, account.user);
  await expect(page).toHaveURL(/\/en$/);
  return page;
}

/**
 * What overflows: the page sideways, a table wider than its card, a header cell whose words are cut or
 * wrap onto a second line, a sort arrow on another line than its label or before it.
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const cut = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    return {
      page: root.scrollWidth > root.clientWidth ? `${root.scrollWidth} > ${root.clientWidth}` : null,
      tooWide: document.querySelectorAll('[data-too-wide]').length,
      headers: Array.from(document.querySelectorAll('thead th'))
        .filter((th) => cut(th) || Array.from(th.querySelectorAll('button, span:not(.sr-only)')).some(cut))
        .map((th) => th.textContent),
      wrapped: Array.from(document.querySelectorAll('thead th'))
        .filter((th) => {
          // The lines its visible words take (the icon-only header's hidden name left out).
          const lines = new Set<number>();
          const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
            const text = document.createRange();
            text.selectNodeContents(node);
            for (const rect of Array.from(text.getClientRects())) lines.add(Math.round(rect.bottom));
          }
          return lines.size > 1;
        })
        .map((th) => th.textContent),
      arrows: Array.from(document.querySelectorAll('thead th button'))
        .filter((button) => {
          const label = button.querySelector('span')?.getBoundingClientRect();
          const arrow = button.querySelector('svg')?.getBoundingClientRect();
          return (
            !label ||
            !arrow ||
            arrow.left < label.right - 1 ||
            Math.abs(arrow.top + arrow.height / 2 - (label.top + label.height / 2)) > 2
          );
        })
        .map((button) => button.textContent),
    };
  });
}

const pages = (locale: Locale) => [
  { name: 'campaign', path: `/${locale}/campaign/active/1/${account.campaign}`, rows: '[data-link-row]' },
  { name: 'tasks', path: `/${locale}/tasks`, rows: '[data-task-id]' },
  { name: 'search', path: `/${locale}/search?q=127.0.0.1`, rows: '[data-link-row]' },
];

for (const locale of LOCALES) {
  test(`tables fit 1280 to 1920 px without sideways scrolling or cut headers (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await signedIn(browser, WIDTHS[0]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const { name, path, rows } of pages(locale)) {
        await page.goto(path);
        // A busy machine may take a while to draw the first page of a locale.
        await expect(page.locator(`table ${rows}`).first()).toBeVisible({ timeout: 30_000 });
        if (name === 'campaign')
          await expect(page.locator(rows)).toHaveCount(PATHS.length + UNRESOLVABLE.length);
        const found = await overflow(page);
        // The links table's headers keep to one line; the tasks table may put a long one on two.
        if (name === 'tasks') found.wrapped = [];
        expect(found, `${locale} ${width} ${name}`).toEqual({
          page: null,
          tooWide: 0,
          headers: [],
          wrapped: [],
          arrows: [],
        });
      }
    }
    // The dark sidebar column runs down to the end of a long page.
    await page.goto(pages(locale)[0].path);
    await expect(page.locator('table [data-link-row]').first()).toBeVisible();
    const { column, page: height } = await page.evaluate(() => ({
      column: document.querySelector('[data-sidebar-column]')?.getBoundingClientRect().height ?? 0,
      page: document.documentElement.scrollHeight,
    }));
    expect(height).toBeGreaterThan(900);
    expect(column).toBeGreaterThanOrEqual(height - 1);
    await page.context().close();
  });

  test(`at 390 px links and tasks are cards with status, code and last check (${locale})`, async ({
    browser,
  }) => {
    const t = texts(locale);
    const page = await signedIn(browser, 390);
    await page.goto(pages(locale)[0].path);
    const card = page.locator('li[data-link-row$="/forum/thread-42"]');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('table')).toHaveCount(0);
    await expect(card).toContainText(t.linksUi.table.linkStatusShort.missing);
    const field = (label: string) =>
      card
        .locator('dl > div')
        .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
        .locator('dd');
    await expect(field(t.linksUi.table.responseCode)).toHaveText('200');
    await expect(field(t.linksUi.table.lastCheck)).toHaveText(/\d{4}/);
    // The card still opens the link's side panel.
    await card.getByRole('button', { name: /forum\/thread-42/ }).click();
    await escapeFrom(page, page.getByRole('dialog'));
    expect((await overflow(page)).page).toBeNull();

    await page.goto(`/${locale}/tasks`);
    const task = page.locator('li[data-task-id]').first();
    await expect(task).toContainText(t.tasks.statuses['1']);
    await expect(task.getByRole('progressbar')).toBeVisible();
    expect((await overflow(page)).page).toBeNull();
    await page.context().close();
  });
}
