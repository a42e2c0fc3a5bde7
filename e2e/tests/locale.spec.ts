import { expect, test } from '@playwright/test';
import { createConfirmedUser, expectNotice, logIn, newUser } from './support.ts';

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

test("a logged-in switch saves the locale; a URL's language wins for its visit and can be saved", async ({
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

  // A path without a language goes to the account's.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/ua\/profile$/);
  await expect(page.getByRole('heading', { name: 'Профіль', level: 1 })).toBeVisible();

  // A URL in another language stays in it; the switcher says so and offers to save it.
  await page.goto('/ru/profile');
  await expect(page.getByRole('heading', { name: 'Профиль', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/ru\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
  const switcher = page.getByRole('button', { name: 'Язык: Русский (в аккаунте: Українська)' });
  await switcher.click();
  const offer = page.getByRole('menuitem', { name: /Сохранить язык «Русский» в аккаунте/ });
  await expect(offer).toBeVisible();
  const savedAgain = page.waitForResponse(
    (r) => r.url().endsWith('/api/user') && r.request().method() === 'PUT',
  );
  await offer.click();
  const answer = await savedAgain;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ locale: 'ru' });
  await expectNotice(page, 'Язык аккаунта изменён: Русский');
  await expect(page.getByRole('button', { name: 'Язык: Русский' })).toBeVisible();
  await expect(page).toHaveURL(/\/ru\/profile$/);

  // Saved: a path without a language now goes to Russian.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/ru\/profile$/);
});
