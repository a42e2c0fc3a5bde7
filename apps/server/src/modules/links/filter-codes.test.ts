import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinks, links } from '../../db/schema/index.ts';
import { makeLinks, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// spec 4's codes on the links list: Filter (1 include, 2 exclude) per filter kind (1 index capability,
// 2 indexing, 3 response code, 4 anchor, 5 title), Quality (1 good, 2 bad, 3 medium) and link roles
// (1 donor, 3 anchor, 4 acceptor), each by code or by name.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const { user, token, campaign } = await makeWorkspace(t.db);
  const [ok, moved, missing, silent] = await makeLinks(t.db, {
    campaign,
    urls: [
      'http://ok.example.org/',
      'http://moved.example.org/',
      'http://missing.example.org/',
      'http://silent.example.org/',
    ],
  });
  const set = (id: number, values: Partial<typeof links.$inferInsert>) =>
    t.db.update(links).set(values).where(eq(links.id, id));
  await set(ok.id, { responseCode: 200, title: 'Shoe shop', indexing: 1, indexingCapabilityId: 1 });
  await set(moved.id, { responseCode: 301, title: 'Moved away', indexing: 2, indexingCapabilityId: 4 });
  await set(missing.id, { responseCode: 404, title: 'Not found' });
  await set(silent.id, { responseCodeGroup: 4 });
  await t.db.insert(backlinks).values([
    { linkId: ok.id, userId: user.id, href: 'https://shop.example.com/red', anchor: 'red shoes' },
    { linkId: moved.id, userId: user.id, href: 'https://shop.example.com/blue', anchor: 'blue shoes' },
  ]);
  const list = async (filter: string) => {
    const res = await t.api('GET', `links?filter[campaign]=${campaign.id}&sort=id&${filter}`, { token });
    expect(res.status).toBe(200);
    return (res.body.data as { attributes: { url: string } }[]).map((l) => new URL(l.attributes.url).host);
  };
  return { token, list };
}

describe('links filters by the spec codes', () => {
  it('includes (1) or excludes (2) a response code, an anchor, a title, indexing, index capability', async () => {
    const { list } = await world();
    expect(await list('filter[responseCode]=404')).toEqual(['missing.example.org']);
    expect(await list('filter[responseCode]=404&filter[mode][responseCode]=1')).toEqual([
      'missing.example.org',
    ]);
    const notFound = ['ok.example.org', 'moved.example.org', 'silent.example.org'];
    expect(await list('filter[responseCode]=404&filter[mode][responseCode]=2')).toEqual(notFound);
    expect(await list('filter[responseCode]=404&filter[mode][responseCode]=EXCLUDE')).toEqual(notFound);
    expect(await list('filter[anchor]=red%20shoes&filter[mode][anchor]=exclude')).toEqual([
      'moved.example.org',
      'missing.example.org',
      'silent.example.org',
    ]);
    expect(await list('filter[title]=shoe')).toEqual(['ok.example.org']);
    expect(await list('filter[title]=shoe&filter[mode][title]=2')).toEqual([
      'moved.example.org',
      'missing.example.org',
      'silent.example.org',
    ]);
    expect(await list('filter[indexing]=1&filter[mode][indexing]=2')).toEqual([
      'moved.example.org',
      'missing.example.org',
      'silent.example.org',
    ]);
    expect(await list('filter[indexingCapability]=4&filter[mode][indexingCapability]=exclude')).toEqual([
      'ok.example.org',
      'missing.example.org',
      'silent.example.org',
    ]);
  });

  it('turns the response code group and quality around with the response code mode', async () => {
    const { list } = await world();
    // The web's "Response" filter sends the group: "is not bad" keeps the 2xx answers.
    const bad = ['moved.example.org', 'missing.example.org', 'silent.example.org'];
    expect(await list('filter[responseCodeGroup]=bad')).toEqual(bad);
    expect(await list('filter[responseCodeGroup]=bad&filter[mode][responseCode]=2')).toEqual([
      'ok.example.org',
    ]);
    expect(await list('filter[responseCodeGroup]=good&filter[mode][responseCode]=2')).toEqual(bad);
    expect(await list('filter[responseCodeGroup]=4&filter[mode][responseCode]=exclude')).toEqual([
      'ok.example.org',
      'moved.example.org',
      'missing.example.org',
    ]);
    expect(await list('filter[quality]=good&filter[mode][responseCode]=2')).toEqual([
      'moved.example.org',
      'missing.example.org',
      'silent.example.org',
    ]);
    // Another kind's mode leaves the response code as it is.
    expect(await list('filter[responseCodeGroup]=bad&filter[mode][anchor]=2')).toEqual(bad);
    // Each filter of the kind is left out on its own: neither 404 nor a timeout.
    expect(
      await list('filter[responseCode]=404&filter[responseCodeGroup]=4&filter[mode][responseCode]=2'),
    ).toEqual(['ok.example.org', 'moved.example.org']);
  });

  it('filters by quality: 1 good (2xx), 3 medium (3xx), 2 bad (4xx, 5xx, no answer)', async () => {
    const { list } = await world();
    expect(await list('filter[quality]=1')).toEqual(['ok.example.org']);
    expect(await list('filter[quality]=medium')).toEqual(['moved.example.org']);
    expect(await list('filter[quality]=2')).toEqual(['missing.example.org', 'silent.example.org']);
  });

  it('searches the donor (1), the anchor (3) or the acceptor (4) with filter[role]', async () => {
    const { list } = await world();
    expect(await list('filter[query]=shop')).toEqual(['ok.example.org']);
    expect(await list('filter[query]=moved&filter[role]=1')).toEqual(['moved.example.org']);
    expect(await list('filter[query]=blue&filter[role]=anchor')).toEqual(['moved.example.org']);
    expect(await list('filter[query]=shop.example.com/red&filter[role]=4')).toEqual(['ok.example.org']);
  });

  it('answers 422 at the key for a code the spec does not have', async () => {
    const { token } = await world();
    for (const query of ['filter[mode][anchor]=3', 'filter[quality]=4', 'filter[role]=2']) {
      const res = await t.api('GET', `links?${query}`, { token });
      expect(res.status).toBe(422);
    }
  });
});
