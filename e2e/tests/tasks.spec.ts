import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { logIn } from './support.ts';

/** The demo account the server seeds on its fresh data directory (playwright.config.ts sets DEMO=1). */
async function demoAccount(): Promise<{ email: string; password: string }> {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.txt');
  let text = '';
  await expect
    .poll(async () => (text = await readFile(file, 'utf8').catch(() => '')), { message: file })
    .toContain('password:');
  const read = (name: string) => text.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1].trim() ?? '';
  return { email: read('email'), password: read('password') };
}

test('starts a check and watches the progress bar reach 100% and the report count rise', async ({ page }) => {
  const t = texts('en');
  const account = await demoAccount();
  await page.goto('/en/login?redirect=/en/tasks');
  await logIn(page, account);
  await expect(page).toHaveURL(/\/en\/tasks$/);

  // A fresh account has no tasks and no new reports yet.
  await expect(page.getByRole('heading', { name: t.tasksUi.empty.title })).toBeVisible();
  const nav = page.getByRole('navigation', { name: t.shell.nav.label });
  const reportsLink = nav.getByRole('link', { name: new RegExp(t.shell.nav.reports) });
  await expect(reportsLink).not.toContainText(/\d/);

  // Project → campaign → the cost against the balance → start.
  await page.getByRole('button', { name: t.tasksUi.startCheck }).first().click();
  const dialog = page.getByRole('dialog', { name: t.tasksUi.dialog.title });
  await dialog.getByLabel(t.tasksUi.dialog.project).selectOption({ label: 'Demo Shop' });
  const campaign = dialog.getByLabel(t.tasksUi.dialog.campaign);
  await expect(campaign.locator('option')).toHaveCount(2);
  await campaign.selectOption({ index: 1 });
  const cost = dialog.getByTestId('check-cost');
  await expect(cost).toContainText(t.tasksUi.dialog.links);
  await expect(cost).toContainText(fill(t.tasksUi.cost.credits_other, { value: '1,000' }));
  await dialog.getByRole('button', { name: t.tasksUi.dialog.submit }).click();
  await expect(page.locator('[data-kind]').filter({ hasText: t.tasksUi.dialog.started })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The row appears and its bar, fed by the socket, reaches 100 % with the task done.
  const row = page.locator('tr[data-task-id]').first();
  await expect(row).toContainText(t.tasks.actions['2']);
  const bar = row.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
  await expect(row.locator('[data-status]')).toHaveText(t.tasks.statuses['1'], { timeout: 15_000 });
  await expect(row).toContainText('10 of 10 links');

  // The finished task's notice arrives live, and the sidebar's report count rises without a reload.
  await expect(page.locator('[data-kind="success"]').filter({ hasText: t.tasks.actions['2'] })).toBeVisible();
  await expect(reportsLink).toContainText('1');

  // The report lists what the first check found; viewing it marks it seen and the count drops.
  await row.getByRole('link', { name: t.tasksUi.reportReady }).click();
  await expect(page).toHaveURL(/\/en\/report\?project=\d+/);
  const items = page.locator('[data-report-link]');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThan(3);
  await expect(items.filter({ hasText: t.reports.changesTypes.found }).first()).toBeVisible();
  await expect(reportsLink).not.toContainText(/\d/);

  await items
    .first()
    .getByRole('button', { name: /Show changes/ })
    .click();
  await expect(items.first().locator('[data-change]').first()).toBeVisible();
});
