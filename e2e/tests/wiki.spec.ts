import { expect, test } from '@playwright/test';
import { LOCALES, texts } from './i18n.ts';

// Issue 30: a visitor who is not signed in reads the wiki as the server writes it (what a search engine
// reads): the wiki's home, a section, an article with its canonical address, its translations and
// structured data, and the way from one language to another.
for (const locale of LOCALES) {
  test(`a visitor reads a FAQ answer and its translations (${locale})`, async ({ page }) => {
    const t = texts(locale);
    await page.goto(`/${locale}/wiki`);
    await expect(page.locator('html')).toHaveAttribute('lang', /.+/);
    await page
      .getByRole('navigation', { name: t.wiki.reader.sectionsNav })
      .getByRole('link', { name: t.wiki.sections.faq, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The first answer of the section: its page is the canonical address the list links to.
    const first = page.locator('main li h2 a, li h2 a').first();
    const title = (await first.textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/wiki/[^/]+/\\d+-[a-z0-9-]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const here = page.url();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', here);

    // Each language of the answer names the others, and x-default names the English one.
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    const hreflangs = await alternates.evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
    expect(hreflangs.sort()).toEqual(['en', 'ru', 'uk', 'x-default']);
    const ownHreflang = locale === 'ua' ? 'uk' : locale;
    await expect(page.locator(`link[rel="alternate"][hreflang="${ownHreflang}"]`)).toHaveAttribute(
      'href',
      here,
    );

    // The structured data says what the page is: a question with its answer, inside the breadcrumbs.
    const data = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null')));
    const types = data.flatMap((d) => (Array.isArray(d) ? d : [d])).map((d) => d?.['@type']);
    expect(types).toEqual(expect.arrayContaining(['FAQPage', 'BreadcrumbList']));

    // Without its slug the address answers 301 to the canonical one.
    const id = here.match(/\/(\d+)-[^/]+$/)?.[1];
    const bare = await page.request.get(here.replace(/\/\d+-[^/]+$/, `/${id}`), { maxRedirects: 0 });
    expect(bare.status()).toBe(301);
    expect(new URL(bare.headers().location ?? '', here).href).toBe(here);

    // Another language's version is one link away.
    const other = locale === 'en' ? 'ru' : 'en';
    const otherHref = await page.locator(`link[rel="alternate"][hreflang="${other}"]`).getAttribute('href');
    await page.goto(otherHref ?? '');
    await expect(page).toHaveURL(new RegExp(`/${other}/wiki/[^/]+/\\d+-`));
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  });
}
