import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Findings, settled } from './axe.ts';
import { fill, texts } from './i18n.ts';
import type { Locale } from './support.ts';

// issue 30: the public domain check on the demo's web (its sample pages on loopback, the one origin the
// checker's SSRF guard lets through), without logging in; screenshots at 1440 and 390 px in en, ru, ua
// with DOMAIN_CHECK_SHOTS=dir.

const sample = (page: string) => `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}${page}`;

test('a visitor checks a page of the demo web: it answers, can be indexed or not, and links with its rel', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // The first HTML, as a search engine reads it: the page's own title, description, canonical and heading.
  const html = await (await request.get('/ru/domain-check')).text();
  expect(html).toContain('<html lang="ru-RU">');
  expect(html).toContain(`<title>${texts('ru').shell.pages.domainCheck} · Linkwatch</title>`);
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/ru\/domain-check">/);
  expect(html).toContain('hreflang="uk"');
  expect(html).toContain(`>${texts('ru').domainCheck.title}</h1>`);

  const en = texts('en').domainCheck;
  await page.goto('/en/domain-check');
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  await expect(page).toHaveTitle(`${texts('en').shell.pages.domainCheck} · Linkwatch`);
  await expect(page.getByRole('link', { name: en.cta.signUp })).toHaveAttribute('href', '/en/register');

  await page.getByLabel(en.form.url).fill(sample('/reviews/demo-shop'));
  await page.getByLabel(new RegExp(en.form.domain)).fill('demo-shop.com');
  await page.getByRole('button', { name: en.form.submit }).click();
  const result = page.getByTestId('domain-check-result');
  await expect(result.getByText(fill(en.answer.yes, { code: '200' }))).toBeVisible();
  await expect(result.getByText(en.index.yes)).toBeVisible();
  await expect(result.getByText(fill(en.links.yes_one, { count: '1' }))).toBeVisible();
  await expect(result.getByRole('row', { name: /the shop's page/ })).toContainText('nofollow, ugc');
  await expect(result.getByText(en.links.nofollowOnly)).toBeVisible();

  // A page closed by meta robots, then one the SSRF guard refuses (this app's own port, on loopback).
  await page.getByLabel(en.form.url).fill(sample('/private/noindex'));
  await page.getByRole('button', { name: en.form.submit }).click();
  await expect(result.getByText(fill(en.index.no, { reason: en.index.reasons.metaNoindex }))).toBeVisible();
  await page.getByLabel(en.form.url).fill(`http://127.0.0.1:${process.env.E2E_PORT}/en/login`);
  await page.getByRole('button', { name: en.form.submit }).click();
  await expect(result.getByText(en.errors.blocked_address)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'free checks left today' })).toBeVisible();

  // Every language, at desktop and phone width: no sideways scroll, no serious axe finding.
  const findings = new Findings();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const locale of ['en', 'ru', 'ua'] as Locale[]) {
      const t = texts(locale).domainCheck;
      await page.goto(`/${locale}/domain-check`);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await page.getByLabel(t.form.url).fill(sample('/blog/best-online-shops'));
      await page.getByLabel(new RegExp(t.form.domain)).fill('demo-shop.com');
      await page.getByRole('button', { name: t.form.submit }).click();
      await expect(result.getByText(fill(t.answer.yes, { code: '200' }))).toBeVisible();
      await settled(result);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await findings.scan(page, `${locale} at ${width} px`);
      if (process.env.DOMAIN_CHECK_SHOTS)
        await page.screenshot({
          path: path.join(process.env.DOMAIN_CHECK_SHOTS, `${locale}-${width}.png`),
          fullPage: true,
        });
    }
  }
  findings.expectNone();
});
