import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createConfirmedUser, logIn, newUser, type TestUser } from './support.ts';

/** A confirmed user, logged in through the login page, on the dashboard. */
export async function signedIn(page: Page, request: APIRequestContext): Promise<TestUser> {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await page.goto('/en/login');
  await logIn(page, user);
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
