import { type Browser, expect, type Page, test } from '@playwright/test';
import { texts } from './i18n.ts';
import { campaignWithLinks } from './projectHelpers.ts';
import { type Locale, newUser } from './support.ts';

// Issue 25's small layout points, measured in the browser: labels on one line or one column where their
// neighbours are, tabs on one line at 390 px, and the room a URL keeps in ru.
const PATHS = [
  '/blog/best-online-shops',
  '/forum/thread-42',
  '/deleted-post',
  '/blocked/by-robots',
  '/news/weekly?utm_source=newsletter&utm_medium=email&utm_campaign=a-very-long-campaign-name-for-the-layout',
];
const headers = { Accept: 'application/json', 'x-localization': 'en' };

let token = '';
let campaign = '';
let project = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const user = newUser('en');
  campaign = await campaignWithLinks(request, { user, paths: PATHS });
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  token = (await login.json()).data.attributes.accessToken;
  const auth = { ...headers, Authorization: `Bearer ${token}` };
  project = String(
    (await (await request.get(`/api/campaigns/${campaign}`, { headers: auth })).json()).data.relationships
      .project.data.id,
  );
  // Checked backlinks and indexing: every column holds its longest kind of content ("Не проиндексировано").
  for (const action of [2, 1]) {
    const start = await request.post(`/api/actions/${action}/start?campaign=${campaign}`, { headers: auth });
    expect(start.status(), await start.text()).toBe(201);
    const id = (await start.json()).data.id;
    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/actions/${id}`, { headers: auth })).json()).data.attributes
            .statusId,
        { timeout: 60_000 },
      )
      .toBe(1);
  }
});

async function open(browser: Browser, { width, path }: { width: number; path: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: 'auth._token', value: token, url: `http://127.0.0.1:${process.env.E2E_PORT}` },
  ]);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The bottom edge of each header cell's first text (its label's line), rounded to a pixel. */
const labelBottoms = (page: Page, table: string) =>
  page.locator(`${table} thead th`).evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode();
      if (!text?.textContent?.trim()) return [];
      const range = document.createRange();
      range.selectNodeContents(text);
      const rects = range.getClientRects();
      return [Math.round(rects[rects.length - 1].bottom)];
    }),
  );

for (const locale of ['en', 'ru', 'ua'] as Locale[]) {
  test(`schedule labels, header labels and the project's buttons line up (${locale})`, async ({
    browser,
  }) => {
    const schedule = await open(browser, { width: 1440, path: `/${locale}/schedule` });
    const tasks = schedule.getByTestId('schedule-task');
    await expect(tasks).toHaveCount(2);
    const [first, second] = await tasks.evaluateAll((cells) =>
      cells.map((cell) => Math.round((cell.firstElementChild as HTMLElement).getBoundingClientRect().left)),
    );
    expect(second).toBe(first);
    await schedule.context().close();

    const domains = await open(browser, { width: 1440, path: `/${locale}/campaign/1/${campaign}/domains` });
    await expect(domains.locator('main table tbody tr').first()).toBeVisible();
    const bottoms = await labelBottoms(domains, 'main table');
    expect(bottoms.length).toBeGreaterThan(4);
    expect(new Set(bottoms).size, `label bottoms ${bottoms}`).toBe(1);
    await domains.context().close();

    const projectPage = await open(browser, { width: 1440, path: `/${locale}/project/active/1/${project}` });
    const buttons = projectPage.getByTestId('project-actions').locator('[data-task-action]');
    await expect(buttons).toHaveCount(3);
    const tops = await buttons.evaluateAll((list) =>
      list.map((b) => Math.round(b.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `button tops ${tops}`).toBe(1);
    await projectPage.context().close();
  });

  test(`the list tabs fit one line at 390 px (${locale})`, async ({ browser }) => {
    const page = await open(browser, { width: 390, path: `/${locale}/campaign/active/1/${campaign}` });
    const tabs = page.getByRole('tablist', { name: texts(locale).linksUi.tabsLabel }).getByRole('tab');
    await expect(tabs).toHaveCount(3);
    const tops = await tabs.evaluateAll((list) =>
      list.map((tab) => Math.round(tab.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `tab tops ${tops}`).toBe(1);
    await page.context().close();
  });
}

test('a ru URL keeps its room beside "Не проиндексировано" at 1440 px', async ({ browser }) => {
  const page = await open(browser, { width: 1440, path: `/ru/campaign/active/1/${campaign}` });
  await expect(page.getByText('Не проиндексировано').first()).toBeVisible();
  const url = page.locator('main table thead th').nth(1);
  await expect(url).toHaveText(texts('ru').linksUi.table.url);
  const width = await url.evaluate((th) => th.getBoundingClientRect().width);
  // 235 px with the check date written out ("27 нояб. 2026 г."); in digits it leaves the URL about 25 more.
  expect(width).toBeGreaterThan(250);
  await page.context().close();
});
