import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { fill, LOCALES, texts } from './i18n.ts';
import { campaignWithLinks } from './projectHelpers.ts';
import {
  createConfirmedUser,
  expectNotice,
  type Locale,
  linkIn,
  logIn,
  newUser,
  openSignedIn,
  readMail,
  type TestUser,
} from './support.ts';

/**
 * Issue 27: the owner invites a read-only client and an accountant from Profile → Users. The client
 * sees the campaign and cannot start a check (no button, and a 403 if forced through the API); the
 * accountant lands on /payrolls, tops up by card and downloads the invoice. In en, ru and ua.
 */

// Three browsers, logins and a card payment on a 2-core machine shared with the server and its worker.
test.describe.configure({ timeout: 240_000 });

const JOIN_LINK = /https?:\/\/[^\s"<>]+\/team\/join\/[A-Za-z0-9_-]+/;

async function invite(page: Page, locale: Locale, email: string, preset: 'readOnlyClient' | 'accountant') {
  const t = texts(locale);
  const users = page.getByRole('region', { name: t.team.ui.title });
  await users.getByLabel(t.team.ui.presets.label).selectOption(preset);
  await users.getByLabel(t.team.ui.email).fill(email);
  await users.getByRole('button', { name: t.team.ui.invite }).click();
  await expectNotice(page, fill(t.team.ui.invited, { email }));
  await expect(users.locator(`[data-invitation="${email}"]`)).toBeVisible();
}

/** A new browser that opens the mailed link and creates the invitee's login there. */
async function joinByMail(browser: Browser, locale: Locale, invitee: TestUser) {
  const t = texts(locale);
  const link = linkIn(await readMail({ to: invitee.email, subject: /./ }), JOIN_LINK);
  expect(new URL(link).pathname).toMatch(new RegExp(`^/${locale}/team/join/`));
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel(t.team.join.name).fill(invitee.name);
  await page.getByLabel(t.team.join.password).fill(invitee.password);
  await page.getByRole('button', { name: t.team.join.create }).click();
  return page;
}

for (const locale of LOCALES) {
  test(`an agency shares its account with a read-only client and an accountant (${locale})`, async ({
    browser,
    page,
    request,
  }) => {
    const t = texts(locale);
    const owner = newUser(locale);
    const campaign = await campaignWithLinks(request, { user: owner, count: 2 });
    await page.goto(`/${locale}/login?redirect=/${locale}/profile`);
    await logIn(page, owner);
    await expect(page).toHaveURL(new RegExp(`/${locale}/profile$`));

    const client = newUser(locale);
    const accountant = newUser(locale);
    await invite(page, locale, client.email, 'readOnlyClient');
    await invite(page, locale, accountant.email, 'accountant');

    // The client: sees the campaign, and no task button.
    const clientPage = await joinByMail(browser, locale, client);
    await expect(clientPage).toHaveURL(new RegExp(`/${locale}$`));
    await clientPage.goto(`/${locale}/campaign/active/1/${campaign}`);
    await expect(clientPage.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    // The rows come after the heading, from the links list: once 10 s were not enough on a busy CI machine
    // (the rows were there when the same test ran alone).
    await expect(clientPage.locator('tbody tr')).toHaveCount(2, { timeout: 30_000 });
    await expect(clientPage.getByRole('button', { name: new RegExp(t.tasks.actions['2']) })).toHaveCount(0);
    // Forced through the API: refused, saying which permission is missing.
    const login = await request.post('/api/auth/login', {
      headers: { Accept: 'application/json', 'x-localization': locale },
      data: { email: client.email, password: client.password },
    });
    const token = (await login.json()).data.attributes.accessToken as string;
    const forced = await request.post(`/api/actions/2/start?campaign=${campaign}`, {
      headers: { Accept: 'application/json', 'x-localization': locale, authorization: `Bearer ${token}` },
    });
    expect(forced.status()).toBe(403);
    const refusal = await forced.json();
    expect(refusal.message).toBe(t.errors.forbidden);
    expect(refusal.hint).toBe(fill(t.errors.permissionMissing, { permission: 'tasks.start' }));

    // The accountant: lands on /payrolls, tops up by card and downloads the invoice.
    const payroll = await joinByMail(browser, locale, accountant);
    await expect(payroll).toHaveURL(new RegExp(`/${locale}/payrolls$`));
    await expect(payroll.getByRole('heading', { level: 1, name: t.team.payrolls.title })).toBeVisible();
    await payroll.getByLabel(t.balanceUi.topUp.amount).fill('10');
    await payroll.getByRole('button', { name: t.balanceUi.topUp.submit }).click();
    const dialog = payroll.getByRole('dialog', { name: t.balanceUi.pay.title });
    await dialog
      .getByRole('button', { name: new RegExp(t.balanceUi.pay.submit.replace(/\{\{.*\}\}/, '.*')) })
      .click();
    await payroll.getByRole('button', { name: 'Pay', exact: true }).click();
    // The payment returns to the balance page, which sends a payroll role on to /payrolls with the payment.
    await expect(payroll).toHaveURL(new RegExp(`/${locale}/payrolls\\?payment=\\d+$`), { timeout: 20_000 });
    const paymentId = new URL(payroll.url()).searchParams.get('payment') ?? '';
    const topUp = payroll.locator('tr[data-type="1"]').filter({ hasText: `#${paymentId}` });
    await expect(topUp).toBeVisible({ timeout: 30_000 });
    const downloading = payroll.waitForEvent('download');
    await topUp
      .getByRole('button', { name: fill(t.balanceUi.history.invoiceFor, { id: paymentId }) })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`payment_invoice_${paymentId}.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
}

/** A confirmed user with one project named `name`, and their API token. */
async function userWithProject(request: APIRequestContext, user: TestUser, name: string) {
  await createConfirmedUser(request, user);
  const login = await request.post('/api/auth/login', {
    headers: { Accept: 'application/json' },
    data: { email: user.email, password: user.password },
  });
  const token = (await login.json()).data.attributes.accessToken as string;
  const created = await request.post('/api/projects/', {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    data: { domains: [`${name.toLowerCase().replaceAll(' ', '-')}.example`], name, campaignName: 'Main' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return token;
}

/** The dashboard's project links, once it shows `expected` (and nothing else). */
async function expectProjects(page: Page, expected: string, absent: string) {
  await expect(page.getByRole('link', { name: expected, exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: absent, exact: true })).toHaveCount(0);
}

/** Picks an account from the account menu's switcher. */
async function switchTo(page: Page, locale: Locale, account: string) {
  const t = texts(locale);
  await page.getByRole('button', { name: new RegExp(t.shell.account) }).click();
  await page.getByRole('menuitem', { name: account, exact: true }).click();
}

// Issue 27: a freelancer who works for an agency switches between the agency's account and their own.
for (const locale of ['en', 'ua'] as const) {
  test(`a member switches to the account they were invited into and back (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts(locale);
    const owner = newUser(locale);
    const freelancer = newUser(locale);
    const ownerToken = await userWithProject(request, owner, 'Agency shop');
    await userWithProject(request, freelancer, 'Freelance blog');
    const invited = await request.post('/api/team/invitations', {
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${ownerToken}`,
        'x-localization': locale,
      },
      data: { email: freelancer.email, roleId: 1, permissions: ['projects.read', 'reports.read'] },
    });
    expect(invited.status(), await invited.text()).toBe(201);

    // Signed in to their own account, the freelancer accepts the mailed link with that login.
    await openSignedIn(page, freelancer, `/${locale}`);
    await expectProjects(page, 'Freelance blog', 'Agency shop');
    await page.goto(linkIn(await readMail({ to: freelancer.email, subject: /./ }), JOIN_LINK));
    await page.getByRole('button', { name: t.team.join.accept }).click();
    await expectNotice(page, t.team.join.joined);
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    await expectProjects(page, 'Agency shop', 'Freelance blog');

    // Back to their own account from the account menu…
    await switchTo(page, locale, t.team.switcher.own);
    await expectNotice(page, fill(t.team.switcher.switched, { name: freelancer.name }));
    await expectProjects(page, 'Freelance blog', 'Agency shop');
    // …and into the agency's again: the switch is the session's, so a reload stays there.
    await switchTo(page, locale, owner.name);
    await expectNotice(page, fill(t.team.switcher.switched, { name: owner.name }));
    await expectProjects(page, 'Agency shop', 'Freelance blog');
    await page.reload();
    await expectProjects(page, 'Agency shop', 'Freelance blog');
  });
}
