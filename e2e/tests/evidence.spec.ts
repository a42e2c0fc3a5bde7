import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { fill, texts } from './i18n.ts';
import { createConfirmedUser, newUser, openSignedIn } from './support.ts';

/**
 * Evidence (issue 31) in the link panel, in en, ru and ua: a check that finds the link keeps its state
 * with code, headers and text; this server renders no pages (RENDER_BROWSERS=0), so the panel says
 * plainly the screenshot is not available, and "Export evidence (PDF)" saves the sheet.
 */
const PAGE = '/blog/best-online-shops';

for (const locale of ['en', 'ru', 'ua'] as const) {
  test(`the link panel shows the evidence and exports the PDF sheet (${locale})`, async ({
    page,
    request,
  }) => {
    // A check, then the campaign page and the panel's chunks on a loaded 2-core machine.
    test.setTimeout(150_000);
    const t = texts(locale);
    const headers = { Accept: 'application/json', 'x-localization': locale };
    const user = newUser(locale);
    await createConfirmedUser(request, user);
    const login = await request.post('/api/auth/login', {
      headers,
      data: { email: user.email, password: user.password },
    });
    const auth = { ...headers, Authorization: `Bearer ${(await login.json()).data.attributes.accessToken}` };
    const created = await request.post('/api/projects/', {
      headers: auth,
      data: { domains: ['demo-shop.com'], name: 'Shop', campaignName: 'Posts' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const campaign = String((await created.json()).included[0].id);
    const origin = `http://127.0.0.1:${process.env.E2E_DEMO_WEB_PORT}`;
    const upload = await request.post('/api/links/upload', {
      headers: auth,
      multipart: {
        campaign,
        file: { name: 'links.txt', mimeType: 'text/plain', buffer: Buffer.from(origin + PAGE) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const start = await request.post(`/api/actions/2/start?campaign=${campaign}`, { headers: auth });
    expect(start.status(), await start.text()).toBe(201);
    await expect
      .poll(
        async () => {
          const task = await request.get(`/api/actions/${(await start.json()).data.id}`, { headers: auth });
          return (await task.json()).data.attributes.statusId;
        },
        { timeout: 45_000 },
      )
      .toBe(1);

    const prefix = locale === 'en' ? '' : `/${locale}`;
    await openSignedIn(page, user, `${prefix}/campaign/active/1/${campaign}`);
    const url = new URL(origin + PAGE);
    await page
      .getByRole('button', { name: fill(t.linksUi.table.open, { url: `${url.host}${url.pathname}` }) })
      .click();
    const panel = page.getByRole('dialog');
    await expect(panel).toContainText('best-online-shops', { timeout: 30_000 });
    const evidence = panel.locator('[data-evidence]');
    await expect(evidence).toBeVisible({ timeout: 30_000 });
    const item = evidence.locator('[data-evidence-item]').first();
    await expect(item).toContainText(fill(t.evidence.changes.found, { new: '1' }));
    // Before: the first check; after: the page as read, its text around the link, no screenshot (no browser).
    await expect(item.getByRole('region', { name: t.evidence.before })).toContainText(
      t.evidence.notCheckedBefore,
    );
    const after = item.getByRole('region', { name: t.evidence.after });
    await expect(after).toContainText('200');
    await expect(after.locator('[data-shot-missing]')).toHaveText(t.evidence.shotMissing.no_browser);
    await expect(after.locator('mark')).not.toHaveCount(0);

    const saving = page.waitForEvent('download');
    await item.getByRole('button', { name: t.evidence.exportPdf }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(/^link_\d+_evidence_\d+\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
}
