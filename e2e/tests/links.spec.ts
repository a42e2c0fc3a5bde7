import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { createProject, signedIn } from './projectHelpers.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const LINKS = Array.from({ length: 60 }, (_, i) => `https://donor-${i + 1}.example.net/post-${i + 1}`);

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  await page.getByRole('button', { name: 'Upload links' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Upload links' });
  await modal.locator('input[type="file"]').setInputFiles(file);
  await modal.getByRole('button', { name: 'Upload', exact: true }).click();
  // An xlsx is read in a worker thread booted for it (tsx and the xlsx library load first: half a second
  // on a quiet machine); in CI, beside two browsers, the dialog still said "Reading the file…" at 10 s.
  await expect(modal.getByText('Upload finished')).toBeVisible({ timeout: 30_000 });
  return modal;
}

const figure = (modal: ReturnType<Page['getByRole']>, key: string) => modal.locator(`[data-figure="${key}"]`);

test('upload txt and xlsx, filter and page the table, move links to history and back, export a CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, request);
  await createProject(page, { domains: ['acceptor.example.com'], campaignName: 'Outreach' });

  // txt: 60 links, one repeated line and one broken line.
  const txt = [...LINKS, LINKS[0], 'definitely not a url'].join('\n');
  let modal = await upload(page, { name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(txt) });
  await expect(figure(modal, 'added')).toContainText('60');
  await expect(figure(modal, 'duplicates')).toContainText('1');
  await expect(figure(modal, 'invalid')).toContainText('1');
  await expect(modal.getByRole('row', { name: /62 definitely not a url/ })).toBeVisible();
  await modal.getByRole('button', { name: 'Done' }).click();

  // xlsx: the first column of the first sheet.
  modal = await upload(page, path.join(fixtures, 'links.xlsx'));
  await expect(figure(modal, 'added')).toContainText('3');
  await expect(figure(modal, 'invalid')).toContainText('1');
  await modal.getByRole('button', { name: 'Done' }).click();

  const range = page.getByTestId('links-range');
  await expect(range).toHaveText('1–50 of 63');
  await expect(page.getByRole('tab', { name: /Active/ })).toContainText('63');

  // Paging and page size.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(range).toHaveText('51–63 of 63');
  await page.getByLabel('Rows per page').selectOption('100');
  await expect(range).toHaveText('1–63 of 63');
  await expect(page.locator('[data-link-row]')).toHaveCount(63);

  // Filter by the query.
  await page.getByRole('searchbox', { name: 'Search by URL or title' }).fill('sheet-');
  await expect(range).toHaveText('1–3 of 3');
  await expect(page.locator('[data-link-row]')).toHaveCount(3);

  // Move two links to history (a task run by the worker), then back.
  await page.getByRole('checkbox', { name: 'Select sheet-one.test/a' }).check();
  await page.getByRole('checkbox', { name: 'Select sheet-two.test/b' }).check();
  await expect(page.getByText('2 links selected')).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Move to history' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.locator('[data-kind]').filter({ hasText: 'Task "Move to history" started for 2 links.' }),
  ).toBeVisible();
  await expect(range).toHaveText('1–1 of 1', { timeout: 20_000 });
  await expect(page.getByRole('tab', { name: /History/ })).toContainText('2');

  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page).toHaveURL(/\/campaign\/history\/1\/\d+/);
  await expect(page.locator('[data-link-row]')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Recover from history' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No links here yet')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: /Active/ }).click();
  await expect(page).toHaveURL(/\/campaign\/active\/1\/\d+/);
  await expect(page.getByRole('tab', { name: /Active/ })).toContainText('63');
  await expect(page.locator('[data-link-row]')).toHaveCount(50);

  // Export what the table shows (the filter "sheet-") as CSV and read it back.
  await page.getByRole('searchbox', { name: 'Search by URL or title' }).fill('sheet-');
  await expect(range).toHaveText('1–3 of 3');
  await page.getByRole('button', { name: 'Export' }).click();
  const exportModal = page.getByRole('dialog', { name: 'Export links' });
  await expect(exportModal.getByRole('radio', { name: /CSV/ })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await exportModal.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('export_Outreach.csv');
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines[0]).toContain('URL');
  for (const url of ['https://sheet-one.test/a', 'https://sheet-two.test/b', 'https://sheet-three.test/c'])
    expect(csv).toContain(url);
  expect(csv).not.toContain('donor-1.example.net');
});

test('links pasted by hand in the upload dialog, from the keyboard, are added like a file’s', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await createProject(page, { domains: ['acceptor.example.com'], campaignName: 'By hand' });
  await page.getByRole('button', { name: 'Upload links' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Upload links' });
  await modal.getByRole('tab', { name: 'Upload a file' }).focus();
  await page.keyboard.press('ArrowRight');
  const pasteTab = modal.getByRole('tab', { name: 'Paste links' });
  await expect(pasteTab).toHaveAttribute('aria-selected', 'true');
  await expect(pasteTab).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('textbox', { name: 'Links, one URL a line' })).toBeFocused();
  await page.keyboard.type([LINKS[0], LINKS[1], LINKS[0], 'definitely not a url'].join('\n'));
  await expect(modal.getByText('4 lines')).toBeVisible();
  await page.keyboard.press('Tab'); // Cancel
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('button', { name: 'Upload', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(modal.getByText('Upload finished')).toBeVisible();
  await expect(figure(modal, 'added')).toContainText('2');
  await expect(figure(modal, 'duplicates')).toContainText('1');
  await expect(figure(modal, 'invalid')).toContainText('1');
  await expect(modal.getByRole('row', { name: /4 definitely not a url/ })).toBeVisible();
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('links-range')).toHaveText('1–2 of 2');
  // The upload's task counts what it added and the invalid lines, not links "checked".
  await expect(page.getByText('2 links added')).toBeVisible();
  await expect(page.getByText('1 invalid line', { exact: true })).toBeVisible();
  await expect(page.getByText(/links? checked/)).toHaveCount(0);
});
