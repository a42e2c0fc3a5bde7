import { expect, test } from '@playwright/test';
import { BCP47 } from '../../packages/shared/src/constants.ts';
import { balanceNow, checkOutByCard, creditsShown } from './balanceHelpers.ts';
import { fill, LOCALES, texts } from './i18n.ts';
import { CONFIRM_LINK, linkIn, logIn, newUser, readMail } from './support.ts';

// Issue 25: a new customer's whole first visit in one go, through the screens alone: sign up, confirm,
// make a project, upload links, pay for a check from the welcome credits, read its verdicts, then buy
// credits by card (the demo's Stripe stand-in) and find both in the balance history.
const PAGES = ['/blog/best-online-shops', '/forum/thread-42', '/deleted-post'];

for (const locale of LOCALES) {
  test(`[${locale}] a new customer signs up, pays for a check of their links and tops up`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const t = texts(locale);
    const user = newUser(locale);

    await page.goto(`/${locale}/register`);
    await page.getByLabel(t.auth.register.name).fill(user.name);
    await page.getByLabel(t.auth.register.email).fill(user.email);
    await page.getByLabel(t.auth.register.password, { exact: true }).fill(user.password);
    await page.getByLabel(t.auth.register.passwordConfirmation).fill(user.password);
    await page.getByRole('button', { name: t.auth.register.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/register-success`));
    await page.goto(linkIn(await readMail({ to: user.email }), CONFIRM_LINK));
    await expect(page).toHaveURL(new RegExp(`/${locale}/login$`));
    await logIn(page, user);
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));

    // A project on the demo shop's domain, its first campaign, and three donor pages of the sample web.
    await page.getByRole('button', { name: t.shell.createCampaign }).first().click();
    const panel = page.getByRole('dialog', { name: t.shell.create.title });
    await panel.getByLabel(t.projects.create.domain).fill('demo-shop.com');
    await panel.getByLabel(t.projects.create.campaignName).fill('Reviews');
    await panel.getByRole('button', { name: t.projects.create.submitProject }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/campaign/active/1/\\d+$`));
    await page.getByRole('button', { name: t.linksUi.toolbar.upload }).first().click();
    const modal = page.getByRole('dialog', { name: t.linksUi.upload.title });
    const origin = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}`;
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'links.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(PAGES.map((path) => origin + path).join('\n')),
    });
    await modal.getByRole('button', { name: t.linksUi.upload.submit, exact: true }).click();
    await modal.getByRole('button', { name: t.linksUi.upload.done }).click();
    await expect(page.locator('[data-link-row]')).toHaveCount(3);

    // The check says its price before it starts and is paid from the welcome credits.
    const chip = page.getByTestId('balance-chip');
    const check = page.getByRole('button', { name: new RegExp(t.tasks.actions['2']) });
    const plural = new Intl.PluralRules(BCP47[locale]).select(3) as 'one' | 'few' | 'many' | 'other';
    const credits = t.tasksUi.cost as Record<string, string>;
    await expect(check).toContainText(
      fill(credits[`credits_${plural}`] ?? credits.credits_other, { value: '3' }),
    );
    await check.click();
    const dialog = page.getByRole('dialog', { name: t.tasksUi.dialog.title });
    await dialog.getByRole('button', { name: t.tasksUi.dialog.submit }).click();
    await expect(dialog).toBeHidden();
    const line = page.locator('[data-task-id]').first();
    await expect(line.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
    await expect(line.locator('[data-status]')).toHaveText(t.tasks.statuses['1'], { timeout: 15_000 });
    const row = (path: string) => page.locator(`[data-link-row$="${path}"]`);
    await expect(row('/blog/best-online-shops')).toContainText(t.linksUi.table.linkStatusShort.found);
    await expect(row('/forum/thread-42')).toContainText(t.linksUi.table.linkStatusShort.missing);
    await expect(row('/deleted-post')).toContainText(fill(t.links.pageVerdict.gone404, { code: '404' }));

    // One click from the header to the Balance page, where the check's charge is the newest change.
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/balance$`));
    await expect(balanceNow(page)).toBeVisible();
    await expect(page.locator('tr[data-type="2"]')).toHaveCount(1);
    const before = await creditsShown(page);
    expect(before).toBe(97);

    await checkOutByCard(page, t, '25', locale);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/balance\\?payment=\\d+$`));
    const paymentId = new URL(page.url()).searchParams.get('payment') ?? '';
    await expect.poll(() => creditsShown(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 25_000);
    await expect(page.locator('tr[data-type="1"]').filter({ hasText: `#${paymentId}` })).toBeVisible();
    // The header's chip moved with it, without a reload.
    const now = String(await creditsShown(page));
    await expect.poll(async () => (await chip.getAttribute('aria-label'))?.replace(/\D/g, '')).toBe(now);
  });
}
