import { expect, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { campaignWithLinks } from './projectHelpers.ts';
import { newUser, openSignedIn } from './support.ts';

const t = texts('en');

/**
 * The offline demo's stand-in SERP service (Serper's protocol on loopback) knows some of the sample
 * pages: an index check started in the browser finishes, and each link reads Indexed or Not indexed.
 */
test('checks indexing on the demo service and shows each page’s state, with its history', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  const campaign = await campaignWithLinks(request, {
    user,
    paths: ['/blog/best-online-shops', '/forum/thread-42'],
  });
  await openSignedIn(page, user, `/en/campaign/active/1/${campaign}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();

  // The header offers it with its cost (two links at 2 credits each); the links table's bulk actions too.
  await expect(page.getByRole('button', { name: new RegExp(t.tasks.actions['1']) })).toContainText(
    fill(t.tasksUi.cost.credits_other, { value: '4' }),
  );
  await page.getByRole('checkbox', { name: t.linksUi.table.selectAll }).check();
  const perLink = fill(t.tasksUi.cost.price, { value: fill(t.tasksUi.cost.credits_other, { value: '2' }) });
  await page
    .getByRole('combobox', { name: t.linksUi.bulk.action })
    .selectOption({ label: `${t.linksUi.bulk.actions.checkIndexing} · ${perLink}` });
  await page.getByRole('button', { name: t.linksUi.bulk.apply }).click();
  const dialog = page.getByRole('dialog', { name: t.linksUi.bulk.actions.checkIndexing });
  await expect(dialog.getByTestId('task-cost')).toContainText(
    fill(t.tasksUi.cost.credits_other, { value: '4' }),
  );
  await expect(dialog.getByText(t.tasks.demoService)).toBeVisible();
  await dialog.getByRole('button', { name: t.linksUi.bulk.start }).click();
  await expect(dialog).toBeHidden();

  // A first "not indexed" is asked again a few seconds later before it counts: the bar waits for it.
  const line = page.locator('[data-task-id]').first();
  await expect(line).toContainText(t.tasks.actions['1']);
  await expect(line.locator('[data-status]')).toHaveText(t.tasks.statuses['1'], { timeout: 45_000 });

  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: '/blog/best-online-shops' })).toContainText(t.links.indexing['1']);
  await expect(rows.filter({ hasText: '/forum/thread-42' })).toContainText(t.links.indexing['2']);

  // The link panel's indexing options: the state, the demo service that answered, a re-check.
  await rows
    .filter({ hasText: '/blog/best-online-shops' })
    .getByRole('button', { name: /best-online-shops/ })
    .click();
  const panel = page.getByRole('dialog');
  const history = panel.getByRole('list', { name: t.linksUi.panel.indexHistory });
  await expect(history).toContainText(`${t.links.indexing['1']} · demo`);
  await expect(panel.getByRole('button', { name: t.linksUi.panel.checkIndexing })).toBeVisible();
  await expect(panel.getByText(t.tasks.demoService)).toBeVisible();
});
