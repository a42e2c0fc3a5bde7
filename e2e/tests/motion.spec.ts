import { type Browser, expect, test } from '@playwright/test';
import { createConfirmedUser, newUser, openSignedIn } from './support.ts';

/**
 * The dashboard while its projects are never answered (and its first reads' batch fails): its skeletons pulse (Tailwind's infinite
 * `animate-pulse`). What is still running is read from the document's own animations. The rule under
 * test is styles.css's reduced-motion block; the browser tests run with the preference (playwright.config.ts).
 */
async function loadingDashboard(browser: Browser, reducedMotion: 'reduce' | 'no-preference') {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  const user = newUser('en');
  await createConfirmedUser(page.request, user);
  // The first reads' batch fails, so each is sent alone (api/http.ts), and the projects' never answers.
  await page.route(
    (url) => url.pathname === '/api/batch',
    (route) => route.abort(),
  );
  await page.route(
    (url) => url.pathname.startsWith('/api/projects'),
    () => {},
  );
  await openSignedIn(page, user, '/en');
  await expect(page.locator('.animate-pulse').first()).toBeAttached();
  const running = () =>
    page.evaluate(() =>
      document.getAnimations().map((animation) => ({
        name: (animation as CSSAnimation).animationName,
        iterations: animation.effect?.getComputedTiming().iterations,
      })),
    );
  return { context, running };
}

test('a reader who asks for reduced motion gets loading placeholders that stand still', async ({
  browser,
}) => {
  const moving = await loadingDashboard(browser, 'no-preference');
  // Without the preference the pulse runs for as long as the page waits: the check below can fail.
  expect(await moving.running()).toContainEqual({ name: 'pulse', iterations: Number.POSITIVE_INFINITY });
  await moving.context.close();

  const still = await loadingDashboard(browser, 'reduce');
  await expect.poll(still.running).toEqual([]);
  await still.context.close();
});
