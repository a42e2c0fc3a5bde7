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

// spec point 2: the locale prefix is always present. Every guest and public route, and an unknown path,
// in its four forms: the unprefixed one lands on the current locale's (the cookie's, else en), its query
// kept; /en, /ru and /ua stay where they are.
const GUEST_AND_PUBLIC = [
  '/login',
  '/register',
  '/login/forgot-password',
  '/login/register-success',
  '/login/reset-password?token=abc',
  '/confirm-email/c0de',
  '/agreement',
  '/unsubscribe?email=ada%40example.com',
  '/no/such/page',
];

test('guest and public pages without a locale prefix go to the prefixed form, in all four forms', async ({
  page,
  context,
}) => {
  const at = () => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };
  for (const path of GUEST_AND_PUBLIC) {
    await context.clearCookies();
    await page.goto(path);
    await expect.poll(at).toBe(`/en${path}`);
    for (const locale of ['en', 'ru', 'ua']) {
      await page.goto(`/${locale}${path}`);
      await expect(page.locator('main')).toBeVisible();
      expect(at()).toBe(`/${locale}${path}`);
    }
  }
  // The cookie's locale (the last one visited, ua) is the current one for the unprefixed form.
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'locale')?.value).toBe('ua');
  await page.goto('/agreement');
  await expect.poll(at).toBe('/ua/agreement');
});
