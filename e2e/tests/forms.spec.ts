import { expect, test } from '@playwright/test';
import { createConfirmedUser, fieldErrorOf, newUser, readMail } from './support.ts';

test('field errors appear under their inputs and clear on the next try', async ({ page }) => {
  await page.goto('/en/register');
  await page.getByLabel('Name').fill('Short Password');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();

  expect(await fieldErrorOf(page, 'password')).toContain('at least 8 characters');
  expect(await fieldErrorOf(page, 'email')).toContain('must be a valid email');
  expect(await fieldErrorOf(page, 'passwordConfirmation')).toContain('does not match');
  await expect(page.locator('input[name="name"]')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/en\/register$/);

  await page.getByLabel('Email').fill('fine@example.com');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('input[name="email"]')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await fieldErrorOf(page, 'password')).toContain('at least 8 characters');
});

// Issue 24, point 2: a taken address used to answer 422 "already taken", which let anyone probe for
// accounts. Now it reads like any registration ("check your inbox"), and the owner is told by mail.
test('registering a taken address shows the check-your-mail page and mails the owner', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/register');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm password').fill('long-enough-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/login\/register-success\?email=/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveCount(0);
  const mail = await readMail({ to: user.email, subject: /Your address was used to sign up/ });
  expect(mail).toContain('/en/login');
});
