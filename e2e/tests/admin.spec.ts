import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { Findings, makeAccount, settled } from './axe.ts';
import { fill, texts } from './i18n.ts';
import { createConfirmedUser, expectNotice, logIn, newUser } from './support.ts';

/**
 * The operator console (issue 28): an operator finds a customer, credits them, sets their price and
 * the service warning, and the customer sees each; then a session acting as the customer, start to end.
 */

const t = texts('en');

// Two browsers, a login each and several pages on a 2-core machine shared with the server and its worker.
test.describe.configure({ timeout: 180_000 });

/** The operator the demo seeds beside the demo customer (playwright.config.ts sets DEMO=1). */
async function operatorAccount(): Promise<{ email: string; password: string }> {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.txt');
  let text = '';
  await expect
    .poll(async () => (text = await readFile(file, 'utf8').catch(() => '')), { message: file })
    .toContain('operator:');
  const read = (name: string) => text.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1].trim() ?? '';
  return { email: read('operator'), password: read('password') };
}

async function signedIn(browser: Browser, account: { email: string; password: string }, at: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/en/login?redirect=${encodeURIComponent(at)}`);
  await logIn(page, account);
  await expect(page).toHaveURL(new RegExp(`${at.replace(/\//g, '\\/')}$`), { timeout: 30_000 });
  return page;
}

/** A confirm dialog of the console: the reason typed, then its button. */
async function confirmWithReason(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.admin.common.reason).fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** The console's own tabs (the sidebar has links named like some of them). */
const consoleNav = (page: Page) => page.getByRole('navigation', { name: t.admin.nav.label });

/** Site settings: the warning written and saved (the operator is on the settings page). */
async function saveWarning(page: Page, text: string) {
  await page.getByLabel(t.admin.settings.warning).fill(text);
  await page.getByRole('button', { name: t.admin.common.save }).click();
  await expectNotice(page, t.admin.settings.saved);
}

/** Prices: an action's common price saved (the operator is on the prices page). */
async function setCommonPrice(page: Page, action: keyof typeof t.tasks.actions, price: string) {
  const row = page.locator(`tr[data-action="${action}"]`);
  // Typed right after the previous save: the prices read again after it keep what is typed (PriceInput).
  await row.getByRole('textbox').fill(price);
  await row.getByRole('button', { name: t.admin.common.save }).click();
  await expectNotice(page, fill(t.admin.prices.saved, { action: t.tasks.actions[action], price }));
}

test('an operator credits a customer, sets their price and the warning, and the customer sees them', async ({
  browser,
  request,
}) => {
  // Two live pushes, two price changes and the audit: longer than the others on a loaded machine.
  test.setTimeout(300_000);
  const customer = newUser('en');
  await createConfirmedUser(request, customer);
  const shopper = await signedIn(browser, customer, '/en/balance');
  const chip = shopper.getByTestId('balance-chip');
  await expect(chip).toBeVisible();

  const operator = await signedIn(browser, await operatorAccount(), '/en/profile');
  await operator.getByRole('button', { name: new RegExp(t.shell.account) }).click();
  await operator.getByRole('menuitem', { name: t.admin.nav.console }).click();
  await expect(operator).toHaveURL(/\/en\/admin$/);
  await expect(operator.getByRole('heading', { name: t.admin.users.title, level: 1 })).toBeVisible();

  // Find the customer and open their page.
  await operator.getByRole('searchbox', { name: t.admin.users.search }).fill(customer.email);
  await operator.getByRole('button', { name: t.admin.users.search }).click();
  await expect(operator).toHaveURL(/q=/);
  await operator.getByRole('link', { name: customer.email }).click();
  await expect(operator.getByRole('heading', { name: customer.email, level: 1 })).toBeVisible();

  // Credits, with the reason the ledger keeps: the customer's balance follows at once, without a reload.
  // (A new account starts with its welcome credits.)
  const balance = operator.getByTestId('customer-balance');
  await expect(balance).toContainText(/\d/);
  const after = String(Number((await balance.textContent())?.replace(/\D/g, '')) + 500);
  await operator.getByRole('button', { name: t.admin.customer.credits.open }).click();
  const credits = operator.getByRole('dialog');
  await credits.getByLabel(t.admin.customer.credits.amount).fill('500');
  await credits.getByLabel(t.admin.common.reason).fill('Goodwill for the outage');
  await credits.getByRole('button', { name: t.admin.customer.credits.submit }).click();
  await expectNotice(operator, fill(t.admin.customer.credits.done, { balance: after }));
  await expect(balance).toContainText(after);
  await expect(chip).toContainText(after);

  // An individual price for backlink checks.
  const row = operator.locator('tr[data-action="2"]');
  await row.getByRole('textbox').fill('3');
  await row.getByRole('button', { name: t.admin.common.save }).click();
  await expectNotice(operator, t.admin.common.saved);

  // The customer's page shows their own price at once, without a reload (PricesChanged).
  const price = shopper.locator('[data-testid="action-prices"] [data-action="2"]');
  await expect(price).toHaveAttribute('data-custom-price', 'true');
  await expect(price).toContainText('3');

  // The service warning: the customer's open page shows the banner live (SettingsChanged).
  await operator.getByRole('link', { name: t.admin.nav.settings }).click();
  const warning = `Maintenance tonight ${Date.now()}`;
  await saveWarning(operator, warning);
  const banner = shopper.getByRole('status').filter({ hasText: warning });
  await expect(banner).toBeVisible();
  // Dismissed, it stays away; a new text shows again, still without a reload.
  await shopper.getByRole('button', { name: t.shell.banner.dismiss }).click();
  await expect(banner).toBeHidden();
  const second = `Maintenance moved ${Date.now()}`;
  await saveWarning(operator, second);
  await expect(shopper.getByRole('status').filter({ hasText: second })).toBeVisible();

  // A common price change shows live too: "Add to disallow" (free by default, used by no other spec)
  // costs 1 for a moment, then is free again.
  await operator.getByRole('link', { name: t.admin.nav.prices }).click();
  const disallow = shopper.locator('[data-testid="action-prices"] [data-action="13"]');
  await expect(disallow).toHaveCount(0);
  await setCommonPrice(operator, '13', '1');
  await expect(disallow).toContainText('1');
  await setCommonPrice(operator, '13', '0');
  await expect(disallow).toHaveCount(0);

  // Every change is in the audit log, with its reason.
  await operator.getByRole('link', { name: t.admin.nav.audit }).click();
  await expect(operator.getByRole('cell', { name: 'Goodwill for the outage' })).toBeVisible();
  await expect(operator.locator('[data-audit-kind="settings.update"]').first()).toBeVisible();

  // No banner left for the other specs.
  await operator.getByRole('link', { name: t.admin.nav.settings }).click();
  await saveWarning(operator, '');
  await shopper.context().close();
  await operator.context().close();
});

test('an operator acts as a customer with a banner on every page, and leaves', async ({
  browser,
  request,
}) => {
  const customer = newUser('en');
  await createConfirmedUser(request, customer);
  const operator = await signedIn(browser, await operatorAccount(), '/en/admin');
  await operator.getByRole('searchbox', { name: t.admin.users.search }).fill(customer.email);
  await operator.getByRole('button', { name: t.admin.users.search }).click();
  await operator.getByRole('link', { name: customer.email }).click();

  await operator.getByRole('button', { name: t.admin.customer.act.open }).click();
  await confirmWithReason(operator, t.admin.customer.act.confirm, 'Ticket 4711: cannot find the project');
  const banner = operator.getByTestId('acting-banner');
  await expect(banner).toContainText(customer.email);
  await expect(operator.getByRole('button', { name: new RegExp(t.shell.account) })).toContainText(
    customer.name,
  );

  // The banner stays on every page of the customer's.
  await operator.goto('/en/tasks');
  await expect(banner).toBeVisible();
  // The acting session is the customer's: the console answers it with the 403 page.
  await operator.goto('/en/admin');
  await expect(operator.getByText(t.status.error.forbidden)).toBeVisible({ timeout: 30_000 });

  await banner.getByRole('button', { name: t.admin.acting.leave }).click();
  await expect(operator).toHaveURL(/\/en\/admin\/users\/\d+$/);
  await expect(banner).toBeHidden();
  await expect(operator.getByRole('heading', { name: customer.email, level: 1 })).toBeVisible();

  await operator.getByRole('link', { name: t.admin.nav.audit }).click();
  await expect(operator.locator('[data-audit-kind="impersonation.start"]').first()).toBeVisible();
  await expect(operator.locator('[data-audit-kind="impersonation.end"]').first()).toBeVisible();
  await operator.context().close();
});

test('a customer opening the console gets the 403 page', async ({ page, request }) => {
  const customer = newUser('en');
  await createConfirmedUser(request, customer);
  await page.goto('/en/login?redirect=/en/admin/audit');
  await logIn(page, customer);
  await expect(page.getByText(t.status.error.forbidden)).toBeVisible();
  await page.getByRole('button', { name: new RegExp(t.shell.account) }).click();
  await expect(page.getByRole('menuitem', { name: t.admin.nav.console })).toHaveCount(0);
});

test('an operator works in the tasks, partners and wiki sections', async ({ browser, request }) => {
  const account = await makeAccount(request, 'en');
  const operator = await signedIn(browser, await operatorAccount(), '/en/admin');

  // Tasks: the customer's tasks by e-mail (the filter goes into the URL); workers and providers below.
  await consoleNav(operator).getByRole('link', { name: t.admin.nav.tasks }).click();
  await expect(operator.getByRole('heading', { name: t.admin.tasks.title, level: 1 })).toBeVisible();
  await operator.getByRole('searchbox', { name: t.admin.tasks.filterUser }).fill(account.user.email);
  await operator.getByRole('button', { name: t.admin.tasks.filterUser }).click();
  await expect(operator).toHaveURL(/[?&]user=/);
  // Its checks run for a few seconds: either still listed, or ended and gone from the list.
  await expect(
    operator
      .getByRole('cell', { name: account.user.email })
      .or(operator.getByText(t.admin.tasks.emptyFiltered))
      .first(),
  ).toBeVisible();
  await expect(
    operator
      .getByRole('table', { name: t.admin.tasks.workers.title })
      .or(operator.getByText(fill(t.admin.tasks.workers.empty, { minutes: '10' })))
      .first(),
  ).toBeVisible();

  // Partners: the programme's minimum saved as it is.
  await consoleNav(operator).getByRole('link', { name: t.admin.nav.partners }).click();
  await expect(operator.getByRole('heading', { name: t.referral.admin.title, level: 1 })).toBeVisible();
  await expect(operator.getByRole('region', { name: t.referral.admin.payouts })).toBeVisible();
  const minimum = operator.getByLabel(t.referral.admin.minPayout);
  await expect(minimum).not.toHaveValue('');
  await minimum.locator('xpath=ancestor::form').getByRole('button', { name: t.referral.admin.save }).click();
  await expectNotice(operator, t.referral.admin.saved);

  // Wiki: a new draft (readers never see a draft).
  await consoleNav(operator).getByRole('link', { name: t.admin.nav.wiki }).click();
  await expect(operator.getByRole('heading', { name: t.wiki.admin.title, level: 1 })).toBeVisible();
  await operator.getByRole('button', { name: t.wiki.admin.new }).click();
  await operator.getByLabel(t.wiki.admin.fields.title, { exact: true }).fill(`Console draft ${Date.now()}`);
  await operator.getByRole('button', { name: t.wiki.admin.save }).click();
  await expectNotice(operator, t.wiki.admin.saved);
  await expect(operator.getByRole('button', { name: t.wiki.admin.publish })).toBeHidden();
  await operator.context().close();
});

test('axe finds nothing serious on the console’s pages in Ukrainian', async ({ browser, request }) => {
  const customer = newUser('ua');
  await createConfirmedUser(request, customer);
  const ua = texts('ua');
  const operator = await signedIn(browser, await operatorAccount(), '/ua/admin');
  await operator.getByRole('searchbox', { name: ua.admin.users.search }).fill(customer.email);
  await operator.getByRole('button', { name: ua.admin.users.search }).click();
  await operator.getByRole('link', { name: customer.email }).click();
  await expect(operator.getByRole('heading', { name: customer.email, level: 1 })).toBeVisible();
  const customerPath = new URL(operator.url()).pathname;

  const findings = new Findings();
  const h1 = () => operator.getByRole('heading', { level: 1 }).first();
  const pages: [string, string][] = [
    ['customers', '/ua/admin'],
    ['customer', customerPath],
    ['prices', '/ua/admin/prices'],
    ['settings', '/ua/admin/settings'],
    ['tasks', '/ua/admin/tasks'],
    ['partners', '/ua/admin/partners'],
    ['wiki', '/ua/admin/wiki'],
    ['audit', '/ua/admin/audit'],
  ];
  for (const [where, path] of pages) {
    await operator.goto(path);
    await settled(h1());
    await expect(operator.locator('[aria-busy="true"]')).toHaveCount(0);
    await findings.scan(operator, `ua ${where}`);
  }
  // A dialog of the customer's page, scanned on its own.
  await operator.goto(customerPath);
  await settled(h1());
  await operator.getByRole('button', { name: ua.admin.customer.credits.open }).click();
  await settled(operator.getByRole('dialog'));
  await findings.scan(operator, 'ua credits dialog', '[role="dialog"]');
  findings.expectNone();
  await operator.context().close();
});
