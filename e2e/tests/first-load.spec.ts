import { type APIRequestContext, expect, test } from '@playwright/test';
import { campaignWithLinks } from './projectHelpers.ts';
import { newUser, openSignedIn } from './support.ts';

/**
 * What the dashboard and the campaign page download before their first paint (issue 25 point 13), as the
 * built app names it in the page: the entry, its imports, and the chunks of the page's layout and its own
 * (the server's modulepreload list, the static imports of the build's manifest). zod and the schemas, Radix's
 * dialogs, the radio cards, the console and the balance or profile pages' parts are none of it: each of them
 * once came in through a chunk the frame or the list pages shared (the realtime parser, the acting banner, a
 * part two other pages shared), and the phone's Lighthouse score fell with the 90 KB more to run.
 */
async function firstLoadFiles(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  return [
    ...html.matchAll(/<script type="module" crossorigin src="\/assets\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g),
  ].map((m) => m[1]);
}

const NOT_IN_A_FIRST_LOAD = /^(schemas|popups|controls|console|BalancePage|PersonalInfoForm|ProfilePage)-/;

test('the dashboard and the campaign page download no schema, dialog, console or other page code first', async ({
  request,
}) => {
  const campaign = await firstLoadFiles(request, '/en/campaign/active/1/1');
  expect(campaign.some((file) => file.startsWith('CampaignPage-'))).toBe(true);
  expect(campaign.some((file) => file.startsWith('lists-'))).toBe(true);
  expect(campaign.filter((file) => NOT_IN_A_FIRST_LOAD.test(file))).toEqual([]);

  const dashboard = await firstLoadFiles(request, '/en');
  expect(dashboard.some((file) => file.startsWith('DashboardPage-'))).toBe(true);
  expect(dashboard.filter((file) => NOT_IN_A_FIRST_LOAD.test(file))).toEqual([]);

  // The notices (Radix Toast) come with the first notice, not inside a chunk of the first load (the kit).
  for (const file of new Set([...campaign, ...dashboard])) {
    const code = await (await request.get(`/assets/${file}`)).text();
    expect(code.includes('ToastProvider'), file).toBe(false);
  }
});

test("a campaign page's cold load reads its first screen in one batch call, then draws its codes ring", async ({
  page,
  request,
}) => {
  const user = newUser('en');
  const campaign = await campaignWithLinks(request, { user, count: 3 });
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) reads.push(`${r.method()} ${url.pathname}`);
  });
  const batch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/batch');
  await openSignedIn(page, user, `/en/campaign/active/1/${campaign}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.locator('[data-link-row]')).toHaveCount(3);

  const answer = await (await batch).json();
  const batched: { url: string; status: number }[] = answer.data;
  expect(batched.map((read) => read.url.split('?')[0])).toEqual(
    expect.arrayContaining([
      '/api/user/me',
      `/api/campaigns/${campaign}`,
      '/api/links',
      '/api/user/accounts',
    ]),
  );
  expect(batched.every((read) => read.status === 200)).toBe(true);
  // None of them read again alone: the app's calls took the batch's answers.
  const alone = new Set(batched.map((read) => `GET ${read.url.split('?')[0]}`));
  expect(reads.filter((read) => alone.has(read))).toEqual([]);
  // The chart kit comes once the page is shown.
  await expect(page.getByRole('img', { name: 'Response codes of the links in this list' })).toBeVisible();
});
