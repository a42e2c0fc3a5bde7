import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinkCheckHistories, backlinks, indexHistories, links } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeWorkspace } from '../../test/factories.ts';
import { statementsOf, tablesOf } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const urlsOf = (body: { data: { attributes: { url: string } }[] }) => body.data.map((l) => l.attributes.url);

async function addBacklink(
  linkId: number,
  userId: number,
  values: Partial<typeof backlinks.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(backlinks)
    .values({ linkId, userId, href: 'https://site.example.com/', anchor: 'best shoes', ...values })
    .returning();
  return row;
}

describe('GET links', () => {
  it('lists the active links of a campaign with the attributes of spec point 3', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['https://a.example.org/page?x=1', 'http://b.example.org/'] });
    await makeLinks(t.db, { campaign, urls: ['http://old.example.org/'], values: { listType: 1 } });

    const res = await t.api('GET', `links?filter[campaign]=${campaign.id}&sort=url`, { token });
    expect(res.status).toBe(200);
    expect(urlsOf(res.body)).toEqual(['http://b.example.org/', 'https://a.example.org/page?x=1']);
    expect(res.body.meta.page).toEqual({
      currentPage: 1,
      perPage: 50,
      total: 2,
      lastPage: 1,
      estimated: false,
    });
    const second = res.body.data[1];
    expect(second).toMatchObject({
      type: 'links',
      attributes: {
        num: 2,
        urlWithoutDomain: '/page?x=1',
        urlWithoutProtocol: 'a.example.org/page?x=1',
        countBacklinks: 'N/A',
        pa: 'N/A',
        semRushULinks: 'N/A',
        history: false,
        disallow: false,
        indexing: 0,
        indexingText: 'Unverified',
        indexingCapabilityText: null,
        campaignId: campaign.id,
        projectId: campaign.projectId,
        tier: 1,
      },
      relationships: { campaign: { data: { id: campaign.id, type: 'campaigns' } } },
    });
  });

  it('shows the history and disallow tabs with filter[type]', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['http://h.example.org/'], values: { listType: 1 } });
    await makeLinks(t.db, { campaign, urls: ['http://d.example.org/'], values: { listType: 3 } });
    const history = await t.api('GET', `links?filter[campaign]=${campaign.id}&filter[type]=1`, { token });
    expect(urlsOf(history.body)).toEqual(['http://h.example.org/']);
    expect(history.body.data[0].attributes.history).toBe(true);
    const disallow = await t.api('GET', `links?filter[campaign]=${campaign.id}&filter[type]=3`, { token });
    expect(urlsOf(disallow.body)).toEqual(['http://d.example.org/']);
    expect(disallow.body.data[0].attributes.disallow).toBe(true);
  });

  it('filters by query, codes, indexing, robots status, rel, anchor and dates', async () => {
    const { user, token, campaign } = await makeWorkspace(t.db);
    const checked = new Date('2024-05-10T12:00:00Z');
    const [ok, missing, timeout] = await makeLinks(t.db, {
      campaign,
      urls: ['http://ok.example.org/', 'http://missing.example.org/', 'http://slow.example.org/'],
    });
    await t.db
      .update(links)
      .set({
        responseCode: 200,
        indexing: 1,
        indexingCapabilityId: 1,
        title: 'Shoe shop',
        dateCheckData: checked,
      })
      .where(eq(links.id, ok.id));
    await t.db
      .update(links)
      .set({ responseCode: 404, indexing: 2, indexingCapabilityId: 4 })
      .where(eq(links.id, missing.id));
    await t.db.update(links).set({ responseCodeGroup: 4 }).where(eq(links.id, timeout.id));
    await addBacklink(ok.id, user.id, { attribute: 'nofollow', anchor: 'red shoes' });
    await addBacklink(missing.id, user.id, { attribute: 'dofollow', anchor: 'blue shoes' });

    const list = async (filter: string) =>
      urlsOf((await t.api('GET', `links?filter[campaign]=${campaign.id}&${filter}`, { token })).body);
    expect(await list('filter[query]=SHOE')).toEqual(['http://ok.example.org/']);
    expect(await list('filter[query]=missing')).toEqual(['http://missing.example.org/']);
    expect(await list('filter[query]=100%25')).toEqual([]);
    expect(await list('filter[responseCode]=404')).toEqual(['http://missing.example.org/']);
    expect(await list('filter[responseCodeGroup]=4')).toEqual(['http://slow.example.org/']);
    expect(await list('filter[responseCodeGroup]=good')).toEqual(['http://ok.example.org/']);
    expect(await list('filter[responseCodeGroup]=bad&sort=id')).toEqual([
      'http://missing.example.org/',
      'http://slow.example.org/',
    ]);
    expect(await list('filter[indexing]=2')).toEqual(['http://missing.example.org/']);
    expect(await list('filter[indexingCapability]=1')).toEqual(['http://ok.example.org/']);
    expect(await list('filter[attribute]=nofollow')).toEqual(['http://ok.example.org/']);
    expect(await list('filter[anchor]=blue%20shoes')).toEqual(['http://missing.example.org/']);
    expect(await list('filter[checkedFrom]=2024-05-10&filter[checkedTo]=2024-05-10')).toEqual([
      'http://ok.example.org/',
    ]);
    expect(await list('filter[checkedFrom]=2024-05-11')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`filter[createdFrom]=${today}&filter[createdTo]=${today}`)).toHaveLength(3);
  });

  it('sorts with never-checked values lowest and pages through 50, 100 or 200', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const made = await makeLinks(t.db, {
      campaign,
      urls: Array.from({ length: 60 }, (_, i) => `http://p${String(i).padStart(2, '0')}.example.org/`),
    });
    await t.db.update(links).set({ responseCode: 500 }).where(eq(links.id, made[5].id));
    await t.db.update(links).set({ responseCode: 200 }).where(eq(links.id, made[7].id));

    const desc = await t.api('GET', `links?filter[campaign]=${campaign.id}&sort=-responseCode`, { token });
    expect(desc.body.data.slice(0, 2).map((l: { id: number }) => l.id)).toEqual([made[5].id, made[7].id]);
    const asc = await t.api('GET', `links?filter[campaign]=${campaign.id}&sort=responseCode&page[number]=2`, {
      token,
    });
    expect(asc.body.data.map((l: { id: number }) => l.id).slice(-2)).toEqual([made[7].id, made[5].id]);
    expect(asc.body.data[0].attributes.num).toBe(51);
    expect(asc.body.meta.page).toEqual({
      currentPage: 2,
      perPage: 50,
      total: 60,
      lastPage: 2,
      estimated: false,
    });

    const newest = await t.api('GET', `links?filter[campaign]=${campaign.id}&page[size]=100`, { token });
    expect(newest.body.data[0].id).toBe(made[59].id);
    expect(newest.body.data).toHaveLength(60);
  });

  it('estimates the total past 10,000 links under a filter the counters do not keep; a tab’s is exact', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, {
      campaign,
      urls: Array.from({ length: 10_001 }, (_, i) => `http://big.example.org/${i}`),
    });
    const filtered = await t.api('GET', `links?filter[campaign]=${campaign.id}&filter[indexing]=0`, {
      token,
    });
    expect(filtered.body.meta.page.estimated).toBe(true);
    expect(filtered.body.meta.page.total).toBeGreaterThanOrEqual(10_001);
    expect(filtered.body.data).toHaveLength(50);
    const exact = await t.api('GET', `links/count?filter[campaign]=${campaign.id}&filter[indexing]=0`, {
      token,
    });
    expect(exact.body.data.count).toBe(10_001);
    // The campaign's tab, as the page opens it: its total from link_counters, exact and without a count.
    const statements = await statementsOf(t.db, async () => {
      const tab = await t.api('GET', `links?filter[campaign]=${campaign.id}&filter[type]=2`, { token });
      expect(tab.body.meta.page).toMatchObject({ total: 10_001, estimated: false, lastPage: 201 });
    });
    // The token's user, the page's rows, their "found after JavaScript" flags (the page's ids' backlinks),
    // the total from the counters.
    expect(statements).toHaveLength(4);
    expect(statements.filter((s) => tablesOf(s).includes('links'))).toHaveLength(1);
  });

  it('searches every campaign of the user when no campaign is given, and only theirs', async () => {
    const { user, token, project, campaign } = await makeWorkspace(t.db);
    const other = await makeCampaign(t.db, { userId: user.id, projectId: project.id, tier: 2 });
    await makeLinks(t.db, { campaign, urls: ['http://find-me.example.org/one'] });
    await makeLinks(t.db, { campaign: other, urls: ['http://find-me.example.org/two'] });
    const stranger = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign: stranger.campaign, urls: ['http://find-me.example.org/three'] });

    const res = await t.api('GET', 'links?filter[query]=find-me&sort=url', { token });
    expect(urlsOf(res.body)).toEqual(['http://find-me.example.org/one', 'http://find-me.example.org/two']);
    const tier2 = await t.api('GET', `links?filter[project]=${project.id}&filter[tier]=2`, { token });
    expect(urlsOf(tier2.body)).toEqual(['http://find-me.example.org/two']);
    const foreign = await t.api('GET', `links?filter[campaign]=${stranger.campaign.id}`, { token });
    expect(foreign.body.data).toEqual([]);
  });

  it('answers 422 for bad filters, sorts and page sizes, and 401 without a token', async () => {
    const { token } = await makeWorkspace(t.db);
    const bad = async (query: string) => (await t.api('GET', `links?${query}`, { token })).body.errors;
    expect(await bad('filter[type]=4')).toEqual({ 'filter.type': ['The filter field is invalid'] });
    expect(await bad('filter[tier]=3')).toHaveProperty('filter.tier');
    expect(await bad('filter[attribute]=follow')).toHaveProperty('filter.attribute');
    expect(await bad('filter[responseCodeGroup]=9')).toHaveProperty('filter.responseCodeGroup');
    expect(await bad('filter[createdFrom]=yesterday')).toHaveProperty('filter.createdFrom');
    expect(await bad('filter[campaign]=abc')).toHaveProperty('filter.campaign');
    expect(await bad('sort=title')).toHaveProperty('sort');
    expect(await bad('page[size]=70')).toHaveProperty('page.size');
    expect((await t.api('GET', 'links')).status).toBe(401);
  });
});

