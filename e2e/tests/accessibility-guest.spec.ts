import { expect, test } from '@playwright/test';
import { Findings, settled } from './axe.ts';
import { LOCALES, texts } from './i18n.ts';
import { CONFIRM_LINK, linkIn, newUser, readMail } from './support.ts';

// issue 10: axe on the pages of someone not logged in (sign-up, confirmation, passwords, agreement, 404),
// with their error states, in en, ru and ua and at phone width. Signed-in pages: accessibility.spec.ts.
for (const locale of LOCALES) {
  test(`no serious or critical axe violations on the guest pages (${locale})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    const findings = new Findings();
    const h1 = page.getByRole('heading', { level: 1 }).first();
    const go = async (path: string) => {
      await page.goto(`/${locale}${path}`);
      await settled(h1);
    };
    const visit = async (where: string, path: string) => {
      await go(path);
      await findings.scan(page, `${locale} ${where}`);
    };
    /** A form is scanned once, sent empty: all it shows at first, and its messages (red on white). */
    const invalid = async (where: string) => {
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await findings.scan(page, `${locale} ${where}, errors shown`);
    };

    await go('/login');
    await invalid('login');
    await go('/register');
    await invalid('register');
    await visit('register success', '/login/register-success?email=someone%40example.com');
    await go('/login/forgot-password');
    await invalid('forgot password');
    await page.getByRole('textbox').first().fill('someone@example.com');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText(t.auth.forgot.sent.split('{{')[0].trim())).toBeVisible();
    await findings.scan(page, `${locale} forgot password, sent`);
    await go('/login/reset-password?token=abc&email=someone%40example.com');
    await invalid('reset password');
    await visit('reset password without a token', '/login/reset-password');
    await visit('confirm e-mail, a wrong code', '/confirm-email/not-a-code');
    await visit('agreement', '/agreement');
    await visit('unsubscribe', '/unsubscribe');
    await visit('404', '/no-such-page');

    // A real confirmation: the login page with its success notice.
    const user = newUser(locale);
    const registered = await request.post('/api/auth/register', {
      headers: { 'x-localization': locale, Accept: 'application/json' },
      data: { ...user, passwordConfirmation: user.password },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    await page.goto(linkIn(await readMail({ to: user.email }), CONFIRM_LINK));
    await expect(page).toHaveURL(new RegExp(`/${locale}/login$`));
    await settled(page.locator('[data-kind="success"]'));
    await findings.scan(page, `${locale} login, e-mail confirmed`);
    findings.expectNone();
  });
}
