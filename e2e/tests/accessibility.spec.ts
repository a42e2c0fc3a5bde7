import { expect, type Page, test } from '@playwright/test';
import { TaskStatus } from '../../packages/shared/src/constants.ts';
import { type Account, Findings, finished, makeAccount, settled } from './axe.ts';
import { LOCALES, texts } from './i18n.ts';
import { logIn } from './support.ts';

// issue 10: axe on every signed-in page and modal in en, ru and ua, at desktop and phone width; one account
// per language (its own language), made through the API with its checks run once. Guest pages: accessibility-guest.
for (const locale of LOCALES) {
  test.describe(`axe, signed in (${locale})`, () => {
    const t = texts(locale);
    let account: Account;
    let page: Page;

    test.beforeAll(async ({ browser, request }) => {
      account = await makeAccount(request, locale);
      page = await (await browser.newContext()).newPage();
      await page.goto(`/${locale}/login`);
      await logIn(page, account.user);
      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    });

    test.afterAll(async () => {
      await page?.context().close();
    });

    const h1 = () => page.getByRole('heading', { level: 1 }).first();
    const rows = () => page.locator('[data-link-row]');
    const campaignPath = () => `/${locale}/campaign/active/1/${account.campaign}`;

    test('pages', async ({ request }) => {
      test.setTimeout(180_000);
      const findings = new Findings();
      const visit = async (where: string, path: string, ready?: () => Promise<void>) => {
        await page.goto(`/${locale}${path}`);
        await settled(h1());
        await ready?.();
        await findings.scan(page, `${locale} ${where}`);
      };
      await finished(request, account);
      await visit('dashboard', '');
      await visit('project page', `/project/active/1/${account.project}`);
      await visit('campaign page', `/campaign/active/1/${account.campaign}`, () =>
        expect(rows()).toHaveCount(6),
      );
      await visit('index history', `/campaign/1/${account.campaign}/index-history`, () =>
        expect(page.locator('main tbody tr').first()).toBeVisible(),
      );
      await visit('donor domains', `/campaign/1/${account.campaign}/domains`, () =>
        expect(page.locator('main tbody tr').first()).toBeVisible(),
      );
      await visit('anchors', `/anchors/${account.project}/1`, () =>
        expect(page.locator('main tbody tr').first()).toBeVisible(),
      );
      await visit('tasks', '/tasks', () => expect(page.locator('[data-task-id]').first()).toBeVisible());
      await visit('report, an item open', '/report', async () => {
        await page.locator('[data-report-link] button[aria-expanded]').first().press('Enter');
        await expect(page.locator('[data-change]').first()).toBeVisible();
      });
      await visit('schedule', '/schedule', () =>
        expect(page.locator('[data-schedule-row]').first()).toBeVisible(),
      );
      await visit('search', '/search?q=demo', () => expect(rows().first()).toBeVisible());
      await visit('profile', '/profile');
      await visit('balance', '/balance', () => expect(page.locator('tr[data-type]').first()).toBeVisible());
      await visit('partners', '/partners');
      findings.expectNone();
    });

    test('dialogs', async () => {
      test.setTimeout(180_000);
      const findings = new Findings();
      const modal = async (where: string, open: () => Promise<void>) => {
        await open();
        // A confirmation is an alertdialog.
        const dialogs = page.locator('[role="dialog"], [role="alertdialog"]');
        await settled(dialogs.last());
        await findings.scan(page, `${locale} ${where}`, '[role="dialog"], [role="alertdialog"]');
        // An open list inside the dialog takes the first Escape.
        await expect(async () => {
          await page.keyboard.press('Escape');
          await expect(dialogs).toHaveCount(0, { timeout: 1_000 });
        }).toPass();
      };
      await page.goto(`/${locale}`);
      await settled(h1());
      const create = page.getByRole('button', { name: t.shell.createCampaign }).first();
      await modal('create project', () => create.click());
      await modal('create campaign', async () => {
        await create.click();
        await page.getByRole('tab', { name: t.shell.create.existingProject }).click();
      });

      await page.goto(campaignPath());
      await settled(h1());
      await expect(rows()).toHaveCount(6);
      await modal('link side panel', async () => {
        await rows().first().getByRole('button').first().click();
        await expect(page.getByRole('heading', { name: t.linksUi.panel.indexingOptions })).toBeVisible();
      });
      await modal('comment', () =>
        page.getByRole('button', { name: t.linksUi.table.addComment }).first().click(),
      );
      await modal('upload links', () =>
        page.getByRole('button', { name: t.linksUi.toolbar.upload }).first().click(),
      );
      await modal('export', () =>
        page.getByRole('button', { name: t.linksUi.toolbar.export }).first().click(),
      );
      await modal('settings', () =>
        page.getByRole('button', { name: t.linksUi.toolbar.settings }).first().click(),
      );
      for (const action of ['2', '1'] as const) {
        await modal(`start check (action ${action})`, () =>
          page.getByRole('button', { name: new RegExp(t.tasks.actions[action]) }).click(),
        );
      }

      // The links table's bulk actions: the cost of a check (the same dialog for both checks), an indexing
      // request's confirmation, the move with its campaigns listed, and the removal.
      await rows().nth(0).getByRole('checkbox').check();
      await rows().nth(1).getByRole('checkbox').check();
      const bulk = page.getByRole('region', { name: t.linksUi.bulk.action });
      await findings.scan(page, `${locale} bulk bar`, 'main');
      for (const action of ['checkIndexing', 'addToIndex', 'remove']) {
        await modal(`bulk ${action}`, async () => {
          await bulk.getByRole('combobox').selectOption(action);
          await bulk.getByRole('button', { name: t.linksUi.bulk.apply }).click();
          // The paid ones enable their Start button when the cost arrives: scanned before its colour's
          // transition ended, the button read as white on the disabled shade (3.12:1) in one CI run.
          if (action !== 'remove')
            await expect(page.getByRole('dialog').getByTestId('task-cost')).toBeVisible();
        });
      }
      await modal('bulk move, campaigns listed', async () => {
        await bulk.getByRole('combobox').selectOption('move');
        await bulk.getByRole('button', { name: t.linksUi.bulk.apply }).click();
        await page.getByRole('dialog').getByRole('combobox').click();
        await expect(page.getByRole('option', { name: /Archive/ })).toBeVisible();
      });

      // A task shown as running (the list's answer says so) offers Cancel and asks before it cancels.
      await page.route('**/api/actions?*', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        if (body.data?.[0]) body.data[0].attributes.statusId = TaskStatus.Process;
        await route.fulfill({ response, json: body });
      });
      await page.goto(`/${locale}/tasks`);
      await settled(h1());
      await modal('cancel a task', () =>
        page.getByRole('button', { name: t.tasksUi.cancel.button }).first().click(),
      );
      // Waits for a list request still in the handler (the page polls): unrouted mid-way, its fulfil threw
      // "Route is already handled" (two CI runs' retries, ru and ua).
      await page.unrouteAll({ behavior: 'wait' });
      await modal('start check (tasks page)', () =>
        page.getByRole('button', { name: t.tasksUi.startCheck }).first().click(),
      );
      await page.goto(`/${locale}/balance`);
      await settled(h1());
      // The demo has every method on: crypto shows the additional list (coins) and the network choice.
      await modal('payment method, crypto chosen', async () => {
        await page.getByRole('button', { name: t.balanceUi.topUp.submit }).click();
        await page.getByRole('radio', { name: new RegExp(t.payments.methods.crypto) }).click();
        await expect(page.getByLabel(t.balanceUi.pay.network)).toBeVisible();
      });
      findings.expectNone();
    });

    test('phone width', async ({ browser }) => {
      test.setTimeout(180_000);
      const findings = new Findings();
      const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      const visit = async (where: string, path: string, ready?: () => Promise<void>) => {
        await phone.goto(`/${locale}${path}`);
        await settled(phone.getByRole('heading', { level: 1 }).first());
        await ready?.();
        await findings.scan(phone, `${locale} phone ${where}`);
      };
      await visit('login', '/login');
      await logIn(phone, account.user);
      await expect(phone).toHaveURL(new RegExp(`/${locale}$`));
      await settled(phone.getByRole('heading', { level: 1 }).first());
      await findings.scan(phone, `${locale} phone dashboard`);
      await phone.getByRole('button', { name: t.shell.openMenu }).click();
      await settled(phone.getByRole('dialog'));
      await findings.scan(phone, `${locale} phone menu`);
      await phone.keyboard.press('Escape');
      await visit('campaign page', `/campaign/active/1/${account.campaign}`, () =>
        expect(phone.locator('[data-link-row]')).toHaveCount(6),
      );
      await visit('tasks', '/tasks', () => expect(phone.locator('[data-task-id]').first()).toBeVisible());
      await visit('report', '/report', () =>
        expect(phone.locator('[data-report-link]').first()).toBeVisible(),
      );
      await visit('profile', '/profile');
      await visit('balance', '/balance', () => expect(phone.getByTestId('balance-now')).toBeVisible());
      await phone.context().close();
      findings.expectNone();
    });
  });
}
