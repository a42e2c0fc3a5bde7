import { expect, test } from '@playwright/test';
import { createConfirmedUser, fieldErrorOf, newUser } from './support.ts';

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

test('a server 422 (email already taken) shows under the email input, in the page language', async ({
  page,
  request,
}) => {
  const user = newUser('ru');
  await createConfirmedUser(request, user);
  await page.goto('/ru/register');
  await page.getByLabel('Имя').fill('Другой');
  await page.getByLabel('Эл. почта').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Подтверждение пароля').fill('long-enough-1');
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  expect(await fieldErrorOf(page, 'email')).toMatch(/занят/);
});
