import { expect, test } from '@playwright/test';
import { createConfirmedUser, logIn, newUser } from './support.ts';

test('a logged-out visit to /ru/profile goes to login and back to /ru/profile after it', async ({
  page,
  request,
}) => {
  const user = newUser('ru');
  await createConfirmedUser(request, user);

  await page.goto('/ru/profile');
  await expect(page).toHaveURL(/\/ru\/login\?redirect=\/ru\/profile$/);
  await expect(page.getByRole('heading', { name: 'Вход в аккаунт' })).toBeVisible();

  await logIn(page, user);
  await expect(page).toHaveURL(/\/ru\/profile$/);
  await expect(page.getByRole('heading', { name: 'Профиль', level: 1 })).toBeVisible();
});

test('a redirect target that leaves the site is ignored', async ({ page, request }) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login?redirect=//evil.example.com/steal');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/en$/);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  for (const path of ['/no-such-page', '/ru/no/such/page']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', {
        name: path.startsWith('/ru') ? 'Эта страница не найдена' : 'This page could not be found',
      }),
    ).toBeVisible();
  }
  await page.goto('/en/definitely/not/here');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('pages of later features show a coming-soon panel inside the main layout', async ({ page, request }) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login?redirect=/en/user/profile');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/en\/user\/profile$/);
  await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