describe('GET links/{id}', () => {
  it('includes backlinks, check history and index history on request', async () => {
    const { user, token, campaign } = await makeWorkspace(t.db);
    const [link] = await makeLinks(t.db, { campaign, urls: ['https://donor.example.org/post'] });
    const backlink = await addBacklink(link.id, user.id, { attribute: 'ugc', typeId: 1, textBefore: 'see' });
    const [check] = await t.db
      .insert(backlinkCheckHistories)
      .values({ linkId: link.id, statusId: 2, responseCode: 200, countBacklinks: 1, crawlerId: 2 })
      .returning();
    const [index] = await t.db.insert(indexHistories).values({ linkId: link.id, value: 1 }).returning();

    const plain = await t.api('GET', `links/${link.id}`, { token });
    expect(plain.status).toBe(200);
    expect(plain.body.included).toBeUndefined();
    expect(plain.body.data.attributes.url).toBe('https://donor.example.org/post');

    const res = await t.api('GET', `links/${link.id}?include=backlinks,histories,indexHistories`, {
      token,
      locale: 'ru',
    });
    expect(res.body.data.relationships.backlinks.data).toEqual([{ id: backlink.id, type: 'backlinks' }]);
    expect(res.body.included).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: backlink.id,
          type: 'backlinks',
          attributes: expect.objectContaining({
            donor: 'https://donor.example.org/post',
            acceptor: 'https://site.example.com/',
            attribute: 'ugc',
            anchor: 'best shoes',
            typeId: 1,
            typeText: 'Изображение',
            textBefore: 'see',
          }),
        }),
        expect.objectContaining({
          id: check.id,
          type: 'backlinkCheckHistories',
          attributes: expect.objectContaining({
            statusId: 2,
            linkStatus: 'missing',
            statusText: 'Ссылка отсутствует',
            crawlerText: 'Консоль поисковой системы',
            countBacklinks: 1,
          }),
        }),
        expect.objectContaining({
          id: index.id,
          type: 'indexHistories',
          attributes: expect.objectContaining({ value: 1, valueText: 'Проиндексировано' }),
        }),
      ]),
    );
  });

  it("answers 404 for another user's link and 422 for an unknown include", async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const stranger = await makeWorkspace(t.db);
    const [theirs] = await makeLinks(t.db, {
      campaign: stranger.campaign,
      urls: ['http://theirs.example.org/'],
    });
    const [mine] = await makeLinks(t.db, { campaign, urls: ['http://mine.example.org/'] });
    expect((await t.api('GET', `links/${theirs.id}`, { token })).status).toBe(404);
    expect((await t.api('GET', `links/${mine.id}?include=secrets`, { token })).status).toBe(422);
  });
});

