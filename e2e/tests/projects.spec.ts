import { expect, test } from '@playwright/test';
import { createProject, signedIn } from './projectHelpers.ts';
import { expectNotice } from './support.ts';

test('create a project with two domains and a redirect; it shows in the sidebar and on the dashboard', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.getByRole('button', { name: 'Create campaign' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Create project or campaign' });

  // The project name follows the first domain while it is empty.
  await panel.getByLabel('Main domain').fill('shop.example.com');
  await expect(panel.getByLabel('Project name')).toHaveValue('shop.example.com');
  await panel.getByRole('button', { name: 'Add redirect (301, 302)' }).click();
  await panel.getByRole('button', { name: 'Add redirect (301, 302)' }).click();
  await panel.getByLabel('Redirect domain').first().fill('old-shop.example.com');
  await panel.getByLabel('Redirect domain').last().fill('http://bad');
  await panel.getByLabel('Project name').fill('My Shop');
  await panel.getByLabel('Campaign name').fill('Guest posts');
  await panel.getByRole('button', { name: 'Create project' }).click();
  await expect(panel.getByText('must be valid url(without protocol)')).toBeVisible();

  // Remove the broken redirect row and create.
  await panel.getByRole('button', { name: 'Remove domain http://bad' }).click();
  await panel.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/en\/campaign\/active\/1\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Guest posts' })).toBeVisible();

  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'My Shop' })
    .click();
  await expect(page).toHaveURL(/\/en\/project\/active\/1\/\d+$/);
  await expect(page.getByText('Domains: shop.example.com, old-shop.example.com')).toBeVisible();

  await page.goto('/en');
  await expect(page.getByRole('link', { name: 'My Shop' })).toBeVisible();
});

test('a second campaign at tier 2 of an existing project, and the unsaved-changes warning', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await createProject(page, { domains: ['blog.example.org'], campaignName: 'First' });

  await page.getByRole('button', { name: 'Create campaign' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Create project or campaign' });
  await panel.getByRole('tab', { name: 'Existing project' }).click();
  await expect(panel.getByRole('tab', { name: 'Existing project' })).toHaveAttribute('aria-selected', 'true');
  const name = panel.getByLabel('Campaign name');
  await name.fill('Tier two');
  await expect(name).toHaveValue('Tier two');
  await expect(name).toBeFocused();
  await page.keyboard.press('Escape');
  const warning = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
  await expect(warning).toContainText('Are you sure you want to leave? Unsaved changes will be lost');
  await warning.getByRole('button', { name: 'Cancel' }).click();

  await panel.getByRole('combobox', { name: 'Project' }).click();
  await page
    .getByRole('option', { name: /blog\.example\.org/ })
    .first()
    .click();
  await panel.getByRole('radio', { name: /Tier 2/ }).click();
  await panel.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/en\/campaign\/active\/2\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tier two' })).toBeVisible();
});

test('campaign and project settings: rename, a refused empty name, delete after confirming', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await createProject(page, {
    domains: ['settings.example.com'],
    projectName: 'Settings Shop',
    campaignName: 'Old name',
  });

  await page.getByRole('button', { name: 'Settings' }).click();
  const campaignSettings = page.getByRole('dialog', { name: 'Campaign settings' });
  await campaignSettings.getByLabel('Name').fill('');
  await campaignSettings.getByRole('button', { name: 'Save' }).click();
  await expect(campaignSettings.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await campaignSettings.getByLabel('Name').fill('New name');
  await campaignSettings.getByRole('button', { name: 'Save' }).click();
  await expect(campaignSettings).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'New name' })).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  await campaignSettings.getByRole('button', { name: 'Delete campaign' }).click();
  const confirmCampaign = page.getByRole('alertdialog', { name: 'Delete campaign "New name"?' });
  await confirmCampaign.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/en\/project\/active\/1\/\d+$/);
  await expectNotice(page, 'Campaign "New name" deleted.');

  await page.getByRole('button', { name: 'Settings' }).click();
  const projectSettings = page.getByRole('dialog', { name: 'Project settings' });
  await projectSettings.getByRole('button', { name: 'Delete project' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete project "Settings Shop"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/en$/);
  await expectNotice(page, 'Project "Settings Shop" deleted.');
});
