import { expect, test } from '@playwright/test';
import { LOCALES, texts } from './i18n.ts';
import { createConfirmedUser, expectNotice, fieldErrorOf, logIn, newUser } from './support.ts';

for (const locale of LOCALES) {
  test(`[${locale}] edit the profile, change the password, then log in with the new password`, async ({
    page,
    request,
  }) => {
    const t = texts(locale);
    const p = t.profile;
    const user = newUser(locale);
    await createConfirmedUser(request, user);
    await page.goto(`/${locale}/login?redirect=/${locale}/profile`);
    await logIn(page, user);
    await expect(page).toHaveURL(new RegExp(`/${locale}/profile$`));

    await page.getByLabel(p.personal.fullname).fill('Grace Hopper');
    await page.getByLabel(p.personal.city).fill('Arlington');
    await page.getByRole('button', { name: p.personal.submit }).click();
    await expectNotice(page, p.personal.saved);
    await page.reload();
    await expect(page.getByLabel(p.personal.fullname)).toHaveValue('Grace Hopper');
    await expect(page.getByLabel(p.personal.city)).toHaveValue('Arlington');

    // A wrong current password is a field error from the server, in the page language.
    const newPassword = `${user.password}-new`;
    await page.getByLabel(p.password.current).fill('wrong-password');
    await page.getByLabel(p.password.password, { exact: true }).fill(newPassword);
    await page.getByLabel(p.password.passwordConfirmation).fill(newPassword);
    await page.getByRole('button', { name: p.password.submit }).click();
    expect(await fieldErrorOf(page, 'currentPassword')).toBe(t.validation.currentPassword);

    await page.getByLabel(p.password.current).fill(user.password);
    await page.getByRole('button', { name: p.password.submit }).click();
    await expectNotice(page, p.password.changed);
    await expect(page.getByLabel(p.password.current)).toHaveValue('');

    await page.getByRole('button', { name: t.shell.account }).click();
    await page.getByRole('menuitem', { name: t.shell.logout }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login$`));

    await logIn(page, user);
    await expect(page.getByRole('alert')).toHaveText(t.errors.badCredentials);
    await logIn(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
  });
}
