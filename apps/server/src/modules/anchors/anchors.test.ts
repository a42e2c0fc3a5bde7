import { createHash } from 'node:crypto';
import { LinkElementKind } from '@linkwatch/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinks, links } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Tier 1: three checked links with anchors "shoes" (x2, one nofollow), "=cmd" and an empty image
 * anchor; tier 2: one link with "shoes"; a history link and an unchecked link.
 */
async function anchorWorkspace() {
  const ws = await makeWorkspace(t.db);
  const tier2 = await makeCampaign(t.db, {
    userId: ws.user.id,
    projectId: ws.project.id,
    tier: 2,
    name: 'Tier two',
  });
  const checked = { dateCheckData: new Date(), countBacklinks: 1 };
  const [a, b, c] = await makeLinks(t.db, {
    campaign: ws.campaign,
    urls: ['http://an1.example.org/', 'http://an2.example.org/', 'http://an3.example.org/'],
    values: checked,
  });
  await t.db.update(links).set({ indexing: 1 }).where(eq(links.id, a.id));
  const [d] = await makeLinks(t.db, { campaign: tier2, urls: ['http://an4.example.org/'], values: checked });
  const [old] = await makeLinks(t.db, {
    campaign: ws.campaign,
    urls: ['http://an5.example.org/'],
    values: { listType: 1 },
  });
  await makeLinks(t.db, { campaign: ws.campaign, urls: ['http://an6.example.org/'] });
  const brand = ws.project.mainDomain.split('.')[0];
  const row = (linkId: number, anchor: string, extra: Partial<typeof backlinks.$inferInsert> = {}) => ({
    linkId,
    userId: ws.user.id,
    href: `https://${ws.project.mainDomain}/`,
    anchor,
    ...extra,
  });
  await t.db
    .insert(backlinks)
    .values([
      row(a.id, 'shoes'),
      row(b.id, 'shoes', { attribute: 'nofollow' }),
      row(b.id, '=cmd'),
      row(c.id, '', { typeId: 1 }),
      row(c.id, `${brand} store`),
      row(c.id, 'www.example.org'),
      row(d.id, 'shoes'),
      row(old.id, 'history anchor'),
    ]);
  return { ...ws, tier2, brand };
}

