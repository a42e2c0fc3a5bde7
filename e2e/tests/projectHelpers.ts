import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createConfirmedUser, newUser, openSignedIn, type TestUser } from './support.ts';

/** A confirmed user, signed in through the API (support.ts openSignedIn), on the dashboard. */
export async function signedIn(page: Page, request: APIRequestContext): Promise<TestUser> {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await openSignedIn(page, user, '/en');
  await expect(page).toHaveURL(/\/en$/);
  return user;
}

/** Creates a project with its first campaign through the slide-over; ends on the campaign page. */
export async function createProject(
  page: Page,
  { domains, projectName, campaignName }: { domains: string[]; projectName?: string; campaignName: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Create campaign' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Create project or campaign' });
  await panel.getByLabel('Main domain').fill(domains[0]);
  for (const domain of domains.slice(1)) {
    await panel.getByRole('button', { name: 'Add redirect (301, 302)' }).click();
    await panel.getByLabel('Redirect domain').last().fill(domain);
  }
  if (projectName) await panel.getByLabel('Project name').fill(projectName);
  await panel.getByLabel('Campaign name').fill(campaignName);
  await panel.getByRole('button', { name: 'Create project' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/en\/campaign\/active\/1\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: campaignName })).toBeVisible();
}

const headers = { Accept: 'application/json', 'x-localization': 'en' };

/**
 * A self-registered, confirmed account (welcome credits: 100 by default) with one campaign "Reviews"
 * of links on the demo's sample web, made through the API: `count` made-up pages, or the sample
 * pages at `paths`. Answers the campaign's id.
 */
export async function campaignWithLinks(
  request: APIRequestContext,
  {
    user,
    count = 0,
    paths = [],
    urls = [],
  }: {
    user: TestUser;
    count?: number;
    paths?: string[];
    /** Whole URLs, on other hosts than the demo web. */
    urls?: string[];
  },
) {
  await createConfirmedUser(request, user);
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: user.email, password: user.password },
  });
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
  const created = await request.post('/api/projects/', {
    headers: auth,
    data: { domains: ['shop.example'], name: 'Shop', campaignName: 'Reviews' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = String((await created.json()).included[0].id);
  const origin = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}`;
  const made = Array.from({ length: count }, (_, i) => `/review-${i + 1}`);
  const lines = [...[...paths, ...made].map((path) => `${origin}${path}`), ...urls].join('\n');
  const upload = await request.post('/api/links/upload', {
    headers: auth,
    multipart: { campaign, file: { name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(lines) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return campaign;
}
