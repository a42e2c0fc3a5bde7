import { expect, test } from '@playwright/test';
import { createConfirmedUser, logIn, newUser } from './support.ts';

test('switching to ua on the login page shows Ukrainian text and keeps the page', async ({ page }) => {
  await page.goto('/en/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Українська' }).click();
  await expect(page).toHaveURL(/\/ua\/login$/);
  await expect(page.getByRole('heading', { name: 'Вхід до акаунта' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk-UA');

  // The unprefixed form follows the locale cookie.
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Створіть акаунт' })).toBeVisible();
});

test('a logged-in switch saves the locale, and the saved locale wins on the next visit', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/en$/);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Українська' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/ua$/);
  await expect(page.getByRole('heading', { name: `Ласкаво просимо, ${user.name}` })).toBeVisible();

  await page.goto('/en/profile');
  await expect(page).toHaveURL(/\/ua\/profile$/);
  await expect(page.getByRole('heading', { name: 'Профіль', level: 1 })).toBeVisible();
});
