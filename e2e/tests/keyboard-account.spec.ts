import { expect, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { keyLogIn, retype, tabTo } from './keys.ts';
import { CONFIRM_LINK, createConfirmedUser, expectNotice, linkIn, newUser, readMail } from './support.ts';

const t = texts('en');

// issue 10: every flow of the browser suite works with the keyboard alone (Tab, Enter, Space, arrows).
// A link in a mail is followed by its address, as a mail client would open it.
test('signs up, confirms the address, resets the password and logs in with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = newUser('en');
  await page.goto('/en/register');
  for (const [name, value] of [
    ['name', user.name],
    ['email', user.email],
    ['password', user.password],
    ['passwordConfirmation', user.password],
  ]) {
    await tabTo(page, page.locator(`input[name="${name}"]`));
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/login\/register-success\?email=/);

  await page.goto(linkIn(await readMail({ to: user.email }), CONFIRM_LINK));
  await expect(page).toHaveURL(/\/en\/login$/);
  await expectNotice(page, t.auth.confirm.success);

  // Forgot password: the link on the login page, the address, Enter.
  await tabTo(page, page.getByRole('link', { name: t.auth.login.forgot }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/login\/forgot-password$/);
  await tabTo(page, page.locator('input[name="email"]'));
  await page.keyboard.type(user.email);
  await page.keyboard.press('Enter');
  await expect(page.getByText(fill(t.auth.forgot.sent, { email: user.email }))).toBeVisible();

  const mail = await readMail({ to: user.email, subject: /reset/i });
  await page.goto(
    linkIn(mail, /https?:\/\/[^\s"<>]+\/login\/reset-password\?[^\s"<>]+/).replace(/&amp;/g, '&'),
  );
  const password = `${user.password}-new`;
  await tabTo(page, page.locator('input[name="password"]'));
  await page.keyboard.type(password);
  await tabTo(page, page.locator('input[name="passwordConfirmation"]'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/login$/);
  await expectNotice(page, t.auth.reset.success);

  await keyLogIn(page, { email: user.email, password });
  await expect(page).toHaveURL(/\/en$/);
});

test('changes the name, the password and the language on the profile with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login?redirect=/en/profile');
  await keyLogIn(page, user);
  await expect(page).toHaveURL(/\/en\/profile$/);

  // Personal information: the name field, a new name, Enter sends its form.
  const name = page.getByLabel(t.profile.personal.fullname);
  await tabTo(page, name);
  await retype(page, 'Keyboard User');
  await page.keyboard.press('Enter');
  await expectNotice(page, t.profile.personal.saved);
  await expect(page.getByRole('button', { name: /Keyboard User/ })).toBeVisible();

  // The password: current, new and again, then the form's button.
  const password = `${user.password}-2`;
  await tabTo(page, page.getByLabel(t.profile.password.current));
  await page.keyboard.type(user.password);
  await tabTo(page, page.getByLabel(t.profile.password.password, { exact: true }));
  await page.keyboard.type(password);
  await tabTo(page, page.getByLabel(t.profile.password.passwordConfirmation));
  await page.keyboard.type(password);
  await tabTo(page, page.getByRole('button', { name: t.profile.password.submit }));
  await page.keyboard.press('Enter');
  await expectNotice(page, t.profile.password.changed);

  // The language: the chosen radio is in the tab order, the arrows pick another.
  const english = page.getByRole('radio', { name: /English/ });
  await expect(english).toBeChecked();
  await tabTo(page, english);
  await page.keyboard.press('ArrowRight', { delay: 50 });
  await expect(page).toHaveURL(/\/ru\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^ru/);
  await expect(page.getByRole('radio', { name: /Русский/ })).toBeChecked();
});
