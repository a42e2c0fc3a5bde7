import { expect, test } from '@playwright/test';
import { Findings, finished, makeAccount, SAMPLE_PATHS, settled } from './axe.ts';
import { fill, texts } from './i18n.ts';
import { openSignedIn } from './support.ts';

const t = texts('en');

/**
 * An indexing request on the offline demo (its stand-in indexer): after a backlink and an index check of
 * the sample pages, only the two pages that answer 200, still link to the shop, may be indexed and are not
 * yet are sent (the deals page, twice under two addresses); the others are left out with their reasons
 * before anything is charged. Spread over 2 days, the request
 * sends one page now and the other tomorrow, so it stays in Process.
 */
test('asks to index only the pages that can be, shows the left-out ones by reason and spreads the rest over 2 days', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await makeAccount(request, 'en', [
    ...SAMPLE_PATHS,
    '/deals/sponsored',
    '/deals/sponsored?page=2',
  ]);
  await finished(request, account);
  await openSignedIn(page, account.user, `/en/campaign/active/1/${account.campaign}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.locator('[data-link-row]')).toHaveCount(8);

  // Offered beside the checks with its price per link (5 credits).
  await page.getByRole('checkbox', { name: t.linksUi.table.selectAll }).check();
  const perLink = fill(t.tasksUi.cost.price, { value: fill(t.tasksUi.cost.credits_other, { value: '5' }) });
  await page
    .getByRole('combobox', { name: t.linksUi.bulk.action })
    .selectOption({ label: `${t.linksUi.bulk.actions.addToIndex} · ${perLink}` });
  await page.getByRole('button', { name: t.linksUi.bulk.apply }).click();

  const dialog = page.getByRole('dialog', { name: t.linksUi.bulk.actions.addToIndex });
  const summary = dialog.getByTestId('task-cost');
  const line = (label: string) =>
    summary.locator('div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(line(t.linksUi.addToIndex.selected).locator('dd')).toHaveText('8');
  await expect(line(t.linksUi.addToIndex.leftOut).locator('dd')).toHaveText('6');
  await expect(line(t.linksUi.addToIndex.sent).locator('dd')).toHaveText('2');
  await expect(line(t.linksUi.addToIndex.cost).locator('dd')).toHaveText(
    fill(t.tasksUi.cost.credits_other, { value: '10' }),
  );

  // Two pages the demo's search engine has, the 404, the robots.txt block, the noindex page and the forum
  // thread that no longer links to the shop (its backlink is Missing).
  const reasons = dialog.getByRole('region', { name: t.linksUi.addToIndex.skippedTitle });
  const reason = (code: keyof typeof t.tasks.skipReasons) => reasons.locator(`[data-reason="${code}"]`);
  await expect(reason('indexed')).toHaveText(`2${t.tasks.skipReasons.indexed}`);
  await expect(reason('notOk')).toHaveText(`1${t.tasks.skipReasons.notOk}`);
  await expect(reason('robots')).toHaveText(`1${t.tasks.skipReasons.robots}`);
  await expect(reason('noindex')).toHaveText(`1${t.tasks.skipReasons.noindex}`);
  await expect(reason('missing')).toHaveText(`1${t.tasks.skipReasons.missing}`);
  await expect(reasons.getByRole('listitem')).toHaveCount(5);
  await expect(dialog.getByText(t.tasks.demoIndexer)).toBeVisible();

  // The drip feed: the advice is the default and describes the select.
  const days = dialog.getByRole('combobox', { name: t.linksUi.addToIndex.spreadOver });
  await expect(days).toHaveValue('2');
  await expect(days).toHaveAccessibleDescription(t.linksUi.addToIndex.advice);
  await days.selectOption({ label: fill(t.linksUi.addToIndex.days_other, { value: '2' }) });

  const findings = new Findings();
  await settled(dialog);
  await findings.scan(page, 'add to index dialog', '[role="dialog"]');
  findings.expectNone();

  const started = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/api/actions/3/start'),
  );
  await dialog.getByRole('button', { name: t.linksUi.bulk.start }).click();
  expect(new URL((await started).url()).searchParams.get('days')).toBe('2');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(
      fill(t.linksUi.bulk.started_other, { action: t.linksUi.bulk.actions.addToIndex, value: '2' }),
      { exact: true },
    ),
  ).toBeVisible();

  // Spread over two days, the request stays in Process; the tasks page says so and counts the left-out.
  await page.goto('/en/tasks');
  const task = page.locator('[data-task-id]').filter({ hasText: t.tasks.actions['3'] });
  await expect(task).toHaveCount(1);
  await expect(task.locator('[data-status]')).toHaveText(t.tasks.statuses['2'] /* Process */);
  await expect(task.locator('[data-indexing-notes]')).toHaveText(
    `${fill(t.tasksUi.indexing.days_other, { value: '2' })}${fill(t.tasksUi.indexing.skipped_other, { value: '6' })}`,
  );
});
