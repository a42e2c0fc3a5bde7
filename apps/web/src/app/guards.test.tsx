import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '@/api/cookies.ts';
import { getToken, resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const tokenReply = json(200, { data: { type: 'tokens', attributes: { accessToken: 'fresh-token' } } });

async function logInThroughForm() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/email|почта|пошта/i), 'ada@example.com');
  await user.type(screen.getByLabelText(/^(password|пароль)$/i), 'secret123');
  await user.click(screen.getByRole('button', { name: /log in|войти|увійти/i }));
}

describe('login guard', () => {
  it('sends a logged-out visitor to login, remembers the page and restores it after login', {
    timeout: 15_000,
  }, async () => {
    const server = mockApi({ 'POST auth/login': tokenReply, 'GET user/me': meReply({ locale: 'ru' }) });
    const app = renderApp('/ru/profile');

    await waitFor(() => expect(app.location()).toBe('/ru/login?redirect=/ru/profile'));
    await logInThroughForm();

    await waitFor(() => expect(app.location()).toBe('/ru/profile'));
    expect(getToken()).toBe('fresh-token');
    expect(server.find('POST auth/login')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'secret123',
    });
    expect(
      await screen.findByRole('heading', { name: 'Профиль', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('ignores a redirect target that is not a local path', async () => {
    mockApi({ 'POST auth/login': tokenReply, 'GET user/me': meReply() });
    const app = renderApp('/en/login?redirect=//evil.example.com/phish');
    await logInThroughForm();
    await waitFor(() => expect(app.location()).toBe('/en'));
  });

  it('sends a partner to /partners after login', async () => {
    mockApi({ 'POST auth/login': tokenReply, 'GET user/me': meReply({ isPartner: true }) });
    const app = renderApp('/en/login');
    await logInThroughForm();
    await waitFor(() => expect(app.location()).toBe('/en/partners'));
    expect(await screen.findByRole('navigation', { name: 'Partner navigation' })).toBeTruthy();
  });

  it('sends a non-admin whose participant role is not 1 to the payrolls page', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': meReply({ participant: { roleId: 2 } }) });
    const app = renderApp('/en/tasks');
    await waitFor(() => expect(app.location()).toBe('/en/payrolls'));
  });

  it('lets an admin with another participant role stay', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': meReply({ isAdmin: true, participant: { roleId: 2 } }) });
    const app = renderApp('/en/user/profile');
    expect(
      await screen.findByRole('heading', { name: 'My profile', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(app.location()).toBe('/en/user/profile');
  });

  it('sends a logged-in user away from guest pages, to the remembered page', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': meReply() });
    const app = renderApp('/en/register');
    await waitFor(() => expect(app.location()).toBe('/en'));

    const again = renderApp('/en/login?redirect=/en/schedule');
    await waitFor(() => expect(again.location()).toBe('/en/schedule'));
  });

  it('resets the session on a 401 and goes to login, remembering the page', async () => {
    resetTokenForTests('revoked');
    mockApi({ 'GET user/me': json(401, { message: 'Unauthenticated.' }) });
    const app = renderApp('/ua/profile');
    await waitFor(() => expect(app.location()).toBe('/ua/login?redirect=/ua/profile'));
    expect(getToken()).toBeNull();
  });

  it('logout goes to login without remembering the page and clears the balance', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET user/balance': json(200, { data: { balance: 1250 } }),
      'POST auth/logout': json(500, { message: 'down' }),
    });
    const app = renderApp('/en/profile');
    expect(await screen.findByText('1,250 credits')).toBeTruthy();

    const { logout } = await import('@/lib/session.ts');
    await logout(app.queryClient);

    await waitFor(() => expect(app.location()).toBe('/en/login'));
    expect(getToken()).toBeNull();
    expect(app.queryClient.getQueryData(['user', 'balance'])).toBeUndefined();
    expect(server.find('POST auth/logout')).toHaveLength(1);
  });

  it('shows the error page when the user cannot be loaded (500)', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': json(500, { message: 'boom' }) });
    // React Router logs the caught error; the page is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/en/profile');
    // One retry for a 5xx, then the error page.
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en');
  });
});

