import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { LOCALES, texts } from './i18n.ts';
import { createConfirmedUser, type Locale, logIn, newUser, type TestUser } from './support.ts';

// issue 10: axe on every main page and modal, in every language; serious and critical violations fail.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

type Account = { user: TestUser; auth: Record<string, string>; project: string; campaign: string };

/** One account with a project whose campaign holds a few links, made through the API once. */
async function account(request: APIRequestContext): Promise<Account> {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  const headers = { Accept: 'application/json', 'x-localization': 'en' };
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
  const created = await request.post('/api/projects/', {
    headers: auth,
    data: { domains: ['shop.example'], name: 'Shop', campaignName: 'Reviews' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = await created.json();
  const campaign = String(body.included[0].id);
  const lines = ['https://blog.example.net/review-1', 'https://news.example.org/shop'].join('\n');
  const upload = await request.post('/api/links/upload', {
    headers: auth,
    multipart: { campaign, file: { name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(lines) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return { user, auth, project: String(body.data.id), campaign };
}

/** Waits for the page's entry animations and transitions to end: a fading text would read as low contrast. */
async function settled(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await locator.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

type NodeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/** For a contrast failure, the colours axe measured: what to change to fix it. */
function contrastOf(node: NodeResult): string {
  const data = node.any[0]?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number }
    | undefined;
  return data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : '';
}

class Findings {
  private readonly seen = new Map<string, Set<string>>();

  async scan(page: Page, where: string): Promise<void> {
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const violation of violations) {
      if (!FAILING.has(violation.impact ?? '')) continue;
      for (const node of violation.nodes) {
        const key = `${violation.id} (${violation.impact}) at ${node.target.join(' ')}${contrastOf(node)}`;
        this.seen.set(key, (this.seen.get(key) ?? new Set()).add(where));
      }
    }
  }

  list(): string[] {
    return [...this.seen].map(([key, pages]) => `${key} on ${[...pages].join(', ')}`);
  }
}

async function guestPages({ browser, locale }: { browser: Browser; locale: Locale }): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const findings = new Findings();
  const pages: [string, string][] = [
    ['login', `/${locale}/login`],
    ['register', `/${locale}/register`],
    ['forgot password', `/${locale}/login/forgot-password`],
    ['404', `/${locale}/no-such-page`],
  ];
  for (const [where, path] of pages) {
    await page.goto(path);
    await settled(page.getByRole('heading', { level: 1 }).first());
    await findings.scan(page, `${locale} ${where}`);
  }
  await context.close();
  return findings.list();
}

let shared: { page: Page; account: Account };

test.beforeAll(async ({ browser, request }) => {
  const made = await account(request);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/en/login');
  await logIn(page, made.user);
  await expect(page).toHaveURL(/\/en$/);
  shared = { page, account: made };
});

test.afterAll(async () => {
  await shared?.page.context().close();
});

for (const locale of LOCALES) {
  test(`no serious or critical axe violations on the main pages and modals (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    const { page, account: made } = shared;
    const saved = await request.put('/api/user', { headers: made.auth, data: { locale } });
    expect(saved.status(), await saved.text()).toBe(200);
    const findings = new Findings();
    const h1 = page.getByRole('heading', { level: 1 }).first();
    const visit = async (where: string, path: string, ready?: () => Promise<void>) => {
      await page.goto(`/${locale}${path}`);
      await settled(h1);
      await ready?.();
      await findings.scan(page, `${locale} ${where}`);
    };
    const modal = async (where: string, open: () => Promise<void>) => {
      await open();
      const dialog = page.getByRole('dialog').last();
      await settled(dialog);
      await findings.scan(page, `${locale} ${where}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };

    await visit('dashboard', '');
    await modal('create project', () =>
      page.getByRole('button', { name: t.shell.createCampaign }).first().click(),
    );
    await modal('create campaign', async () => {
      await page.getByRole('button', { name: t.shell.createCampaign }).first().click();
      await page.getByRole('tab', { name: t.shell.create.existingProject }).click();
    });
    await visit('project page', `/project/active/1/${made.project}`);
    await visit('campaign page', `/campaign/active/1/${made.campaign}`, () =>
      expect(page.locator('[data-link-row]')).toHaveCount(2),
    );
    await page.getByRole('checkbox').nth(1).check();
    await findings.scan(page, `${locale} campaign page, a row selected`);
    await page.getByRole('checkbox').nth(1).uncheck();
    await modal('link side panel', () =>
      page.locator('[data-link-row]').first().getByRole('button').first().click(),
    );
    await modal('comment', () =>
      page.getByRole('button', { name: t.linksUi.table.addComment }).first().click(),
    );
    await modal('upload links', () =>
      page.getByRole('button', { name: t.linksUi.toolbar.upload }).first().click(),
    );
    await modal('export', () => page.getByRole('button', { name: t.linksUi.toolbar.export }).first().click());
    await modal('settings', () =>
      page.getByRole('button', { name: t.linksUi.toolbar.settings }).first().click(),
    );
    await visit('tasks', '/tasks');
    await modal('start check', () =>
      page.getByRole('button', { name: t.tasksUi.startCheck }).first().click(),
    );
    await visit('reports', '/report');
    await visit('schedule', '/schedule');
    await visit('search', '/search');
    await visit('profile', '/profile');
    await visit('partners', '/partners');

    const violations = [...findings.list(), ...(await guestPages({ browser, locale }))];
    expect(violations, violations.join('\n')).toEqual([]);
  });
}

test('no serious or critical axe violations at phone width (en)', async ({ browser, request }) => {
  const t = texts('en');
  const { user, auth, campaign } = shared.account;
  const saved = await request.put('/api/user', { headers: auth, data: { locale: 'en' } });
  expect(saved.status(), await saved.text()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const findings = new Findings();
  await page.goto('/en/login');
  await settled(page.getByRole('heading', { level: 1 }).first());
  await findings.scan(page, 'phone login');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/en$/);
  await settled(page.getByRole('heading', { level: 1 }).first());
  await findings.scan(page, 'phone dashboard');
  await page.getByRole('button', { name: t.shell.openMenu }).click();
  await settled(page.getByRole('dialog'));
  await findings.scan(page, 'phone menu');
  await page.keyboard.press('Escape');
  await page.goto(`/en/campaign/active/1/${campaign}`);
  await settled(page.getByRole('heading', { level: 1 }).first());
  await expect(page.locator('[data-link-row]')).toHaveCount(2);
  await findings.scan(page, 'phone campaign page');
  await page.goto('/en/profile');
  await settled(page.getByRole('heading', { level: 1 }).first());
  await findings.scan(page, 'phone profile');
  await context.close();
  expect(findings.list(), findings.list().join('\n')).toEqual([]);
});
