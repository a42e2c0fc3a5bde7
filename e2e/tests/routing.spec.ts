import { expect, test } from '@playwright/test';
import { campaignWithLinks } from './projectHelpers.ts';
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
  // 36 page loads, while another spec file runs beside this one (playwright.config.ts: workers 2).
  test.setTimeout(180_000);
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

test("someone else's or a missing campaign, project, crawler or anchor page is the one 404 page", async ({
  page,
  request,
}) => {
  const owner = newUser('en');
  const campaign = await campaignWithLinks(request, { user: owner, count: 1 });
  const login = await request.post('/api/auth/login', {
    headers: { Accept: 'application/json' },
    data: { email: owner.email, password: owner.password },
  });
  const auth = {
    Accept: 'application/json',
    Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}`,
  };
  const read = await request.get(`/api/campaigns/${campaign}`, { headers: auth });
  const project = (await read.json()).data.relationships.project.data.id;

  const visitor = newUser('ru');
  await createConfirmedUser(request, visitor);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  await page.goto('/ru/login');
  await logIn(page, visitor);
  await expect(page).toHaveURL(/\/ru$/);
  for (const path of [
    `/ru/campaign/active/1/${campaign}`,
    `/ru/project/active/1/${project}`,
    `/ru/crawlers/${project}`,
    `/ru/anchors/${project}/1`,
    '/ru/campaign/active/1/999999',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Эта страница не найдена' })).toBeVisible();
    await expect(page).toHaveTitle('Страница не найдена · Linkwatch');
    // Inside the layout: the sidebar is there to go on from.
    await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
