import { expect, type Page, test } from '@playwright/test';
import { ScheduleAction } from '../../packages/shared/src/constants.ts';
import { type Account, finished, makeAccount } from './axe.ts';
import { fill, texts } from './i18n.ts';
import { arrowTo, keyLogIn, retype, tabTo } from './keys.ts';
import { expectNotice } from './support.ts';

const t = texts('en');

// issue 10: the links table's bulk actions, export, the report's filters and the schedule with the
// keyboard alone (Tab, Shift+Tab, Enter, Space, arrows). One account, its checks run once.
let account: Account;
let page: Page;

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(90_000);
  account = await makeAccount(request, 'en');
  await finished(request, account);
  page = await (await browser.newContext()).newPage();
  await page.goto('/en/login');
  await keyLogIn(page, account.user);
  await expect(page).toHaveURL(/\/en$/);
});

test.afterAll(async () => {
  await page?.context().close();
});

const rows = () => page.locator('[data-link-row]');

test('selects rows with Space, moves two links and removes one with the keyboard', async () => {
  test.setTimeout(90_000);
  await page.goto(`/en/campaign/active/1/${account.campaign}`);
  await expect(rows()).toHaveCount(6);
  const box = (n: number) => rows().nth(n).getByRole('checkbox');
  for (const n of [0, 1]) {
    await tabTo(page, box(n));
    await page.keyboard.press('Space');
    await expect(box(n)).toBeChecked();
  }
  const bulk = page.getByRole('region', { name: t.linksUi.bulk.action });
  const action = bulk.getByRole('combobox');
  // The bar sits above the table: back up to it.
  await tabTo(page, action, { back: true });
  await arrowTo(action, 'move');
  await tabTo(page, bulk.getByRole('button', { name: t.linksUi.bulk.apply }));
  await page.keyboard.press('Enter');

  // The move dialog: type three letters of the campaign, pick it with the arrows, Move.
  const move = page.getByRole('dialog', { name: fill(t.linksUi.bulk.moveTitle_other, { value: '2' }) });
  await expect(move).toBeVisible();
  await tabTo(page, move.getByRole('combobox'));
  await page.keyboard.type('Arc');
  await expect(page.getByRole('option')).toHaveText([/Archive/]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(move.getByRole('combobox')).toHaveValue('Archive');
  await tabTo(page, move.getByRole('button', { name: t.linksUi.bulk.move, exact: true }));
  await page.keyboard.press('Enter');
  await expect(move).toBeHidden();
  await expect(rows()).toHaveCount(4, { timeout: 30_000 });

  // Remove one: its box, the action, Apply, then the confirmation's button.
  await tabTo(page, box(0));
  await page.keyboard.press('Space');
  await tabTo(page, action, { back: true });
  await arrowTo(action, 'remove');
  await tabTo(page, bulk.getByRole('button', { name: t.linksUi.bulk.apply }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', {
    name: fill(t.linksUi.bulk.removeTitle_one, { value: '1' }),
  });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: t.linksUi.bulk.actions.remove }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(rows()).toHaveCount(3, { timeout: 30_000 });
});

test('exports the links as XLSX with the keyboard', async () => {
  await page.goto(`/en/campaign/active/1/${account.campaign}`);
  await expect(rows().first()).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: t.linksUi.toolbar.export }));
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: t.linksUi.export.title });
  await expect(modal).toBeVisible();
  await tabTo(page, modal.getByRole('radio', { name: new RegExp(t.linksUi.export.csv) }));
  // Held a moment, as a finger does: Radix checks the radio the arrow moved to while the key is down.
  await page.keyboard.press('ArrowDown', { delay: 50 });
  await expect(modal.getByRole('radio', { name: new RegExp(t.linksUi.export.xls) })).toBeChecked();
  await tabTo(page, modal.getByRole('button', { name: t.linksUi.export.submit }));
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(modal).toBeHidden();
});

test('filters the report by change type with the keyboard and opens an item', async () => {
  await page.goto('/en/report');
  const items = page.locator('[data-report-link]');
  await expect(items.first()).toBeVisible();
  const type = page.getByLabel(t.reportsUi.filters.type, { exact: true });
  await tabTo(page, type);
  // Type-ahead picks "Found" in one key: stepping with the arrows raced the URL's update.
  await type.press('F');
  await expect(type).toHaveValue('found');
  await expect(page).toHaveURL(/type=found/);
  // The list re-renders after the URL changes: wait until no item of another type is left, then check each.
  await expect(items.filter({ hasNotText: t.reports.changesTypes.found })).toHaveCount(0);
  await expect(items.first()).toBeVisible();
  for (const item of await items.all()) await expect(item).toContainText(t.reports.changesTypes.found);
  const expand = items.first().locator('button[aria-expanded]');
  await tabTo(page, expand);
  await page.keyboard.press('Enter');
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  await expect(items.first().locator('[data-change]').first()).toBeVisible();
});

test('switches a schedule on and changes its period with the keyboard', async () => {
  await page.goto('/en/schedule');
  const row = page.locator(`[data-schedule-row="${account.campaign}-${ScheduleAction.AutoCheckBacklinks}"]`);
  const on = row.getByRole('switch');
  await tabTo(page, on);
  await page.keyboard.press('Space');
  await expect(on).toBeChecked();
  await tabTo(page, row.locator('input[name="interval"]'));
  await retype(page, '7');
  await tabTo(page, row.getByRole('button', { name: t.scheduleUi.save }));
  await page.keyboard.press('Enter');
  await expectNotice(page, t.scheduleUi.saved);
  await page.reload();
  await expect(on).toBeChecked();
  await expect(row.locator('input[name="interval"]')).toHaveValue('7');
});