describe('PUT links/{id}', () => {
  it('saves url without protocol and comment, keeping the https scheme and resetting check results', async () => {
    const { user, token, campaign } = await makeWorkspace(t.db);
    const [link] = await makeLinks(t.db, {
      campaign,
      urls: ['https://old.example.org/'],
      values: { responseCode: 200, title: 'Old', countBacklinks: 2 },
    });
    await addBacklink(link.id, user.id);
    const res = await t.api('PUT', `links/${link.id}`, {
      token,
      body: { url: 'New.Example.org/path', comment: 'bought in May' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      url: 'https://new.example.org/path',
      comment: 'bought in May',
      responseCode: null,
      title: null,
      countBacklinks: 'N/A',
    });
    expect(await t.db.select().from(backlinks).where(eq(backlinks.linkId, link.id))).toEqual([]);

    const commentOnly = await t.api('PUT', `links/${link.id}`, {
      token,
      body: { url: 'new.example.org/path', comment: '' },
    });
    expect(commentOnly.body.data.attributes).toMatchObject({
      url: 'https://new.example.org/path',
      comment: null,
    });
  });

  it('answers 422 under url for a protocol, a space or a URL the campaign already has', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const [link] = await makeLinks(t.db, {
      campaign,
      urls: ['http://one.example.org/', 'http://two.example.org/'],
    });
    const put = (url: string) => t.api('PUT', `links/${link.id}`, { token, body: { url, comment: null } });
    expect((await put('http://one.example.org/')).body.errors.url).toEqual([
      'The url field must be valid url(without protocol). For example: "one.example.org/"',
    ]);
    expect((await put('one example.org')).body.errors.url).toEqual(['The url field must be without spaces']);
    const duplicate = await put('two.example.org/');
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.url).toEqual(['The url has already been taken']);
  });

  it("answers 404 for another user's link", async () => {
    const { token } = await makeWorkspace(t.db);
    const stranger = await makeWorkspace(t.db);
    const [theirs] = await makeLinks(t.db, {
      campaign: stranger.campaign,
      urls: ['http://theirs.example.org/'],
    });
    const res = await t.api('PUT', `links/${theirs.id}`, {
      token,
      body: { url: 'mine.example.org', comment: null },
    });
    expect(res.status).toBe(404);
    const [unchanged] = await t.db.select().from(links).where(eq(links.id, theirs.id));
    expect(unchanged.url).toBe('http://theirs.example.org/');
  });
});

