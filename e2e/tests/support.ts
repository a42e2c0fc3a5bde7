import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type Locale = 'en' | 'ru' | 'ua';
export type TestUser = { name: string; email: string; password: string; locale: Locale };

let counter = 0;

export function newUser(locale: Locale = 'en'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Test User ${counter}`, email: `user-${id}@example.com`, password: `pass-${id}`, locale };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text of the newest mail sent to `to` (mails are .eml files under $DATA_DIR/mail). */
export async function readMail({ to, subject }: { to: string; subject?: RegExp }): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort();
        for (const file of files.reverse()) {
          const raw = await readFile(path.join(dir, file), 'utf8');
          const headers = raw.slice(0, raw.indexOf('\n\n') >= 0 ? raw.indexOf('\n\n') : raw.length);
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(headers)) continue;
          if (subject && !subject.test(headers)) continue;
          found = decodeQuotedPrintable(raw);
          return true;
        }
        return false;
      },
      { message: `a mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

export function linkIn(mail: string, pattern: RegExp): string {
  const match = mail.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${mail}`);
  return match[0];
}

export const CONFIRM_LINK = /https?:\/\/[^\s"<>]+\/confirm-email\/[A-Za-z0-9_-]+(\?[^\s"<>]*)?/;

/** A confirmed account, made through the API (the register page itself is tested elsewhere). */
export async function createConfirmedUser(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/register', {
    headers: { 'x-localization': user.locale, Accept: 'application/json' },
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      passwordConfirmation: user.password,
      locale: user.locale,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const link = new URL(linkIn(await readMail({ to: user.email }), CONFIRM_LINK));
  const code = link.pathname.split('/').pop();
  const confirmed = await request.get(`/api/auth/confirm-email/${code}`, {
    headers: { Accept: 'application/json' },
  });
  expect(confirmed.status()).toBe(200);
}

export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
}

/**
 * Opens `path` already signed in as `user`: the token of an API login goes into the cookie the web app
 * reads it from (`auth._token`), so the test does not pass through the login page, which auth.spec.ts
 * (and the keyboard and profile specs) test themselves.
 */
export async function openSignedIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  path: string,
): Promise<void> {
  const login = await page.request.post('/api/auth/login', {
    headers: { Accept: 'application/json' },
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const token: string = (await login.json()).data.attributes.accessToken;
  // The server playwright.config.ts starts (its baseURL).
  const url = `http://127.0.0.1:${process.env.E2E_PORT}`;
  await page.context().addCookies([{ name: 'auth._token', value: token, url }]);
  await page.goto(path);
}

/** The messages shown under an input, found through its aria-describedby. */
export async function fieldErrorOf(page: Page, name: string): Promise<string> {
  const input = page.locator(`input[name="${name}"]`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) throw new Error(`${name} has no error description`);
  return (await page.locator(`[id="${errorId}"]`).textContent()) ?? '';
}

/** A notice (toast) with the text; Radix also copies the text into a live region, so match the toast itself. */
export async function expectNotice(page: Page, text: string): Promise<void> {
  await expect(page.locator('[data-kind]').filter({ hasText: text })).toBeVisible();
}
