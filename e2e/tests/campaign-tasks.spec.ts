import { expect, type Page, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { campaignWithLinks } from './projectHelpers.ts';
import { newUser, openSignedIn, type TestUser } from './support.ts';

const t = texts('en');
async function openCampaign(page: Page, { user, campaign }: { user: TestUser; campaign: string }) {
  await openSignedIn(page, user, `/en/campaign/active/1/${campaign}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
}

test('starts a check from the campaign header with the keyboard and watches it finish on that page', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  const campaign = await campaignWithLinks(request, { user, count: 5 });
  await openCampaign(page, { user, campaign });

  const unchecked = page.locator('tbody').getByText(t.linksUi.table.notChecked, { exact: true });
  await expect(unchecked.first()).toBeVisible();

  // The header offers the task with its cost: 5 links at 1 credit each.
  const check = page.getByRole('button', { name: new RegExp(t.tasks.actions['2']) });
  await expect(check).toContainText(fill(t.tasksUi.cost.credits_other, { value: '5' }));
  await check.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: t.tasksUi.dialog.title });
  await expect(dialog.getByLabel(t.tasksUi.dialog.campaign)).toHaveValue(campaign);
  await expect(dialog.getByTestId('check-cost')).toContainText(
    fill(t.tasksUi.cost.credits_other, { value: '100' }),
  );
  const start = dialog.getByRole('button', { name: t.tasksUi.dialog.submit });
  await expect(start).toBeEnabled();
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The campaign page itself shows the task's bar, fed by the socket, up to the end.
  const line = page.locator('[data-task-id]').first();
  await expect(line).toContainText(t.tasks.actions['2']);
  await expect(line.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
  await expect(line.locator('[data-status]')).toHaveText(t.tasks.statuses['1'], { timeout: 15_000 });
  await expect(line).toContainText(fill(t.tasksUi.progress.counts_other, { current: '5', total: '5' }));
  await expect(page.getByRole('heading', { name: t.tasksUi.campaign.latest })).toBeVisible();
  // The page reads its links again when the task ends: none is left unchecked.
  await expect(unchecked).toHaveCount(0);
  // Once the check is over the header offers it again.
  await expect(check).toBeEnabled();
  await expect(check).toContainText(fill(t.tasksUi.cost.credits_other, { value: '5' }));
});

test('with too few credits, Start is disabled and the dialog says how many are missing', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  // 101 links at 1 credit against the 100 welcome credits: one short.
  const campaign = await campaignWithLinks(request, { user, count: 101 });
  await openCampaign(page, { user, campaign });

  await page.getByRole('button', { name: new RegExp(t.tasks.actions['2']) }).click();
  const dialog = page.getByRole('dialog', { name: t.tasksUi.dialog.title });
  await expect(dialog.getByTestId('credits-missing')).toHaveText(
    fill(t.tasksUi.dialog.notEnough_one, { value: '1' }),
  );
  await expect(dialog.getByRole('button', { name: t.tasksUi.dialog.submit })).toBeDisabled();
  const topUp = dialog.getByRole('link', { name: t.tasksUi.dialog.topUp });
  await expect(topUp).toHaveAttribute('href', '/en/balance?amount=1');
  await topUp.click();
  await expect(page).toHaveURL(/\/en\/balance\?amount=1$/);
});