describe('locale routing', () => {
  it('keeps the locale prefix when redirecting', async () => {
    mockApi({});
    const app = renderApp('/ua/tasks');
    await waitFor(() => expect(app.location()).toBe('/ua/login?redirect=/ua/tasks'));
    expect(await screen.findByRole('heading', { name: 'Вхід до акаунта' })).toBeTruthy();
  });

  it('uses the locale cookie for the unprefixed form and prefixes the redirect with it', async () => {
    setCookie({ name: 'locale', value: 'ru', days: 1 });
    mockApi({});
    const app = renderApp('/profile');
    await waitFor(() => expect(app.location()).toBe('/ru/login?redirect=/profile'));
    expect(await screen.findByRole('heading', { name: 'Вход в аккаунт' })).toBeTruthy();
  });

  it('falls back to en without a cookie', async () => {
    mockApi({});
    const app = renderApp('/report');
    await waitFor(() => expect(app.location()).toBe('/en/login?redirect=/report'));
  });

  it('navigates a logged-in user to their saved locale from a path without one', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': meReply({ locale: 'ua' }) });
    const app = renderApp('/profile?tab=password');
    await waitFor(() => expect(app.location()).toBe('/ua/profile?tab=password'));
    expect(await screen.findByRole('heading', { name: 'Профіль', level: 1 })).toBeTruthy();
  });

  it('prefixes a path without a language with the saved one, also when the locale cookie agrees', async () => {
    resetTokenForTests('tok');
    setCookie({ name: 'locale', value: 'ru', days: 1 });
    mockApi({ 'GET user/me': meReply({ locale: 'ru' }) });
    const app = renderApp('/balance');
    await waitFor(() => expect(app.location()).toBe('/ru/balance'));
  });

  it("lets a URL's language win over the saved one for that visit", async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': meReply({ locale: 'ua' }) });
    const app = renderApp('/en/profile?tab=password');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(app.location()).toBe('/en/profile?tab=password');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('shows the 404 page for unknown routes, in every form', async () => {
    mockApi({});
    renderApp('/en/no/such/page');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
  });

  it.each([
    '/anchors/5/1',
    '/anchors/2',
    '/campaign/1/9/index-history',
    '/project/active/1/3',
    '/crawlers/7',
  ])('matches the parameterised route %s instead of the unknown-route page', async (path) => {
    resetTokenForTests('tok');
    mockApi({ 'GET user/me': meReply() });
    const app = renderApp(`/en${path}`);
    // The route's own layout (the main one, with its sidebar), not the unknown-route page's bare frame;
    // the page inside may still answer 404 (nothing here is mocked), as a missing project does.
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(app.location()).toBe(`/en${path}`);
  });

  // spec point 2: every guest and public route, and an unknown path, in its four forms. The unprefixed
  // form goes to the current locale's (the cookie's, else en), query kept; the prefixed ones stay.
  const PREFIX_ROUTES = [
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

  it.each(PREFIX_ROUTES)(
    "adds the locale prefix to %s (en without a cookie, else the cookie's)",
    async (path) => {
      mockApi({});
      const plain = renderApp(path);
      await waitFor(() => expect(plain.location()).toBe(`/en${path}`));
      plain.unmount();
      setCookie({ name: 'locale', value: 'ua', days: 1 });
      const fromCookie = renderApp(path);
      await waitFor(() => expect(fromCookie.location()).toBe(`/ua${path}`));
    },
  );

  it.each(PREFIX_ROUTES.flatMap((path) => ['en', 'ru', 'ua'].map((locale) => `/${locale}${path}`)))(
    'leaves the prefixed form %s where it is',
    async (path) => {
      mockApi({});
      const app = renderApp(path);
      await screen.findByRole('main');
      expect(app.location()).toBe(path);
    },
  );
});
