import { IndexState, LinkListType } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links, users } from '../../db/schema/index.ts';
import {
  makeCampaign,
  makeLinks,
  makeProject,
  makeUserWithToken,
  makeWorkspace,
} from '../../test/factories.ts';
import { statementsOf, tablesOf } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('projects', () => {
  it('creates a project with its domains and a first tier 1 campaign in one call', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('POST', 'projects/', {
      token,
      body: {
        domains: ['Shop.example.com', 'old-shop.example.com'],
        name: 'Shop',
        campaignName: 'Guest posts',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({
      name: 'Shop',
      mainDomain: 'shop.example.com',
      domains: ['shop.example.com', 'old-shop.example.com'],
      isFavorite: false,
    });
    expect(res.body.included[0].attributes).toMatchObject({ name: 'Guest posts', tier: 1 });

    const campaigns = await t.api('GET', `campaigns?filter[project]=${res.body.data.id}`, { token });
    expect(campaigns.body.data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual([
      'Guest posts',
    ]);
  });

  it('names each bad field with the spec rules and creates nothing', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('POST', 'projects/', {
      token,
      body: { domains: ['good.com', 'http://bad.com', 'two words.com'], projectName: '', campaignName: '' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'domains.1': ['The domain field must be valid url(without protocol). For example: "bad.com"'],
      'domains.2': ['The domain field must be without spaces'],
      projectName: ['The project name field is required'],
      campaignName: ['The campaign name field is required'],
    });
    expect((await t.api('GET', 'projects', { token })).body.meta.page.total).toBe(0);
  });

  it('lists favourites first with their statistic, and searches by name from 3 characters', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    await makeProject(t.db, { userId: user.id, name: 'Alpha site' });
    const fav = await makeProject(t.db, { userId: user.id, name: 'Zulu site', isFavorite: true });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: fav.id });
    await makeLinks(t.db, {
      campaign,
      urls: ['http://a.com/1', 'http://b.com/2'],
      values: { responseCode: 200, indexing: 1 },
    });
    await makeLinks(t.db, { campaign, urls: ['http://c.com/3'], values: { responseCode: 404 } });

    const list = await t.api('GET', 'projects?page[number]=1&page[size]=100&sort=isFavorite', { token });
    expect(list.body.data.map((p: { attributes: { name: string } }) => p.attributes.name)).toEqual([
      'Zulu site',
      'Alpha site',
    ]);
    expect(list.body.data[0].attributes.statistic).toEqual({
      companies: 1,
      tierOne: 3,
      tierTwo: 0,
      indexed: 2,
      goodCode: 2,
      badCode: 1,
      total: 3,
    });
    expect(list.body.meta.page).toEqual({ currentPage: 1, perPage: 100, total: 2, lastPage: 1 });
    const past = await t.api('GET', 'projects?page[number]=3&page[size]=50', { token });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.page).toMatchObject({ currentPage: 3, total: 2, lastPage: 1 });

    expect((await t.api('GET', 'projects?filter[query]=zul', { token })).body.data).toHaveLength(1);
    expect((await t.api('GET', 'projects?filter[query]=zu', { token })).status).toBe(422);

    const totals = await t.api('GET', 'projects/statistic', { token });
    expect(totals.body.data.attributes).toMatchObject({ companies: 1, total: 3, badCode: 1 });
  });

  it('counts every change of the links into the figures: tiers, tabs, checks, deletes, two projects', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const shop = await makeProject(t.db, { userId: user.id, name: 'Shop' });
    const blog = await makeProject(t.db, { userId: user.id, name: 'Blog' });
    const tierOne = await makeCampaign(t.db, { userId: user.id, projectId: shop.id });
    const tierTwo = await makeCampaign(t.db, { userId: user.id, projectId: shop.id, tier: 2 });
    const blogs = await makeCampaign(t.db, { userId: user.id, projectId: blog.id });
    const [kept, moved, gone] = await makeLinks(t.db, {
      campaign: tierOne,
      urls: ['http://a.com/1', 'http://a.com/2', 'http://a.com/3'],
    });
    await makeLinks(t.db, {
      campaign: tierTwo,
      urls: ['http://b.com/1'],
      values: { tier: 2, responseCode: 500, indexing: IndexState.Indexed },
    });
    await makeLinks(t.db, { campaign: blogs, urls: ['http://c.com/1'], values: { responseCode: 200 } });
    // A check's result, a link moved to the History tab and a deleted link, each after the insert.
    await t.db
      .update(links)
      .set({ responseCode: 200, indexing: IndexState.Indexed })
      .where(eq(links.id, kept.id));
    await t.db.update(links).set({ listType: LinkListType.History }).where(eq(links.id, moved.id));
    await t.db.delete(links).where(eq(links.id, gone.id));

    const list = await t.api('GET', 'projects?page[number]=1&page[size]=100', { token });
    const byName = Object.fromEntries(
      list.body.data.map((p: { attributes: { name: string; statistic: unknown } }) => [
        p.attributes.name,
        p.attributes.statistic,
      ]),
    );
    expect(byName.Shop).toEqual({
      companies: 2,
      tierOne: 1,
      tierTwo: 1,
      indexed: 2,
      goodCode: 1,
      badCode: 1,
      total: 2,
    });
    expect(byName.Blog).toEqual({
      companies: 1,
      tierOne: 1,
      tierTwo: 0,
      indexed: 0,
      goodCode: 1,
      badCode: 0,
      total: 1,
    });
    const totals = await t.api('GET', 'projects/statistic', { token });
    expect(totals.body.data.attributes).toEqual({
      companies: 3,
      tierOne: 2,
      tierTwo: 1,
      indexed: 2,
      goodCode: 2,
      badCode: 1,
      total: 3,
    });
    const empty = await makeUserWithToken(t.db);
    const none = await t.api('GET', 'projects/statistic', { token: empty.token });
    expect(none.body.data.attributes).toMatchObject({ companies: 0, total: 0, indexed: 0 });
  });

  // The dashboard asks for both on every load: a count over the links took the database ~1 s a call
  // with a million of them (npm run bench, load). The figures come from link_counters.
  it('answers the dashboard’s figures without reading the links, in a fixed number of statements', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    for (const name of ['One', 'Two', 'Three']) {
      const project = await makeProject(t.db, { userId: user.id, name });
      const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
      await makeLinks(t.db, { campaign, urls: ['http://a.com/1', 'http://a.com/2'] });
    }
    const list = await statementsOf(t.db, () =>
      t.api('GET', 'projects?page[number]=1&page[size]=100&sort=isFavorite', { token }),
    );
    const totals = await statementsOf(t.db, () => t.api('GET', 'projects/statistic', { token }));
    for (const statement of [...list, ...totals]) expect(tablesOf(statement)).not.toContain('links');
    // The token's user; the page with its total; the projects' figures.
    expect(list).toHaveLength(3);
    // The token's user; the totals.
    expect(totals).toHaveLength(2);
  });

  it('updates and deletes only the owner’s projects', async () => {
    const owner = await makeWorkspace(t.db);
    const stranger = await makeUserWithToken(t.db);
    const url = `projects/${owner.project.id}`;
    expect((await t.api('GET', url, { token: stranger.token })).status).toBe(404);
    expect((await t.api('PUT', url, { token: stranger.token, body: { isFavorite: true } })).status).toBe(404);
    expect((await t.api('DELETE', url, { token: stranger.token })).status).toBe(404);

    const updated = await t.api('PUT', url, {
      token: owner.token,
      body: { isFavorite: true, domains: ['new.example.com'] },
    });
    expect(updated.body.data.attributes).toMatchObject({ isFavorite: true, mainDomain: 'new.example.com' });
    expect((await t.api('DELETE', url, { token: owner.token })).status).toBe(200);
    expect((await t.api('GET', url, { token: owner.token })).status).toBe(404);
    expect((await t.api('GET', `campaigns/${owner.campaign.id}`, { token: owner.token })).status).toBe(404);
  });

  // Issue 24, point 5: the main domain builds IndexNow key-file URLs, so it gets the domains' rule.
  it('refuses a main domain that breaks the domains’ rule, with the spec message, and keeps the old one', async () => {
    const owner = await makeWorkspace(t.db);
    const url = `projects/${owner.project.id}`;
    const bad = [
      'evil.example@127.0.0.1:4250',
      'example.com:8080',
      'user:pass@example.com',
      'example.com?x=1',
      '[::1]',
      '[::1]:4250',
      '127.0.0.1',
      'http://example.com',
      'https://example.com',
      '//example.com',
      'exa mple.com',
      'example.com#frag',
      'localhost',
    ];
    for (const mainDomain of bad) {
      const res = await t.api('PUT', url, { token: owner.token, body: { mainDomain } });
      expect(res.status, mainDomain).toBe(422);
      expect(res.body.errors.mainDomain, mainDomain).toHaveLength(1);
    }
    const spec = await t.api('PUT', url, { token: owner.token, body: { mainDomain: 'example.com:8080' } });
    expect(spec.body.errors.mainDomain).toEqual([
      'The main domain field must be valid url(without protocol). For example: "example.com"',
    ]);
    const created = await t.api('POST', 'projects/', {
      token: owner.token,
      body: { domains: ['ok.example.com'], name: 'X', campaignName: 'C', mainDomain: 'a@127.0.0.1:1' },
    });
    expect(created.status).toBe(422);
    expect(Object.keys(created.body.errors)).toEqual(['mainDomain']);

    const read = await t.api('GET', url, { token: owner.token });
    expect(read.body.data.attributes.mainDomain).toBe(owner.project.mainDomain);
    const good = await t.api('PUT', url, { token: owner.token, body: { mainDomain: 'Shop.Example.com' } });
    expect(good.status).toBe(200);
    expect(good.body.data.attributes.mainDomain).toBe('shop.example.com');
    // Empty means "keep it" (the slide-over sends the first domain or nothing).
    expect((await t.api('PUT', url, { token: owner.token, body: { mainDomain: '' } })).status).toBe(200);
  });

  // links.user_id and project_id are not foreign keys (migration 0018): the links go with their campaign.
  it('takes the links with a deleted project, and with a deleted account', async () => {
    const linksOf = async (column: typeof links.projectId | typeof links.userId, id: number) =>
      (await t.db.select({ id: links.id }).from(links).where(eq(column, id))).length;
    const owner = await makeWorkspace(t.db);
    await makeLinks(t.db, {
      campaign: owner.campaign,
      urls: ['https://a.example.org/', 'https://b.example.org/'],
    });
    expect(await linksOf(links.projectId, owner.project.id)).toBe(2);
    expect((await t.api('DELETE', `projects/${owner.project.id}`, { token: owner.token })).status).toBe(200);
    expect(await linksOf(links.projectId, owner.project.id)).toBe(0);

    const leaving = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign: leaving.campaign, urls: ['https://c.example.org/'] });
    await t.db.delete(users).where(eq(users.id, leaving.user.id));
    expect(await linksOf(links.userId, leaving.user.id)).toBe(0);
  });
});

