import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinks, links } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (rows: { id: number }[]) => rows.map((r) => `links[]=${r.id}`).join('&');
const typesOf = async (rows: { id: number }[]) =>
  (
    await t.db
      .select({ listType: links.listType })
      .from(links)
      .where(
        inArray(
          links.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(links.id))
  ).map((r) => r.listType);

describe('moving links between tabs', () => {
  it('sends ticked links to history and back, answering how many changed', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const made = await makeLinks(t.db, {
      campaign,
      urls: ['http://m1.example.org/', 'http://m2.example.org/', 'http://m3.example.org/'],
    });
    const toHistory = await t.api('POST', `links/history?${ids(made.slice(0, 2))}`, { token });
    expect(toHistory.body).toEqual({ data: { count: 2 } });
    expect(await typesOf(made)).toEqual([1, 1, 2]);

    const recover = await t.api('POST', `links/history/recover?${ids(made)}`, { token });
    expect(recover.body).toEqual({ data: { count: 2 } });
    expect(await typesOf(made)).toEqual([2, 2, 2]);
  });

  it('sends every link the filters select to disallow, and recovers by filters from the disallow tab', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const other = await makeWorkspace(t.db);
    const made = await makeLinks(t.db, {
      campaign,
      urls: ['http://f1.example.org/', 'http://f2.example.org/'],
    });
    await t.db.update(links).set({ responseCode: 404 }).where(eq(links.id, made[0].id));
    const theirs = await makeLinks(t.db, {
      campaign: other.campaign,
      urls: ['http://f3.example.org/'],
      values: { responseCode: 404 },
    });

    const res = await t.api('POST', `links/disallow?filter[responseCode]=404`, { token });
    expect(res.body).toEqual({ data: { count: 1 } });
    expect(await typesOf(made)).toEqual([3, 2]);
    expect(await typesOf(theirs)).toEqual([2]);

    const recover = await t.api('POST', `links/disallow/recover?filter[campaign]=${campaign.id}`, { token });
    expect(recover.body).toEqual({ data: { count: 1 } });
    expect(await typesOf(made)).toEqual([2, 2]);
  });

  it("answers 422 'No selected links' for no selection, and for ids that are not the user's", async () => {
    const { token } = await makeWorkspace(t.db);
    const other = await makeWorkspace(t.db);
    const theirs = await makeLinks(t.db, { campaign: other.campaign, urls: ['http://x1.example.org/'] });
    for (const path of [
      'links/history',
      'links/disallow',
      'links/history/recover',
      'links/disallow/recover',
    ]) {
      const res = await t.api('POST', path, { token });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('No selected links');
    }
    const foreign = await t.api('POST', `links/history?${ids(theirs)}`, { token, locale: 'ru' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe('Не выбраны ссылки');
    expect(await typesOf(theirs)).toEqual([2]);
  });
});

describe('DELETE links/delete', () => {
  it('deletes the selected links with their backlinks, leaving the rest', async () => {
    const { user, token, campaign } = await makeWorkspace(t.db);
    const made = await makeLinks(t.db, {
      campaign,
      urls: ['http://d1.example.org/', 'http://d2.example.org/'],
    });
    await t.db
      .insert(backlinks)
      .values({ linkId: made[0].id, userId: user.id, href: 'http://site.example.com/' });
    const other = await makeWorkspace(t.db);
    const theirs = await makeLinks(t.db, { campaign: other.campaign, urls: ['http://d1.example.org/'] });

    const res = await t.api('DELETE', `links/delete?links[]=${made[0].id}&links[]=${theirs[0].id}`, {
      token,
    });
    expect(res.body).toEqual({ data: { count: 1 } });
    expect(
      await t.db
        .select()
        .from(links)
        .where(
          inArray(
            links.id,
            [...made, ...theirs].map((l) => l.id),
          ),
        ),
    ).toHaveLength(2);
    expect(await t.db.select().from(backlinks).where(eq(backlinks.linkId, made[0].id))).toEqual([]);
    expect((await t.api('DELETE', 'links/delete', { token })).status).toBe(422);
  });
});

describe('POST links/move', () => {
  it('moves links to another campaign, taking its project and tier, and skips URLs it already has', async () => {
    const { user, token, campaign } = await makeWorkspace(t.db);
    const project2 = await makeProject(t.db, { userId: user.id });
    const target = await makeCampaign(t.db, { userId: user.id, projectId: project2.id, tier: 2 });
    const made = await makeLinks(t.db, {
      campaign,
      urls: ['http://mv1.example.org/', 'http://mv2.example.org/', 'http://mv3.example.org/'],
    });
    await makeLinks(t.db, { campaign: target, urls: ['http://mv3.example.org/'] });

    const res = await t.api('POST', `links/move?campaign=${target.id}&filter[campaign]=${campaign.id}`, {
      token,
    });
    expect(res.body).toEqual({ data: { count: 2, moved: 2, skipped: 1 } });
    const rows = await t.db
      .select()
      .from(links)
      .where(
        inArray(
          links.id,
          made.map((l) => l.id),
        ),
      )
      .orderBy(asc(links.id));
    expect(rows.map((r) => [r.campaignId, r.projectId, r.tier])).toEqual([
      [target.id, project2.id, 2],
      [target.id, project2.id, 2],
      [campaign.id, campaign.projectId, 1],
    ]);
  });

  it('moves one copy when the selection holds the same URL from two campaigns', async () => {
    const { user, token, project, campaign } = await makeWorkspace(t.db);
    const second = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    const target = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    const a = await makeLinks(t.db, { campaign, urls: ['http://same.example.org/'] });
    const b = await makeLinks(t.db, { campaign: second, urls: ['http://same.example.org/'] });
    const res = await t.api('POST', `links/move?campaign=${target.id}&${ids([...a, ...b])}`, { token });
    expect(res.body.data).toEqual({ count: 1, moved: 1, skipped: 1 });
  });

  it("answers 422 under campaign for a missing or another user's target, and moves nothing", async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const made = await makeLinks(t.db, { campaign, urls: ['http://mt.example.org/'] });
    const other = await makeWorkspace(t.db);
    const missing = await t.api('POST', `links/move?${ids(made)}`, { token });
    expect(missing.body.errors).toEqual({ campaign: ['The campaign field is required'] });
    const foreign = await t.api('POST', `links/move?campaign=${other.campaign.id}&${ids(made)}`, { token });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('campaign');
    const [row] = await t.db.select().from(links).where(eq(links.id, made[0].id));
    expect(row.campaignId).toBe(campaign.id);
    const empty = await t.api('POST', `links/move?campaign=${campaign.id}`, { token });
    expect(empty.body.message).toBe('No selected links');
  });
});
