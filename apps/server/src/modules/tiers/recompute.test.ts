import { ActionCode, Tier } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinks, links } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { refreshDeadFeeds } from './dead-feeds.ts';

/**
 * Issue 31: the "feeds a dead tier 1 page" flags follow a change of the links at once, not only the next
 * check: moving, deleting or editing a tier 1 link, and uploading links (bulk calls and their tasks).
 * The pages' states are written as a check would leave them; no page is fetched.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

let run = 0;

/**
 * Tier 1: `dead` (answered 404) and `alive` (200). Tier 2: `a` and `b` link to `dead` only (flagged),
 * `c` links to `dead` and to `spare`, a page that is not a tier 1 link yet (flagged until it is).
 */
async function setup() {
  run++;
  const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
  const project = await makeProject(t.db, { userId: user.id });
  const tierOne = await makeCampaign(t.db, { userId: user.id, projectId: project.id, tier: Tier.One });
  const tierTwo = await makeCampaign(t.db, { userId: user.id, projectId: project.id, tier: Tier.Two });
  const page = (name: string) => `https://t${run}.example.org/${name}`;
  const [dead, alive] = await makeLinks(t.db, { campaign: tierOne, urls: [page('dead'), page('alive')] });
  await t.db.update(links).set({ responseCode: 404 }).where(eq(links.id, dead.id));
  await t.db.update(links).set({ responseCode: 200 }).where(eq(links.id, alive.id));
  const [a, b, c] = await makeLinks(t.db, {
    campaign: tierTwo,
    urls: ['a', 'b', 'c'].map((n) => `https://tier2-${run}.example.net/${n}`),
  });
  const backlink = (linkId: number, href: string) => ({ linkId, userId: user.id, href });
  await t.db
    .insert(backlinks)
    .values([
      backlink(a.id, page('dead')),
      backlink(b.id, `${page('dead')}#more`),
      backlink(c.id, page('dead')),
      backlink(c.id, page('spare')),
    ]);
  await refreshDeadFeeds(t.db, project.id);
  const flags = async () => {
    const rows = await t.db
      .select({ id: links.id, reason: links.deadFeedReason })
      .from(links)
      .where(and(eq(links.projectId, project.id), eq(links.tier, Tier.Two)))
      .orderBy(links.id);
    return rows.map((r) => r.reason);
  };
  expect(await flags()).toEqual(['error', 'error', 'error']);
  return { user, token, project, tierOne, tierTwo, page, dead, alive, a, b, c, flags };
}

async function ok(res: Promise<{ status: number }>) {
  expect((await res).status).toBeLessThan(300);
}

async function uploadTxt(token: string, campaignId: number, urls: string[]) {
  const boundary = `----recompute${run}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="campaign"\r\n\r\n${campaignId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="links.txt"\r\nContent-Type: text/plain\r\n\r\n${urls.join('\n')}\r\n` +
      `--${boundary}--\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/links/upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      'x-localization': 'en',
    },
  });
  expect(res.statusCode).toBeLessThan(300);
}

describe('tier flags recomputed when links change (issue 31)', () => {
  it('editing the dead tier 1 link to another page clears its tier 2 links at once', async () => {
    const s = await setup();
    await ok(
      t.api('PUT', `links/${s.dead.id}`, { token: s.token, body: { url: `t${run}.example.org/new` } }),
    );
    expect(await s.flags()).toEqual([null, null, null]);
  });

  it("deleting it clears them; deleting the tier 2 page's backlink to it clears that one", async () => {
    const s = await setup();
    const [backlinkOfA] = await t.db.select().from(backlinks).where(eq(backlinks.linkId, s.a.id));
    await ok(t.api('DELETE', `backlinks/${backlinkOfA.id}`, { token: s.token }));
    expect(await s.flags()).toEqual([null, 'error', 'error']);
    await ok(t.api('DELETE', `links/delete?links[]=${s.dead.id}`, { token: s.token }));
    expect(await s.flags()).toEqual([null, null, null]);
  });

  it('moving it to history clears them, recovering it flags them again', async () => {
    const s = await setup();
    await ok(t.api('POST', `links/history?links[]=${s.dead.id}`, { token: s.token }));
    expect(await s.flags()).toEqual([null, null, null]);
    await ok(t.api('POST', `links/history/recover?links[]=${s.dead.id}`, { token: s.token }));
    expect(await s.flags()).toEqual(['error', 'error', 'error']);
  });

  it('moving it to a tier 2 campaign clears them', async () => {
    const s = await setup();
    await ok(t.api('POST', `links/move?campaign=${s.tierTwo.id}&links[]=${s.dead.id}`, { token: s.token }));
    // The moved page is a tier 2 link now (listed first, the oldest), feeding nothing known.
    expect(await s.flags()).toEqual([null, null, null, null]);
  });

  it('the same moves started as tasks: to history and back', async () => {
    const s = await setup();
    const query = `links[]=${s.dead.id}`;
    await ok(t.api('POST', `actions/${ActionCode.AddToHistory}/start?${query}`, { token: s.token }));
    await t.drain();
    expect(await s.flags()).toEqual([null, null, null]);
    await ok(t.api('POST', `actions/${ActionCode.RecoverFromHistory}/start?${query}`, { token: s.token }));
    await t.drain();
    expect(await s.flags()).toEqual(['error', 'error', 'error']);
  });

  it('uploading a tier 1 page a flagged tier 2 link also feeds clears that one', async () => {
    const s = await setup();
    await uploadTxt(s.token, s.tierOne.id, [s.page('spare')]);
    expect(await s.flags()).toEqual(['error', 'error', null]);
  });

  it('uploading tier 2 links flags them as they stand: the new ones feed nothing yet, the old flags stay', async () => {
    const s = await setup();
    await uploadTxt(s.token, s.tierTwo.id, [`https://tier2-${run}.example.net/new`]);
    expect(await s.flags()).toEqual(['error', 'error', 'error', null]);
  });
});