describe('campaigns', () => {
  it('creates tier 1 and tier 2 campaigns and filters them as a dropdown', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const created = await t.api('POST', 'campaigns/', {
      token,
      body: { project: project.id, name: 'Tier two', tier: 2 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ name: 'Tier two', tier: 2, projectId: project.id });

    const tier2 = await t.api(
      'GET',
      `campaigns?filter[project]=${project.id}&filter[tier]=2&page[size]=100`,
      { token },
    );
    expect(tier2.body.data.map((c: { id: number }) => c.id)).toEqual([created.body.data.id]);
    const search = await t.api('GET', `campaigns?filter[query]=two`, { token });
    expect(search.body.data).toHaveLength(1);
  });

  it('refuses a missing name, a bad tier and another user’s project', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const other = await makeWorkspace(t.db);
    const res = await t.api('POST', 'campaigns/', {
      token,
      body: { project: project.id, name: '', tier: 3 },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'tier']);
    const foreign = await t.api('POST', 'campaigns/', {
      token,
      body: { project: other.project.id, name: 'x' },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.project).toBeDefined();
  });

  it('renames and deletes a campaign of the owner only', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const stranger = await makeUserWithToken(t.db);
    const url = `campaigns/${campaign.id}`;
    expect((await t.api('PUT', url, { token: stranger.token, body: { name: 'x' } })).status).toBe(404);
    expect((await t.api('PUT', url, { token, body: { name: 'Renamed' } })).body.data.attributes.name).toBe(
      'Renamed',
    );
    expect((await t.api('DELETE', url, { token: stranger.token })).status).toBe(404);
    expect((await t.api('DELETE', url, { token })).status).toBe(200);
  });
});