describe('anchors', () => {
  it('lists anchors of the active links with links, share, acceptors, campaigns and rel', async () => {
    const { token, project, campaign, brand } = await anchorWorkspace();
    const res = await t.api('GET', `anchors?filter[project]=${project.id}&filter[tier]=1`, { token });
    expect(res.status).toBe(200);
    expect(res.body.meta.page.total).toBe(5);
    const [first] = res.body.data;
    expect(first).toEqual({
      id: createHash('md5').update('shoes').digest('hex'),
      type: 'anchors',
      attributes: {
        anchor: 'shoes',
        countLinks: 2,
        countBacklinks: 2,
        countAnchor: 33.33,
        indexed: 1,
        acceptors: [`https://${project.mainDomain}/`],
        campaigns: [{ id: campaign.id, name: campaign.name }],
        attributes: ['dofollow', 'nofollow'],
        typeIds: [2],
        typeTexts: ['Link'],
      },
      // Checked in detail by 'carries the pages and backlinks behind each anchor'.
      relationships: expect.any(Object),
    });
    const anchors = res.body.data.map((a: { attributes: { anchor: string } }) => a.attributes.anchor);
    expect(anchors).not.toContain('history anchor');
    expect(anchors).toContain(`${brand} store`);
    const byName = await t.api('GET', `anchors?filter[project]=${project.id}&sort=anchor&filter[query]=SHO`, {
      token,
    });
    expect(byName.body.data.map((a: { attributes: { anchor: string } }) => a.attributes.anchor)).toEqual([
      'shoes',
    ]);
    expect(byName.body.data[0].attributes.countLinks).toBe(3);
  });

  it('carries the pages and backlinks behind each anchor, as relationships with included resources', async () => {
    const { token, project, user } = await anchorWorkspace();
    const pages = await t.db.select().from(links).where(eq(links.userId, user.id));
    const idOf = (url: string) => pages.find((p) => p.url === url)!.id;
    const [an1, an2] = [idOf('http://an1.example.org/'), idOf('http://an2.example.org/')];
    const res = await t.api('GET', `anchors?filter[project]=${project.id}&filter[tier]=1`, {
      token,
      locale: 'ru',
    });
    const shoes = res.body.data.find(
      (a: { attributes: { anchor: string } }) => a.attributes.anchor === 'shoes',
    );
    expect(shoes.relationships.links).toEqual({
      data: [
        { id: an1, type: 'links' },
        { id: an2, type: 'links' },
      ],
      meta: { total: 2 },
    });
    expect(shoes.relationships.backlinks.meta).toEqual({ total: 2 });
    const backlinkIds = shoes.relationships.backlinks.data.map((b: { id: number }) => b.id);
    type Included = {
      id: number;
      type: string;
      attributes: Record<string, unknown>;
      relationships?: unknown;
    };
    const included = res.body.included as Included[];
    const find = (type: string, id: number) => included.find((i) => i.type === type && i.id === id);
    expect(find('links', an1)).toEqual({
      id: an1,
      type: 'links',
      attributes: {
        url: 'http://an1.example.org/',
        indexing: 1,
        indexingText: 'Проиндексировано',
        tier: 1,
        campaignId: expect.any(Number),
      },
    });
    const behind = backlinkIds.map((id: number) => find('backlinks', id));
    expect(behind.map((b: Included) => [b.relationships, b.attributes.attribute])).toEqual([
      [{ link: { data: { id: an1, type: 'links' } } }, 'dofollow'],
      [{ link: { data: { id: an2, type: 'links' } } }, 'nofollow'],
    ]);
    expect(behind[0].attributes).toMatchObject({
      anchor: 'shoes',
      acceptor: `https://${project.mainDomain}/`,
    });
    // Each page is included once, whatever number of anchors it carries.
    const linkKeys = included.filter((i) => i.type === 'links').map((i) => i.id);
    expect(new Set(linkKeys).size).toBe(linkKeys.length);
  });

  it('lists the backlinks of one anchor, also of the empty anchor by its id', async () => {
    const { token, project } = await anchorWorkspace();
    const res = await t.api('GET', `anchors/links?filter[project]=${project.id}&filter[anchor]=shoes`, {
      token,
    });
    expect(res.body.meta.page.total).toBe(3);
    expect(res.body.data[0]).toMatchObject({
      type: 'anchorLinks',
      attributes: {
        anchor: 'shoes',
        url: 'http://an1.example.org/',
        indexingText: 'Indexed',
        attribute: 'dofollow',
        typeText: 'Link',
        tier: 1,
      },
    });
    const emptyId = createHash('md5').update('').digest('hex');
    const empty = await t.api(
      'GET',
      `anchors/links?filter[project]=${project.id}&filter[anchorId]=${emptyId}`,
      { token },
    );
    expect(empty.body.data.map((r: { attributes: { typeText: string } }) => r.attributes.typeText)).toEqual([
      'Image',
    ]);
    expect((await t.api('GET', 'anchors/links?filter[anchorId]=zzz', { token })).status).toBe(422);
  });

  it('counts anchors per tier, totals, unverified links, statistic and charts', async () => {
    const { token, project } = await anchorWorkspace();
    const q = `filter[project]=${project.id}&filter[tier]=1`;
    const counts = await t.api('GET', `anchors/counts?${q}`, { token });
    expect(counts.body.data.attributes).toEqual({
      tierOne: 5,
      tierTwo: 1,
      anchors: 5,
      backlinks: 6,
      links: 3,
    });
    expect((await t.api('GET', `anchors/count/unverified?${q}`, { token })).body).toEqual({
      data: { count: 1 },
    });

    const statistic = (await t.api('GET', `anchors/statistic?${q}`, { token })).body.data.attributes;
    expect(statistic.attributes.slice(0, 2)).toEqual([
      { key: 'dofollow', value: 5, title: 'dofollow' },
      { key: 'nofollow', value: 1, title: 'nofollow' },
    ]);
    expect(statistic.indexing[1]).toEqual({ key: 1, value: 1, title: 'Indexed' });

    const chart = (await t.api('GET', `anchors/chart?${q}`, { token, locale: 'ru' })).body.data.attributes;
    expect(chart.total).toBe(6);
    expect(chart.other).toBe(0);
    expect(chart.items[0]).toEqual({ key: 'shoes', value: 2, title: 'shoes' });
    expect(chart.items).toContainEqual({ key: '', value: 1, title: '(без анкора)' });

    const info = (await t.api('GET', `anchors/chart/info?${q}`, { token })).body.data.attributes;
    expect(info.kinds).toEqual([
      { key: 'url', value: 1, title: 'URL anchors' },
      { key: 'brand', value: 1, title: 'Brand anchors' },
      { key: 'image', value: 1, title: 'Image links' },
      { key: 'empty', value: 0, title: 'Empty anchors' },
      { key: 'text', value: 3, title: 'Text anchors' },
    ]);
  });

  it.each([
    ['en', 'Image links', 'Text anchors'],
    ['ru', 'Ссылки-картинки', 'Текстовые анкоры'],
    ['ua', 'Посилання-зображення', 'Текстові анкори'],
  ])(
    'counts an image link under image links, whatever its alt text says (%s)',
    async (locale, image, text) => {
      const ws = await makeWorkspace(t.db);
      const [link] = await makeLinks(t.db, { campaign: ws.campaign, urls: ['http://img.example.org/'] });
      const href = `https://${ws.project.mainDomain}/`;
      await t.db.insert(backlinks).values([
        // The demo's sponsor logo: an <img alt="Demo Shop logo"> inside the link.
        { linkId: link.id, userId: ws.user.id, href, anchor: 'Shop logo', typeId: LinkElementKind.Image },
        { linkId: link.id, userId: ws.user.id, href, anchor: 'best shoes', typeId: LinkElementKind.Href },
      ]);
      const info = await t.api('GET', `anchors/chart/info?filter[project]=${ws.project.id}`, {
        token: ws.token,
        locale,
      });
      const kinds = info.body.data.attributes.kinds as { key: string; value: number; title: string }[];
      expect(kinds.find((k) => k.key === 'image')).toEqual({ key: 'image', value: 1, title: image });
      expect(kinds.find((k) => k.key === 'text')).toEqual({ key: 'text', value: 1, title: text });
    },
  );

  it('exports the anchors table as CSV with formula cells escaped', async () => {
    const { token, project } = await anchorWorkspace();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/anchors/export?filter[project]=${project.id}&format=csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`anchor_${encodeURIComponent(project.name)}.csv`);
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0].slice(0, 3)).toEqual(['Anchor', 'Links', 'Backlinks']);
    expect(rows.map((r) => r[0])).toContain("'=cmd");
    expect(rows[1][0]).toBe('shoes');
  });

  it("never shows another user's anchors", async () => {
    const { project } = await anchorWorkspace();
    const stranger = await makeWorkspace(t.db);
    const list = await t.api('GET', `anchors?filter[project]=${project.id}`, { token: stranger.token });
    expect(list.body.data).toEqual([]);
    const counts = await t.api('GET', `anchors/counts?filter[project]=${project.id}`, {
      token: stranger.token,
    });
    expect(counts.body.data.attributes).toEqual({
      tierOne: 0,
      tierTwo: 0,
      anchors: 0,
      backlinks: 0,
      links: 0,
    });
    expect((await t.api('GET', 'anchors')).status).toBe(401);
  });
});
