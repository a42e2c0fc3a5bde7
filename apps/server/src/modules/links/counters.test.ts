import { LinkListType, ResponseCodeGroup } from '@linkwatch/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/client.ts';
import { backlinks, campaigns, links, users } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { anchorCounts, anchorsPerTier, anchorTotals, anchorWhere } from '../anchors/anchors.queries.ts';
import { counterScope, countLinks, countLinksPerTab, linkFiltersWhere } from './links.queries.ts';
import { indexingCapabilityCounts, linkChart, linkStatistic, responseCodeCounts } from './links.stats.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small deterministic generator (mulberry32), so a failing mix can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function multipart(campaign: number, content: string) {
  const boundary = 'counters-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="campaign"\r\n\r\n${campaign}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="links.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n` +
      `--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface CounterRow {
  campaign_id: number;
  list_type: number;
  tier: number;
  kind: string;
  key: string;
  user_id: number;
  project_id: number;
  n: number;
}

const byKey = (rows: CounterRow[]) =>
  rows
    .map(
      (r) =>
        `${r.user_id}/${r.project_id}/${r.campaign_id}/${r.tier}/${r.list_type} ${r.kind}=${r.key}: ${r.n}`,
    )
    .sort();

/** The counters as the triggers kept them (shards summed) and as counted from the rows now. */
async function keptAndComputed() {
  const kept = await rawRows<CounterRow>(
    t.db,
    sql`select campaign_id, list_type, tier, kind, key, user_id, project_id, sum(n)::int as n
        from link_counters group by 1, 2, 3, 4, 5, 6, 7 having sum(n) <> 0`,
  );
  const computed = await rawRows<CounterRow>(
    t.db,
    sql`select campaign_id, list_type, tier, kind, key, user_id, project_id, n::int as n from link_counters_computed()`,
  );
  return { kept: byKey(kept), computed: byKey(computed) };
}

const noAnchorFilters = {
  project: undefined,
  campaign: undefined,
  tier: undefined,
  query: undefined,
  anchor: undefined,
  anchorId: undefined,
};

describe('link counters', () => {
  it('equal a count from scratch after a random mix of uploads, moves, deletes, checks and backlinks', async () => {
    const next = random(20261123);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    const owners = await Promise.all([makeUserWithToken(t.db), makeUserWithToken(t.db)]);
    const world: {
      user: { id: number };
      token: string;
      project: { id: number };
      campaign: Awaited<ReturnType<typeof makeCampaign>>;
    }[] = [];
    for (const owner of owners) {
      for (let p = 0; p < 2; p++) {
        const project = await makeProject(t.db, { userId: owner.user.id });
        for (const tier of [1, 2]) {
          const campaign = await makeCampaign(t.db, { userId: owner.user.id, projectId: project.id, tier });
          world.push({ ...owner, project, campaign });
        }
      }
    }
    let serial = 0;
    const linksOf = async (userId: number) =>
      t.db.select({ id: links.id }).from(links).where(eq(links.userId, userId));
    const someIds = async (userId: number, share = 0.3) =>
      (await linksOf(userId)).filter(() => next() < share).map((l) => l.id);
    const query = (ids: number[]) => ids.map((id) => `links[]=${id}`).join('&');

    const operations: Record<string, () => Promise<unknown>> = {
      async upload() {
        const w = pick(world);
        const urls = Array.from({ length: 1 + Math.floor(next() * 12) }, () => {
          // Some repeat, so the upload also meets URLs the campaign has.
          const n = next() < 0.2 ? Math.floor(next() * 5) : ++serial;
          return `https://donor${n % 7}.example.org/post/${n}`;
        });
        const { payload, headers } = multipart(w.campaign.id, urls.join('\n'));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/links/upload',
          payload,
          headers: { ...headers, authorization: `Bearer ${w.token}` },
        });
        expect(res.statusCode).toBe(200);
      },
      async insertChecked() {
        const w = pick(world);
        await makeLinks(t.db, {
          campaign: w.campaign,
          urls: [`https://checked.example.org/${++serial}`, `https://checked.example.org/${++serial}`],
          values: { responseCode: 200, indexing: 1, indexingCapabilityId: 1, checkStatus: 1 },
        });
      },
      async insertOld() {
        // Links added on earlier days (an import keeps their dates): the chart's "added" bars.
        const w = pick(world);
        const daysAgo = Math.floor(next() * 40);
        await makeLinks(t.db, {
          campaign: w.campaign,
          urls: [`https://older.example.org/${++serial}`, `https://older.example.org/${++serial}`],
          values: { createdAt: new Date(Date.now() - daysAgo * 86_400_000) },
        });
      },
      async tab() {
        const w = pick(world);
        const ids = await someIds(w.user.id);
        if (ids.length === 0) return;
        const call = pick(['history', 'history/recover', 'disallow', 'disallow/recover']);
        const res = await t.api('POST', `links/${call}?${query(ids)}`, { token: w.token });
        expect(res.status).toBe(200);
      },
      async move() {
        const w = pick(world);
        const target = pick(world.filter((o) => o.user.id === w.user.id));
        const ids = await someIds(w.user.id);
        if (ids.length === 0) return;
        const res = await t.api('POST', `links/move?campaign=${target.campaign.id}&${query(ids)}`, {
          token: w.token,
        });
        expect(res.status).toBe(200);
      },
      async remove() {
        const w = pick(world);
        const ids = await someIds(w.user.id, 0.15);
        if (ids.length === 0) return;
        const res = await t.api('DELETE', `links/delete?${query(ids)}`, { token: w.token });
        expect(res.status).toBe(200);
      },
      async check() {
        // What the checker writes: code, group, robots, indexing and the read status, link by link.
        const w = pick(world);
        for (const id of await someIds(w.user.id, 0.4)) {
          const failed = next() < 0.2;
          await t.db
            .update(links)
            .set({
              responseCode: failed ? null : pick([200, 200, 201, 301, 404, 500]),
              responseCodeGroup: failed ? pick(Object.values(ResponseCodeGroup)) : null,
              indexing: pick([0, 1, 2]),
              indexingCapabilityId: pick([null, 1, 2, 3, 5]),
              checkStatus: pick([null, 1, 2, 3]),
              dateCheckData: new Date(),
            })
            .where(eq(links.id, id));
        }
      },
      async replaceBacklinks() {
        const w = pick(world);
        const ids = await someIds(w.user.id, 0.4);
        if (ids.length === 0) return;
        await t.db.transaction(async (tx) => {
          await tx.delete(backlinks).where(inArray(backlinks.linkId, ids));
          const rows = ids.flatMap((linkId) =>
            Array.from({ length: Math.floor(next() * 3) }, () => ({
              linkId,
              userId: w.user.id,
              href: 'https://site.example.com/',
              anchor: pick(['shoes', 'best shoes', '']),
              attribute: pick(['dofollow', 'nofollow', 'ugc', 'sponsored', 'noopener']),
              typeId: pick([1, 2, 3, 4]),
            })),
          );
          if (rows.length > 0) await tx.insert(backlinks).values(rows);
        });
      },
      async editBacklinks() {
        const w = pick(world);
        await t.db
          .update(backlinks)
          .set({ attribute: pick(['dofollow', 'nofollow']), typeId: pick([1, 2]) })
          .where(sql`${backlinks.userId} = ${w.user.id} and ${backlinks.id} % 3 = ${Math.floor(next() * 3)}`);
      },
      async retier() {
        // Links copy their campaign's tier; a campaign changing tier takes its links along.
        const w = pick(world);
        const tier = w.campaign.tier === 1 ? 2 : 1;
        await t.db.transaction(async (tx) => {
          await tx.update(campaigns).set({ tier }).where(eq(campaigns.id, w.campaign.id));
          await tx.update(links).set({ tier }).where(eq(links.campaignId, w.campaign.id));
        });
        w.campaign = { ...w.campaign, tier };
      },
      async rolledBack() {
        // A transaction that fails leaves the counters as they were, with the rows.
        const w = pick(world);
        await expect(
          t.db.transaction(async (tx) => {
            await tx.update(links).set({ listType: LinkListType.History }).where(eq(links.userId, w.user.id));
            await tx.delete(links).where(eq(links.campaignId, w.campaign.id));
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
      },
    };
    const names = Object.keys(operations);
    for (let step = 0; step < 70; step++) await operations[pick(names)]();
    // Backlinks last, so the comparison below meets some whatever the mix did.
    await operations.replaceBacklinks();
    await operations.replaceBacklinks();

    let compared = await keptAndComputed();
    expect(compared.kept.length).toBeGreaterThan(50);
    expect(compared.kept).toEqual(compared.computed);
    // links/chart's "added" bars are counted per day too, on more days than today.
    const addedDays = new Set(
      compared.kept.filter((r) => r.includes(' added=')).map((r) => r.split(/[=:]/)[1]),
    );
    expect(addedDays.size).toBeGreaterThan(3);

    // Every figure the counters serve equals the scan of the same filters, for each scope a page asks.
    const scopes: { userId: number; filters: { campaign?: number; project?: number; tier?: number } }[] = [
      ...world.map((w) => ({ userId: w.user.id, filters: { campaign: w.campaign.id } })),
      ...world.map((w) => ({ userId: w.user.id, filters: { project: w.project.id, tier: 2 } })),
      ...owners.map((o) => ({ userId: o.user.id, filters: {} })),
    ];
    for (const base of scopes) {
      for (const type of [1, 2, 3]) {
        const params = { userId: base.userId, filters: { ...base.filters, type } };
        const where = linkFiltersWhere(params);
        const scope = counterScope(params);
        expect(scope).toBeDefined();
        const served = { where, scope, locale: 'en' as const };
        const scanned = { where, locale: 'en' as const };
        expect(await countLinks(t.db, where, scope)).toBe(await countLinks(t.db, where));
        expect(await responseCodeCounts(t.db, served)).toEqual(await responseCodeCounts(t.db, scanned));
        expect(await indexingCapabilityCounts(t.db, served)).toEqual(
          await indexingCapabilityCounts(t.db, scanned),
        );
        expect(await linkStatistic(t.db, served)).toEqual(await linkStatistic(t.db, scanned));
        expect(await linkChart(t.db, { where, scope })).toEqual(await linkChart(t.db, { where }));
      }
      const perTab = await countLinksPerTab(t.db, { ...base, filters: { ...base.filters, type: 2 } });
      const tabCounts = await Promise.all(
        [1, 2, 3].map((type) =>
          countLinks(t.db, linkFiltersWhere({ userId: base.userId, filters: { ...base.filters, type } })),
        ),
      );
      expect([perTab.history, perTab.active, perTab.disallow]).toEqual(tabCounts);

      // anchors/counts: the counters against the scan of the anchors page, with and without a tier.
      for (const tier of [undefined, 1, 2]) {
        const filters = {
          project: base.filters.project,
          campaign: base.filters.campaign,
          tier,
          query: undefined,
          anchor: undefined,
          anchorId: undefined,
        };
        const userId = base.userId;
        const scanned = {
          ...(await anchorsPerTier(t.db, anchorWhere({ userId, filters, ignoreTier: true }))),
          ...(await anchorTotals(t.db, anchorWhere({ userId, filters }))),
        };
        expect(await anchorCounts(t.db, { userId, filters })).toEqual(scanned);
      }
    }
    const someAnchors = await anchorCounts(t.db, { userId: owners[0].user.id, filters: noAnchorFilters });
    expect(someAnchors.backlinks).toBeGreaterThan(0);

    // Deleting whole campaigns and a project cascades through links and backlinks.
    await t.api('DELETE', `campaigns/${world[0].campaign.id}`, { token: world[0].token });
    await t.api('DELETE', `projects/${world[6].project.id}`, { token: world[6].token });
    compared = await keptAndComputed();
    expect(compared.kept).toEqual(compared.computed);
    // A deleted account takes its links and backlinks by two cascades (links, and backlinks' user_id).
    await t.db.delete(users).where(eq(users.id, owners[1].user.id));
    compared = await keptAndComputed();
    expect(compared.kept).toEqual(compared.computed);
    expect(compared.kept.some((row) => row.startsWith(`${owners[1].user.id}/`))).toBe(false);
    // Backlinks whose trigger ran before their links' one were all counted off by it.
    const [waiting] = await rawRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from link_counter_orphans`,
    );
    expect(waiting.n).toBe(0);
  });

  it('serves only the owner, and scans when a filter it is not kept by is set', async () => {
    const mine = await makeUserWithToken(t.db);
    const theirs = await makeUserWithToken(t.db);
    const project = await makeProject(t.db, { userId: theirs.user.id });
    const campaign = await makeCampaign(t.db, { userId: theirs.user.id, projectId: project.id });
    await makeLinks(t.db, { campaign, urls: ['https://a.example.org/', 'https://b.example.org/'] });

    const other = await t.api('GET', `links/count?filter[campaign]=${campaign.id}`, { token: mine.token });
    expect(other.body.data.count).toBe(0);
    const own = await t.api('GET', `links/count?filter[campaign]=${campaign.id}`, { token: theirs.token });
    expect(own.body.data.count).toBe(2);
    const counts = await t.api('GET', `links/counts?filter[campaign]=${campaign.id}`, { token: mine.token });
    expect(counts.body.data.attributes).toEqual({ history: 0, active: 0, disallow: 0 });

    expect(counterScope({ userId: 1, filters: { type: 2, query: 'a.example' } })).toBeUndefined();
    expect(counterScope({ userId: 1, filters: { type: 2, anchor: '' } })).toBeUndefined();
    expect(counterScope({ userId: 1, filters: { type: 2, campaign: 1, tier: 1 } })).toBeDefined();
    const searched = await t.api(
      'GET',
      `links/count?filter[campaign]=${campaign.id}&filter[query]=b.example`,
      {
        token: theirs.token,
      },
    );
    expect(searched.body.data.count).toBe(1);
  });
});
