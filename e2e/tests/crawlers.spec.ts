import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { Findings, settled } from './axe.ts';
import { createProject, signedIn } from './projectHelpers.ts';
import { expectNotice } from './support.ts';

const PAGES = [
  'https://blog.example.org/review',
  'https://news.example.org/shops',
  'https://forum.example.org/t/42',
];
const csvOf = (lines: string[]) => ({
  name: 'backlinks.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.map((url, i) => `${url},2026-03-0${i + 1}`).join('\n')}\n`),
});

async function importFile(page: Page, file: ReturnType<typeof csvOf>) {
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Import crawler data' });
  await expect(modal.getByRole('radio', { name: /Backlink database/ })).toBeChecked();
  await modal.locator('input[type="file"]').setInputFiles(file);
  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  const result = modal.getByTestId('import-result');
  await expect(result).toBeVisible();
  return { modal, result };
}

const row = (page: Page, url: string) =>
  page.getByRole('table', { name: 'Crawler data' }).locator(`tr[data-crawler="${url}"]`);

test('import a backlink list twice (one link gone is RIP), add untracked pages to a campaign (one, then two ticked), export', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, request);
  await createProject(page, { domains: ['shop.example'], projectName: 'Shop', campaignName: 'Reviews' });

  // From the sidebar's project list to the project's crawler data.
  await page.getByRole('button', { name: 'Projects' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Shop', exact: true }) })
    .getByRole('link', { name: 'Crawler data' })
    .click();
  await expect(page).toHaveURL(/\/en\/crawlers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crawler data: Shop' })).toBeVisible();
  await expect(page.getByText(/No crawler data yet — import an export from/)).toBeVisible();

  // The import modal opens from the keyboard and is read without serious axe findings.
  const findings = new Findings();
  await page.getByRole('button', { name: 'Import', exact: true }).first().focus();
  await page.keyboard.press('Enter');
  const importDialog = page.getByRole('dialog', { name: 'Import crawler data' });
  await settled(importDialog);
  await findings.scan(page, 'import modal', '[role="dialog"]');
  if (process.env.CRAWLERS_SHOTS)
    await page.screenshot({ path: path.join(process.env.CRAWLERS_SHOTS, 'import-modal.png') });
  await page.keyboard.press('Escape');
  await expect(importDialog).toBeHidden();

  // First import: every page is New.
  let { modal, result } = await importFile(page, csvOf(PAGES));
  await expect(result.getByText('3 rows read')).toBeVisible();
  await expect(result.getByText('3 new')).toBeVisible();
  await modal.getByRole('button', { name: 'Done' }).click();
  const counts = page.getByRole('list', { name: 'Crawler records by status' });
  await expect(counts.locator('[data-count="new"]')).toContainText('3');
  for (const url of PAGES) await expect(row(page, url)).toContainText('New');

  // Second import of the same source without the forum page: it is RIP, the others Active.
  ({ modal, result } = await importFile(page, csvOf(PAGES.slice(0, 2))));
  await expect(result.getByText('2 seen again')).toBeVisible();
  await expect(result.getByText('1 no longer seen (RIP)')).toBeVisible();
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(counts.locator('[data-count="active"]')).toContainText('2');
  await expect(counts.locator('[data-count="rip"]')).toContainText('1');
  await expect(row(page, PAGES[2])).toContainText('RIP');
  await expect(row(page, PAGES[2]).getByTitle(/^RIP since /)).toBeVisible();
  await expect(row(page, PAGES[0])).toContainText('Active');

  // The RIP card filters the table to that one record, and back.
  await counts.locator('[data-count="rip"]').click();
  await expect(page).toHaveURL(/status=3/);
  await expect(row(page, PAGES[0])).toHaveCount(0);
  await expect(row(page, PAGES[2])).toBeVisible();
  await counts.locator('[data-count="rip"]').click();
  await expect(row(page, PAGES[0])).toBeVisible();

  // An untracked page becomes a link of the campaign in one step.
  await row(page, PAGES[0])
    .getByRole('button', { name: `Add ${PAGES[0].replace('https://', '')} to a campaign` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add 1 link to a campaign' });
  await settled(dialog);
  await findings.scan(page, 'add to campaign', '[role="dialog"]');
  await dialog.getByLabel('Campaign').selectOption({ label: 'Reviews · Tier 1' });
  await dialog.getByRole('button', { name: 'Add links' }).click();
  await expectNotice(page, '1 added, 0 already there.');
  await expect(row(page, PAGES[0]).getByText('Reviews')).toBeVisible();
  await expect(row(page, PAGES[1]).getByRole('button', { name: /to a campaign/ })).toBeVisible();

  // The other two in one step, ticked: the bulk bar adds them to the campaign.
  for (const url of PAGES.slice(1))
    await row(page, url)
      .getByRole('checkbox', { name: `Select ${url.replace('https://', '')}` })
      .check();
  const bar = page.getByRole('region', { name: 'Selected crawler records' });
  await expect(bar).toContainText('2 records selected');
  if (process.env.CRAWLERS_SHOTS)
    await page.screenshot({ path: path.join(process.env.CRAWLERS_SHOTS, 'bulk-bar.png'), fullPage: true });
  await bar.getByRole('button', { name: 'Add to campaign' }).click();
  const bulk = page.getByRole('dialog', { name: 'Add 2 links to a campaign' });
  await bulk.getByLabel('Campaign').selectOption({ label: 'Reviews · Tier 1' });
  await bulk.getByRole('button', { name: 'Add links' }).click();
  await expectNotice(page, '2 added, 0 already there.');
  await expect(bar).toBeHidden();
  for (const url of PAGES) await expect(row(page, url).getByText('Reviews')).toBeVisible();

  // Export: the file is named after the project and has every record.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('crawler_Shop.csv');
  const csv = await readFile(await download.path(), 'utf8');
  for (const url of PAGES) expect(csv).toContain(url);

  // The tracked page's link panel tells what the crawlers say of it.
  const crawlersUrl = new URL(page.url()).pathname.replace(/^\/en/, '');
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Shop' }).click();
  await page.getByRole('button', { name: `Open details of ${PAGES[0].replace('https://', '')}` }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('list', { name: 'Crawler data' })).toContainText(
    /Active\s*Seen by Backlink database since/,
  );
  await page.keyboard.press('Escape');

  // The pages in every language and at phone width (also saved for a look: CRAWLERS_SHOTS=dir).
  const headings = { en: 'Crawler data: Shop', ru: 'Данные краулеров: Shop', ua: 'Дані краулерів: Shop' };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [locale, heading] of Object.entries(headings)) {
      await page.goto(`/${locale}${crawlersUrl}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(PAGES[1].replace('https://', '')).first()).toBeVisible();
      // The chart draws once it is in view (below the fold on a phone).
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.locator('[data-tick-x]').first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      // Nothing wider than the screen: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await findings.scan(page, `${locale} at ${width} px`);
      if (process.env.CRAWLERS_SHOTS)
        await page.screenshot({
          path: path.join(process.env.CRAWLERS_SHOTS, `${locale}-${width}.png`),
          fullPage: true,
        });
    }
  }
  findings.expectNone();
});

test('load from Ahrefs (the demo’s stand-in): the cost and units first, then the pulled records', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, request);
  await createProject(page, { domains: ['demo-shop.com'], projectName: 'Demo', campaignName: 'Reviews' });
  // From the project page's header to its crawler data.
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Demo', exact: true })
    .click();
  await page.getByRole('link', { name: 'Crawler data' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crawler data: Demo' })).toBeVisible();

  await page.getByRole('button', { name: 'Load from Ahrefs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load backlinks from Ahrefs' });
  await expect(dialog.getByTestId('ahrefs-cost')).toContainText(
    /^Cost: \d+ credits? for the pull, whatever the number of backlinks \(your balance: [\d,]+ credits\)\.$/,
  );
  await expect(dialog.getByTestId('ahrefs-units')).toContainText(/reports about \d+ backlinks/);
  if (process.env.CRAWLERS_SHOTS)
    await page.screenshot({ path: path.join(process.env.CRAWLERS_SHOTS, 'ahrefs-dialog.png') });
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
  await expectNotice(page, 'Loading from Ahrefs finished: the records are up to date.');
  await expect(
    page.getByRole('table', { name: 'Crawler data' }).locator('tr[data-crawler*="/news/roundup"]'),
  ).toContainText('New');
});
