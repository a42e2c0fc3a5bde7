import { expect, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { escapeFrom, tabTo } from './keys.ts';
import { createConfirmedUser, logIn, newUser } from './support.ts';

const t = texts('en');

test('logs in, creates a project, uploads links and starts a check with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = newUser('en');
  await createConfirmedUser(request, user);

  // Log in: Tab to each field, type, Enter submits.
  await page.goto('/en/login');
  await tabTo(page, page.locator('input[name="email"]'));
  await page.keyboard.type(user.email);
  await tabTo(page, page.locator('input[name="password"]'));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en$/);

  // Create a project with its first campaign in the slide-over, which takes the focus when it opens.
  await tabTo(page, page.getByRole('button', { name: t.shell.createCampaign }).first());
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: t.shell.create.title });
  await expect(panel).toBeVisible();
  // No hidden Tab stop between the tabs and the first input (the tab panel itself was one).
  await tabTo(page, panel.getByRole('tab', { name: t.shell.create.newProject }));
  await tabTo(page, panel.getByLabel(t.projects.create.domain), { max: 1 });
  await page.keyboard.type('shop.example');
  await tabTo(page, panel.getByLabel(t.projects.create.campaignName));
  await page.keyboard.type('Keyboard');
  await tabTo(page, panel.getByRole('button', { name: t.projects.create.submitProject }));
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/en\/campaign\/active\/1\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard' })).toBeVisible();

  // The focus moved to the new page (not back to the sidebar's button): the upload is a few presses away.
  await expect(page.locator('#content')).toBeFocused();
  // Upload: the file input is in the tab order; Space opens the chooser.
  await tabTo(page, page.getByRole('button', { name: t.linksUi.toolbar.upload }).first(), { max: 12 });
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: t.linksUi.upload.title });
  await expect(modal).toBeVisible();
  // Listening for the chooser before the input is reached: Playwright turns its interception on in a
  // message of its own, not awaited, and a Space sent right after it once opened nothing it could see (CI).
  const choosing = page.waitForEvent('filechooser');
  await tabTo(page, modal.locator('input[type="file"]'));
  // The input itself is visually hidden; its drop zone shows the focus.
  await expect(modal.locator('div:has(> input[type="file"])')).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Space');
  const origin = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}`;
  const lines = [1, 2, 3].map((i) => `${origin}/review-${i}`).join('\n');
  await (await choosing).setFiles({ name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(lines) });
  await tabTo(page, modal.getByRole('button', { name: t.linksUi.upload.submit, exact: true }));
  await page.keyboard.press('Enter');
  await expect(modal.getByText(t.linksUi.upload.doneTitle)).toBeVisible();
  await tabTo(page, modal.getByRole('button', { name: t.linksUi.upload.done }));
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-link-row]')).toHaveCount(3);

  // Start a check from the header; the dialog's Start is reached with Tab.
  const check = page.getByRole('button', { name: new RegExp(t.tasks.actions['2']) });
  await expect(check).toContainText(fill(t.tasksUi.cost.credits_other, { value: '3' }));
  await tabTo(page, check, { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.tasksUi.dialog.title });
  await expect(dialog).toBeVisible();
  const start = dialog.getByRole('button', { name: t.tasksUi.dialog.submit });
  await expect(start).toBeEnabled();
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const line = page.locator('[data-task-id]').first();
  await expect(line.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
  await expect(line.locator('[data-status]')).toHaveText(t.tasks.statuses['1'], { timeout: 15_000 });
});

test('opens a link panel and the language menu with the keyboard; Escape gives the focus back', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/en$/);
  await page.getByRole('button', { name: t.shell.createCampaign }).first().click();
  const panel = page.getByRole('dialog', { name: t.shell.create.title });
  await panel.getByLabel(t.projects.create.domain).fill('shop.example');
  await panel.getByLabel(t.projects.create.campaignName).fill('Panel');
  await panel.getByRole('button', { name: t.projects.create.submitProject }).click();
  await expect(page).toHaveURL(/\/en\/campaign\/active\/1\/\d+$/);
  await page.getByRole('button', { name: t.linksUi.toolbar.upload }).first().click();
  const modal = page.getByRole('dialog', { name: t.linksUi.upload.title });
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'links.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('https://blog.example.net/review-1'),
  });
  await modal.getByRole('button', { name: t.linksUi.upload.submit, exact: true }).click();
  await modal.getByRole('button', { name: t.linksUi.upload.done }).click();

  // The link's details: Enter opens the side panel, Escape closes it and the focus comes back.
  const open = page.getByRole('button', {
    name: fill(t.linksUi.table.open, { url: 'blog.example.net/review-1' }),
  });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  await escapeFrom(page, page.getByRole('dialog'));
  await expect(open).toBeFocused();

  // The language menu: Enter opens it, the arrows move, Enter picks.
  await tabTo(page, page.getByRole('button', { name: new RegExp(t.common.language) }), { back: true });
  await page.keyboard.press('Enter');
  const ukrainian = page.getByRole('menuitemcheckbox', { name: 'Українська' });
  await expect(page.getByRole('menu')).toBeVisible();
  // Each press is given time to move the focus (a busy machine may open the menu late); Ukrainian is
  // the last item and the menu does not loop, so pressing on cannot pass it.
  await expect(async () => {
    if (!(await ukrainian.evaluate((el) => el === document.activeElement)))
      await page.keyboard.press('ArrowDown');
    await expect(ukrainian).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ua\/campaign\/active\/1\/\d+$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk-UA');
});
