import { createChecker, createRenderer, type Renderer } from '@linkwatch/checker';
import { ActionCode } from '@linkwatch/shared';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evidenceShots, linkEvidence } from '../../db/schema/index.ts';
import { type DonorWeb, startDonorWeb } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWorker } from '../../worker/worker.ts';
import { pruneEvidence } from './evidence.retention.ts';

/**
 * Evidence of a link's state changes (issue 31) end to end: a real Chromium photographs the fixture
 * page when the link is found and when it is lost, both states are served side by side, the PDF
 * sheet carries both, another account gets 404, retention deletes old rows. One Chromium for the file.
 */

vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
let web: DonorWeb;
let renderer: Renderer;
let checker: ReturnType<typeof createChecker>;

beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
  renderer = await createRenderer({ allowPrivateNetworks: true, timeoutMs: 10_000, settleMs: 1_000 });
  checker = createChecker({ allowPrivateNetworks: true, parseThreads: 0, timeoutMs: 5_000 });
}, 30_000);

afterAll(async () => {
  await checker.close();
  await renderer.close();
  await web.close();
  await t.close();
});

const acceptor = 'shop.example.com';
const withLink = `<!doctype html><html><head><title>Donor</title></head><body><h1>Reviews</h1>
<p>Our favourite garden tools come from <a href="https://${acceptor}/tools" rel="nofollow">the best shop</a> in town, honestly.</p></body></html>`;
const withoutLink = `<!doctype html><html><head><title>Donor</title></head><body><h1>Reviews</h1>
<p>Our favourite garden tools come from a shop in town, honestly.</p></body></html>`;

async function setup(path: string) {
  const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
  const project = await makeProject(t.db, { userId: user.id, domains: [acceptor] });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Evidence' });
  const [link] = await makeLinks(t.db, { campaign, urls: [web.url(path)] });
  return { user, token, campaign, link };
}

