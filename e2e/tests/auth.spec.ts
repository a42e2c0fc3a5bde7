import { expect, test } from '@playwright/test';
import { fill, LOCALES, texts } from './i18n.ts';
import {
  CONFIRM_LINK,
  createConfirmedUser,
  expectNotice,
  linkIn,
  logIn,
  newUser,
  readMail,
} from './support.ts';

for (const locale of LOCALES) {
  test(`[${locale}] register, open the confirmation link from the mail, log in, land on the dashboard`, async ({
    page,
  }) => {
    const t = texts(locale);
    const user = newUser(locale);
    await page.goto(`/${locale}/register`);
    await page.getByLabel(t.auth.register.name).fill(user.name);
    await page.getByLabel(t.auth.register.email).fill(user.email);
    await page.getByLabel(t.auth.register.password, { exact: true }).fill(user.password);
    await page.getByLabel(t.auth.register.passwordConfirmation).fill(user.password);
    await page.getByRole('button', { name: t.auth.register.submit }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/login/register-success`));
    await expect(page.getByRole('heading', { name: t.auth.registerSuccess.title })).toBeVisible();

    const link = linkIn(await readMail({ to: user.email }), CONFIRM_LINK);
    expect(link).toContain(`/${locale}/confirm-email/`);
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/${locale}/login$`));
    await expectNotice(page, t.auth.confirm.success);

    await logIn(page, user);
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    await expect(
      page.getByRole('heading', { name: fill(t.dashboard.greeting, { name: user.name }) }),
    ).toBeVisible();
    await expect(page.getByText(t.dashboard.empty.title)).toBeVisible();
  });
}

test('an unconfirmed account cannot log in and a used confirmation link says so', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  await page.goto('/en/register');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/register-success/);

  await page.goto('/en/login');
  await logIn(page, user);
  await expect(page.getByRole('alert')).toContainText('confirm your email');
  await expect(page).toHaveURL(/\/en\/login$/);

  const link = linkIn(await readMail({ to: user.email }), CONFIRM_LINK);
  const code = new URL(link).pathname.split('/').pop();
  expect((await request.get(`/api/auth/confirm-email/${code}`)).status()).toBe(200);
  await page.goto(link);
  await expect(page.getByText('Something went wrong. Follow the link again, please.')).toBeVisible();
});

test('wrong credentials show Bad credentials; logout returns to login', async ({ page, request }) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login');
  await logIn(page, { email: user.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Bad credentials');

  await logIn(page, user);
  await expect(page).toHaveURL(/\/en$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await page.goto('/en/profile');
  await expect(page).toHaveURL(/\/en\/login\?redirect=\/en\/profile$/);
});

test('forgot password: the mailed link sets a new password that then logs in', async ({ page, request }) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/en\/login\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();

  const mail = await readMail({ to: user.email, subject: /reset/i });
  const link = linkIn(mail, /https?:\/\/[^\s"<>]+\/login\/reset-password\?[^\s"<>]+/).replace(/&amp;/g, '&');
  await page.goto(link);
  const newPassword = `${user.password}-reset`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await expectNotice(page, 'Your password has been changed. You can log in now.');

  await logIn(page, { email: user.email, password: newPassword });
  await expect(page).toHaveURL(/\/en$/);
});