describe('DELETE backlinks/{id}', () => {
  it("removes the user's backlink and recounts the link; another user's answers 404", async () => {
    const { user, token, campaign } = await makeWorkspace(t.db);
    const [link] = await makeLinks(t.db, {
      campaign,
      urls: ['http://bl.example.org/'],
      values: { countBacklinks: 2 },
    });
    const first = await addBacklink(link.id, user.id);
    await addBacklink(link.id, user.id, { anchor: 'second' });
    const stranger = await makeWorkspace(t.db);
    expect((await t.api('DELETE', `backlinks/${first.id}`, { token: stranger.token })).status).toBe(404);

    expect((await t.api('DELETE', `backlinks/${first.id}`, { token })).status).toBe(200);
    const [after] = await t.db.select().from(links).where(eq(links.id, link.id));
    expect(after.countBacklinks).toBe(1);
    expect((await t.api('DELETE', `backlinks/${first.id}`, { token })).status).toBe(404);
  });
});

describe('links summaries', () => {
  async function summaryWorkspace() {
    const ws = await makeWorkspace(t.db);
    const made = await makeLinks(t.db, {
      campaign: ws.campaign,
      urls: ['http://s1.example.org/', 'http://s2.example.org/', 'http://s3.example.org/'],
    });
    await t.db
      .update(links)
      .set({ responseCode: 200, indexing: 1, indexingCapabilityId: 1, dateCheckData: new Date() })
      .where(eq(links.id, made[0].id));
    await t.db
      .update(links)
      .set({ responseCode: 404, indexing: 2, indexingCapabilityId: 10 })
      .where(eq(links.id, made[1].id));
    await makeLinks(t.db, {
      campaign: ws.campaign,
      urls: ['http://s4.example.org/'],
      values: { listType: 1 },
    });
    await addBacklink(made[0].id, ws.user.id, { attribute: 'dofollow', typeId: 2 });
    await addBacklink(made[0].id, ws.user.id, { attribute: 'nofollow', typeId: 1 });
    await t.db.insert(backlinkCheckHistories).values({ linkId: made[0].id, statusId: 2 });
    await t.db.insert(indexHistories).values({ linkId: made[0].id, value: 1 });
    return { ...ws, made };
  }

  it('counts per tab, the filtered count and the statistic lists', async () => {
    const { token, campaign } = await summaryWorkspace();
    const q = `filter[campaign]=${campaign.id}`;
    const counts = await t.api('GET', `links/counts?${q}`, { token });
    expect(counts.body).toEqual({
      data: { id: 0, type: 'linkCounts', attributes: { active: 3, history: 1, disallow: 0 } },
    });
    expect((await t.api('GET', `links/count?${q}&filter[indexing]=1`, { token })).body).toEqual({
      data: { count: 1 },
    });

    const statistic = (await t.api('GET', `links/statistic?${q}`, { token })).body.data.attributes;
    expect(statistic.total).toBe(3);
    expect(statistic.indexing).toEqual([
      { key: 0, value: 1, title: 'Unverified' },
      { key: 1, value: 1, title: 'Indexed' },
      { key: 2, value: 1, title: 'Not indexed' },
    ]);
    expect(statistic.indexCapability).toHaveLength(11);
    expect(statistic.indexCapability[9]).toEqual({ key: 10, value: 1, title: 'robots.txt' });
    expect(statistic.attributes.slice(0, 2)).toEqual([
      { key: 'dofollow', value: 1, title: 'dofollow' },
      { key: 'nofollow', value: 1, title: 'nofollow' },
    ]);
    expect(statistic.backlinkTypes.slice(0, 2)).toEqual([
      { key: 1, value: 1, title: 'Image' },
      { key: 2, value: 1, title: 'Link' },
    ]);
  });

  it('counts robots statuses, response codes and the 30-day chart', async () => {
    const { token, campaign } = await summaryWorkspace();
    const q = `filter[campaign]=${campaign.id}`;
    const capability = (await t.api('GET', `links/indexing-capability?${q}`, { token, locale: 'ua' })).body
      .data;
    expect(capability[0]).toEqual({ key: 1, value: 1, title: 'Дозволено' });

    const codes = (await t.api('GET', `links/codes?${q}`, { token })).body.data.attributes;
    expect(codes.codes).toEqual([
      { key: 200, value: 1, title: '200' },
      { key: 404, value: 1, title: '404' },
    ]);
    expect(codes).toMatchObject({ good: 1, bad: 1, unchecked: 1 });
    expect(codes.groups[0]).toEqual({ key: 1, value: 0, title: 'Could not resolve host' });

    const days = (await t.api('GET', `links/chart?${q}`, { token })).body.data.attributes.days;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      added: 3,
      checked: 1,
      indexed: 1,
    });
  });

  it("leaves other users' links out of every summary", async () => {
    const { campaign } = await summaryWorkspace();
    const stranger = await makeWorkspace(t.db);
    const q = `filter[campaign]=${campaign.id}`;
    const counts = await t.api('GET', `links/counts?${q}`, { token: stranger.token });
    expect(counts.body.data.attributes).toEqual({ active: 0, history: 0, disallow: 0 });
    const statistic = await t.api('GET', `links/statistic?${q}`, { token: stranger.token });
    expect(statistic.body.data.attributes.total).toBe(0);
  });
});

