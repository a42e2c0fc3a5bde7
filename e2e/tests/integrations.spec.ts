import { expect, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { createConfirmedUser, fieldErrorOf, newUser, openSignedIn } from './support.ts';

// Issue 32: a personal API key made on the Profile page calls the API within its scopes and stops
// at once when revoked; a webhook endpoint is registered (the private address refused) with its secret shown once.
test('create an API key, call the API with it, revoke it; add a webhook endpoint', async ({
  page,
  request,
}) => {
  // Two pages' worth of steps on a 2-core machine shared with the server and its worker.
  test.setTimeout(120_000);
  const t = texts('en');
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await openSignedIn(page, user, '/en/profile');
  await expect(page).toHaveURL(/\/en\/profile$/);

  // The first page of a cold server on a busy machine may take a while.
  await expect(page.getByText(t.apiKeys.empty)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(t.apiKeys.name).fill('Looker Studio');
  await page.getByRole('button', { name: t.apiKeys.create }).click();
  const secret = page.locator('input[data-secret]');
  await expect(secret).toHaveValue(/^lwk_/);
  const token = await secret.inputValue();
  await expect(page.locator('[data-api-key="Looker Studio"]')).toBeVisible();

  const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const read = await request.get('/api/projects', { headers: auth });
  expect(read.status()).toBe(200);
  // A read-only key may not write: 403, with the scope named.
  const write = await request.post('/api/projects/', { headers: auth, data: { name: 'From the API' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe(fill(t.apiKeys.errors.scope, { scope: 'write' }));

  await page.getByRole('button', { name: t.apiKeys.done }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-api-key="Looker Studio"]')).toContainText(/Last used/, {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: fill(t.apiKeys.revoke, { name: 'Looker Studio' }) }).click();
  await page.getByRole('button', { name: t.apiKeys.revokeConfirm, exact: true }).click();
  await expect(page.locator('[data-api-key="Looker Studio"]')).toHaveCount(0);
  await expect(page.getByText(t.apiKeys.empty)).toBeVisible();
  expect((await request.get('/api/projects', { headers: auth })).status()).toBe(401);

  // Webhooks: the SSRF guard refuses a loopback endpoint; a public one is added with its secret.
  await page.getByLabel(t.webhooks.url).fill('http://127.0.0.1:9/hook');
  await page.getByRole('button', { name: t.webhooks.create }).click();
  expect(await fieldErrorOf(page, 'url')).toBe(t.webhooks.errors.privateAddress);
  await page.getByLabel(t.webhooks.url).fill('https://hooks.example.com/linkwatch');
  await page.getByRole('button', { name: t.webhooks.create }).click();
  await expect(page.locator('input[data-secret]')).toHaveValue(/^whsec_/);
  const row = page.locator('[data-webhook="https://hooks.example.com/linkwatch"]');
  await expect(row).toContainText('task.finished');
  await row.getByRole('button', { name: t.webhooks.showLog }).click();
  await expect(row.getByText(t.webhooks.logEmpty)).toBeVisible();
});