/** One check task; first checks are photographed here (EVIDENCE_SCREENSHOTS=all) unless said otherwise. */
async function runCheck(s: Awaited<ReturnType<typeof setup>>, withBrowser = true, firstShots = true) {
  const start = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`, {
    token: s.token,
  });
  expect(start.status).toBe(201);
  const worker = createWorker({
    db: t.db,
    checker,
    renderer: withBrowser ? renderer : undefined,
    evidenceShotsAtFirstCheck: firstShots,
    providers: t.ctx.providers,
    log: t.ctx.log,
  });
  await worker.drain();
}

async function pdfOf(url: string, token: string, locale = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${token}`, 'x-localization': locale },
  });
  return res;
}

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('evidence with a browser', () => {
  it('keeps both states of found → lost with screenshots, serves them and the PDF sheet', async () => {
    const path = `/e${Date.now()}`;
    web.set(path, { body: withLink, headers: { 'x-served-by': 'donor-1' } });
    const s = await setup(path);
    await runCheck(s);

    const first = await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token });
    expect(first.status).toBe(200);
    expect(first.body.meta.retentionDays).toBe(180);
    expect(first.body.data).toHaveLength(1);
    const found = first.body.data[0];
    expect(found.changes.map((c: { changesType: string }) => c.changesType)).toContain('found');
    expect(found.before).toBeNull();
    expect(found.after).toMatchObject({
      responseCode: 200,
      shotMissing: null,
      shot: { marked: 'link', width: 1280, height: 800 },
      backlinks: [
        { anchor: 'the best shop', attribute: 'nofollow', textAfter: expect.stringContaining('in town') },
      ],
    });
    expect(found.after.headers['x-served-by']).toBe('donor-1');

    // Lost takes two misses in a row (one bad fetch is not a lost link): the first records nothing.
    web.set(path, { body: withoutLink, headers: { 'x-served-by': 'donor-2' } });
    await runCheck(s);
    expect((await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token })).body.data).toHaveLength(1);
    await runCheck(s);

    const listed = await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token });
    expect(listed.body.data).toHaveLength(2);
    // Three checks at 1 credit each: the two screenshots are not rendered checks and cost nothing.
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100 - 3);
    const lost = listed.body.data[0];
    expect(lost.changes).toEqual([{ changesType: 'lost', old: '1', new: '0' }]);
    // Before: the found state, with its own screenshot and date; after: the page without the link.
    expect(lost.before.shot.id).toBe(found.after.shot.id);
    expect(lost.before.at).toBe(found.after.at);
    expect(lost.before.headers['x-served-by']).toBe('donor-1');
    expect(lost.before.backlinks).toHaveLength(1);
    expect(lost.after).toMatchObject({ responseCode: 200, backlinks: [], shotMissing: null });
    // The place the link stood ("…come from") is still on the page: it is boxed.
    expect(lost.after.shot.marked).toBe('place');
    expect(lost.after.headers['x-served-by']).toBe('donor-2');

    const image = await t.app.inject({
      method: 'GET',
      url: `/api/links/${s.link.id}/evidence/shots/${lost.after.shot.id}`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    // A JPEG (FF D8) and compressed: a 1280×800 viewport of a plain page is far under a raw bitmap.
    expect([...image.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(image.rawPayload.byteLength).toBeLessThan(200_000);

    const pdf = await pdfOf(`links/${s.link.id}/evidence.pdf`, s.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`link_${s.link.id}_evidence_${lost.id}.pdf`);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Evidence sheet');
    expect(text).toContain(web.url(path));
    expect(text).toContain('Link lost (was 1, now 0)');
    expect(text).toContain('Before');
    expect(text).toContain('After');
    expect(text).toContain('x-served-by: donor-1');
    expect(text).toContain('x-served-by: donor-2');
    expect(text).toContain('the best shop');
    expect(text).toContain('No link to your site on the page.');
    // Both screenshots are in the sheet as images.
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);

    // The sheet in Russian and of the first change (no state before).
    const ru = await pdfOf(`links/${s.link.id}/evidence.pdf?evidence=${found.id}`, s.token, 'ru');
    const ruText = (await pdfText(ru.rawPayload)).replace(/\s+/g, ' ');
    expect(ruText).toContain('Лист доказательств');
    expect(ruText).toContain('Раньше не проверялась');
  });

  it('by default photographs changes only, not the first check of a link (EVIDENCE_SCREENSHOTS=changes)', async () => {
    const path = `/fc${Date.now()}`;
    web.set(path, withLink);
    const s = await setup(path);
    await runCheck(s, true, false);
    const [found] = (await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token })).body.data;
    expect(found.after).toMatchObject({ responseCode: 200, shot: null, shotMissing: 'first_check' });

    web.set(path, withoutLink);
    await runCheck(s, true, false);
    await runCheck(s, true, false);
    const [lost] = (await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token })).body.data;
    expect(lost.changes).toEqual([{ changesType: 'lost', old: '1', new: '0' }]);
    expect(lost.before).toMatchObject({ shot: null, shotMissing: 'first_check' });
    expect(lost.after).toMatchObject({ shotMissing: null, shot: { marked: 'place' } });
  });

  it('is 404 for another account: the list, a screenshot and the sheet', async () => {
    const path = `/o${Date.now()}`;
    web.set(path, withLink);
    const s = await setup(path);
    await runCheck(s);
    const [row] = await t.db.select().from(linkEvidence).where(eq(linkEvidence.linkId, s.link.id));
    expect(row.afterShotId).not.toBeNull();
    const other = await makeUserWithToken(t.db);
    expect((await t.api('GET', `links/${s.link.id}/evidence`, { token: other.token })).status).toBe(404);
    expect(
      (await t.api('GET', `links/${s.link.id}/evidence/shots/${row.afterShotId}`, { token: other.token }))
        .status,
    ).toBe(404);
    expect((await t.api('GET', `links/${s.link.id}/evidence.pdf`, { token: other.token })).status).toBe(404);
    expect((await t.api('GET', `links/${s.link.id}/evidence`)).status).toBe(401);
    // Its owner's other link's screenshot id under this link is 404 too: the pair must match.
    const second = await setup(path);
    expect(
      (
        await t.api('GET', `links/${second.link.id}/evidence/shots/${row.afterShotId}`, {
          token: second.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe("the report's evidence (reports/links/{id}/evidence)", () => {
  it('gives each report link the change its check kept, both states; 404 for another account', async () => {
    const path = `/rp${Date.now()}`;
    web.set(path, withLink);
    const s = await setup(path);
    await runCheck(s);
    web.set(path, { status: 410, body: 'gone' });
    await runCheck(s);

    const report = await t.api('GET', `reports/links?filter[project]=${s.campaign.projectId}`, {
      token: s.token,
    });
    expect(report.status).toBe(200);
    // Newest first: the check that saw the page gone, then the first check that found the link.
    const [goneReport, foundReport] = report.body.data;
    expect(goneReport.attributes).toMatchObject({ linkId: s.link.id, evidence: true });
    expect(foundReport.attributes).toMatchObject({ linkId: s.link.id, evidence: true });

    const ofLink = (await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token })).body.data;
    expect(ofLink).toHaveLength(2);
    const gone = await t.api('GET', `reports/links/${goneReport.id}/evidence`, { token: s.token });
    expect(gone.status).toBe(200);
    expect(gone.body.meta).toEqual({ linkId: s.link.id, retentionDays: 180 });
    // Only the change this report records, the same as the link panel shows for it.
    expect(gone.body.data).toEqual([ofLink[0]]);
    expect(gone.body.data[0].before).toMatchObject({ responseCode: 200, shot: { marked: 'link' } });
    expect(gone.body.data[0].after).toMatchObject({ responseCode: 410 });
    const found = await t.api('GET', `reports/links/${foundReport.id}/evidence`, { token: s.token });
    expect(found.body.data).toEqual([ofLink[1]]);
    expect(found.body.data[0].before).toBeNull();

    // Another account: 404, and nothing of the report in its own report list.
    const other = await makeUserWithToken(t.db);
    const foreign = await t.api('GET', `reports/links/${goneReport.id}/evidence`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(web.url(path));
    expect((await t.api('GET', `reports/links/${goneReport.id}/evidence`)).status).toBe(401);

    // Retention removed the evidence: the report link says so and its list is empty.
    await t.db.delete(linkEvidence).where(eq(linkEvidence.linkId, s.link.id));
    const after = await t.api('GET', `reports/links?filter[project]=${s.campaign.projectId}`, {
      token: s.token,
    });
    expect(after.body.data.map((r: { attributes: { evidence: boolean } }) => r.attributes.evidence)).toEqual([
      false,
      false,
    ]);
    const none = await t.api('GET', `reports/links/${goneReport.id}/evidence`, { token: s.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });
});

describe('evidence without a browser (RENDER_BROWSERS=0)', () => {
  it('keeps code, headers and text and says the screenshot is not available; the PDF says so too', async () => {
    const path = `/nb${Date.now()}`;
    web.set(path, { status: 200, body: withLink, headers: { 'x-robots-tag': 'all' } });
    const s = await setup(path);
    await runCheck(s, false);
    web.set(path, { status: 410, body: 'gone' });
    await runCheck(s, false);
    const listed = await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token });
    expect(listed.body.data).toHaveLength(2);
    const gone = listed.body.data[0];
    expect(gone.changes.map((c: { changesType: string }) => c.changesType)).toContain('responseCode');
    expect(gone.after).toMatchObject({
      responseCode: 410,
      shot: null,
      shotMissing: 'no_browser',
      backlinks: [],
    });
    expect(gone.before).toMatchObject({ responseCode: 200, shot: null, shotMissing: 'no_browser' });
    expect(gone.before.headers['x-robots-tag']).toBe('all');
    const text = (
      await pdfText((await pdfOf(`links/${s.link.id}/evidence.pdf`, s.token, 'ua')).rawPayload)
    ).replace(/\s+/g, ' ');
    expect(text).toContain('Знімок недоступний: на цьому сервері не налаштовано браузер');
    expect(text).toContain('200 → 410');
  });

  it('an empty list for a link with no changes', async () => {
    const s = await setup('/never-checked');
    const listed = await t.api('GET', `links/${s.link.id}/evidence`, { token: s.token });
    expect(listed.body.data).toEqual([]);
    expect((await t.api('GET', `links/${s.link.id}/evidence.pdf`, { token: s.token })).status).toBe(404);
  });
});

describe('retention', () => {
  it('deletes evidence and screenshots older than EVIDENCE_RETENTION_DAYS, keeps the rest', async () => {
    const path = `/rt${Date.now()}`;
    web.set(path, withLink);
    const s = await setup(path);
    await runCheck(s);
    web.set(path, { status: 404, body: 'no' });
    await runCheck(s);
    const rows = await t.db.select().from(linkEvidence).where(eq(linkEvidence.linkId, s.link.id));
    expect(rows).toHaveLength(2);
    const [older, newer] = [...rows].sort((a, b) => a.id - b.id);
    // The first change (and its screenshot) is made 200 days old; the second stays today's.
    await t.db.execute(
      sql`update ${linkEvidence} set created_at = now() - interval '200 days' where id = ${older.id}`,
    );
    await t.db.execute(
      sql`update ${evidenceShots} set taken_at = now() - interval '200 days' where link_id = ${s.link.id}`,
    );
    const deleted = await pruneEvidence(t.ctx);
    expect(deleted.evidence).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(linkEvidence).where(eq(linkEvidence.linkId, s.link.id));
    expect(left.map((r) => r.id)).toEqual([newer.id]);
    // The old screenshot is still the newer evidence's state before: kept while something points to it.
    const shots = await t.db.select().from(evidenceShots).where(eq(evidenceShots.linkId, s.link.id));
    const pointed = [newer.beforeShotId, newer.afterShotId].filter((id) => id !== null);
    expect(shots.map((x) => x.id).sort()).toEqual([...pointed].sort());
    // Once that evidence is old too, everything of the link goes.
    await t.db.execute(
      sql`update ${linkEvidence} set created_at = now() - interval '200 days' where id = ${newer.id}`,
    );
    await t.db.execute(
      sql`update ${evidenceShots} set taken_at = now() - interval '200 days' where link_id = ${s.link.id}`,
    );
    await pruneEvidence(t.ctx);
    expect(await t.db.select().from(linkEvidence).where(eq(linkEvidence.linkId, s.link.id))).toEqual([]);
    expect(await t.db.select().from(evidenceShots).where(eq(evidenceShots.linkId, s.link.id))).toEqual([]);
  });
});