describe('GET index-histories', () => {
  it('lists the entries of the user links, newest first, by link, campaign or project', async () => {
    const { user, token, campaign } = await makeWorkspace(t.db);
    const project2 = await makeProject(t.db, { userId: user.id });
    const campaign2 = await makeCampaign(t.db, { userId: user.id, projectId: project2.id });
    const [a] = await makeLinks(t.db, { campaign, urls: ['http://ih-a.example.org/'] });
    const [b] = await makeLinks(t.db, { campaign: campaign2, urls: ['http://ih-b.example.org/'] });
    await t.db.insert(indexHistories).values([
      { linkId: a.id, value: 2, createdAt: new Date('2024-01-01') },
      { linkId: a.id, value: 1, createdAt: new Date('2024-02-01') },
      { linkId: b.id, value: 1 },
    ]);
    const byCampaign = await t.api('GET', `index-histories?filter[campaign]=${campaign.id}`, { token });
    expect(byCampaign.body.data.map((e: { attributes: { value: number } }) => e.attributes.value)).toEqual([
      1, 2,
    ]);
    expect(byCampaign.body.data[0].attributes).toMatchObject({
      linkId: a.id,
      url: 'http://ih-a.example.org/',
      valueText: 'Indexed',
    });
    expect(byCampaign.body.meta.page.total).toBe(2);
    const byProject = await t.api('GET', `index-histories?filter[project]=${project2.id}`, { token });
    expect(byProject.body.data).toHaveLength(1);
    const byLink = await t.api('GET', `index-histories?filter[link]=${a.id}&filter[value]=2`, { token });
    expect(byLink.body.data).toHaveLength(1);

    const stranger = await makeWorkspace(t.db);
    const foreign = await t.api('GET', `index-histories?filter[link]=${a.id}`, { token: stranger.token });
    expect(foreign.body.data).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(indexHistories)
      .where(and(eq(indexHistories.linkId, b.id)));
    expect(entry.value).toBe(1);
  });
});
