import { ActionCode, IndexState, RobotsStatus, Tier } from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionItems, actions, balanceTransactions, links } from '../../db/schema/index.ts';
import { donorHtml } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { withAppAndDonorWeb } from '../../test/test-app.ts';
import { messagesOfUser } from '../alerts/alerts.queries.ts';
import type { AlertPayload } from '../alerts/evaluate.ts';
import { refreshDeadFeeds } from './dead-feeds.ts';

const env = withAppAndDonorWeb();

let run = 0;
/**
 * A project of shop.example: tier 1 pages `/tN/post` (linking to the shop) and `/tN/other`; tier 2
 * pages `a` and `b` link to the post, `c` links elsewhere, `d` links to both tier 1 pages.
 */
async function tiers() {
  run++;
  const { user, token } = await makeUserWithToken(env.t.db, { balance: 100 });
  const project = await makeProject(env.t.db, { userId: user.id, domains: ['shop.example'] });
  const tierOne = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id, tier: Tier.One });
  const tierTwo = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id, tier: Tier.Two });
  const path = (name: string) => `/t${run}/${name}`;
  const shopLink = donorHtml({ links: ['<a href="https://shop.example/">shop</a>'] });
  env.web.set(path('post'), shopLink);
  env.web.set(path('other'), shopLink);
  const post = env.web.url(path('post'));
  const other = env.web.url(path('other'));
  const [postLink, otherLink] = await makeLinks(env.t.db, { campaign: tierOne, urls: [post, other] });
  env.web.set(path('a'), donorHtml({ links: [`<a href="${post}">post</a>`] }));
  env.web.set(path('b'), donorHtml({ links: [`<a href="${post}#comments">again</a>`] }));
  env.web.set(path('c'), donorHtml({ links: ['<a href="https://elsewhere.example/">x</a>'] }));
  env.web.set(path('d'), donorHtml({ links: [`<a href="${post}">1</a>`, `<a href="${other}">2</a>`] }));
  const tierTwoLinks = await makeLinks(env.t.db, {
    campaign: tierTwo,
    urls: ['a', 'b', 'c', 'd'].map((n) => env.web.url(path(n))),
  });
  const [a, b, c, d] = tierTwoLinks;

  const start = async (campaignId: number, extra = '') => {
    const res = await env.t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaignId}${extra}`,
      { token },
    );
    expect(res.status).toBe(201);
    await env.t.drain();
    const [task] = await env.t.db.select().from(actions).where(eq(actions.id, res.body.data.id));
    return task;
  };
  const flagOf = async (id: number) =>
    (await env.t.api('GET', `links/${id}`, { token })).body.data.attributes.feedsDeadTierOne;
  const listed = async () => {
    const res = await env.t.api('GET', `links?filter[campaign]=${tierTwo.id}`, { token });
    expect(res.status).toBe(200);
    return new Map(
      res.body.data.map((l: { id: number; attributes: { feedsDeadTierOne: unknown } }) => [
        l.id,
        l.attributes.feedsDeadTierOne,
      ]),
    );
  };
  const itemLinks = async (actionId: number) =>
    (
      await env.t.db
        .select({ linkId: actionItems.linkId })
        .from(actionItems)
        .where(eq(actionItems.actionId, actionId))
    )
      .map((r) => r.linkId)
      .sort();
  return {
    user,
    token,
    project,
    tierOne,
    tierTwo,
    path,
    postLink,
    otherLink,
    a,
    b,
    c,
    d,
    start,
    flagOf,
    listed,
    itemLinks,
  };
}

/** The flags as stored, by link id. */
async function storedFlags(projectId: number) {
  const rows = await env.t.db
    .select({ id: links.id, reason: links.deadFeedReason, since: links.deadFeedSince })
    .from(links)
    .where(and(eq(links.projectId, projectId), eq(links.tier, Tier.Two)))
    .orderBy(links.id);
  return rows;
}

describe('tier 2 links that feed a dead tier 1 page (issue 31)', () => {
  it('flags them when the tier 1 page dies, leaves them out of the next tier 2 task uncharged, includes them on request, clears them when it recovers', async () => {
    const s = await tiers();
    await s.start(s.tierOne.id);
    await s.start(s.tierTwo.id);
    expect(await s.flagOf(s.a.id)).toBeNull();

    // The tier 1 post starts answering 404: the tier 2 pages that feed only it are flagged.
    env.web.set(s.path('post'), { status: 404, body: 'gone' });
    const before = Date.now();
    await s.start(s.tierOne.id);
    const flagA = await s.flagOf(s.a.id);
    expect(flagA).toMatchObject({ reason: 'error' });
    expect(Date.parse(flagA.since)).toBeGreaterThanOrEqual(before - 1000);
    expect(await s.flagOf(s.b.id)).toMatchObject({ reason: 'error' });
    // c feeds no tier 1 page; d also feeds a live one: neither is flagged.
    expect(await s.flagOf(s.c.id)).toBeNull();
    expect(await s.flagOf(s.d.id)).toBeNull();
    expect((await s.listed()).get(s.a.id)).toMatchObject({ reason: 'error' });
    // The links filter lists them, by any reason or by theirs.
    const filtered = async (value: string) =>
      (
        await env.t.api('GET', `links?filter[campaign]=${s.tierTwo.id}&filter[deadFeed]=${value}`, {
          token: s.token,
        })
      ).body.data
        .map((l: { id: number }) => l.id)
        .sort();
    expect(await filtered('any')).toEqual([s.a.id, s.b.id].sort());
    expect(await filtered('error')).toEqual([s.a.id, s.b.id].sort());
    expect(await filtered('noindex')).toEqual([]);
    // A tier 1 link itself never carries the flag.
    expect(await s.flagOf(s.postLink.id)).toBeNull();

    // The price preview counts them, left out and not charged.
    const cost = await env.t.api(
      'GET',
      `actions/${ActionCode.CheckBacklinks}/balance?campaign=${s.tierTwo.id}`,
      {
        token: s.token,
      },
    );
    expect(cost.body.data.attributes).toMatchObject({ selected: 4, count: 2, cost: 2, deadFeeds: 2 });
    expect(cost.body.data.attributes.skipped).toEqual([
      { reason: 'deadTierOne', count: 2, title: expect.stringContaining('tier 1') },
    ]);
    const included = await env.t.api(
      'GET',
      `actions/${ActionCode.CheckBacklinks}/balance?campaign=${s.tierTwo.id}&includeDeadFeeds=true`,
      { token: s.token },
    );
    expect(included.body.data.attributes).toMatchObject({ count: 4, cost: 4, deadFeeds: 2, skipped: [] });

    // The next tier 2 task leaves them out: no item, no charge.
    const balance = (await reloadUser(env.t.db, s.user.id)).balance;
    const leftOut = await s.start(s.tierTwo.id);
    expect(leftOut).toMatchObject({ totalCount: 2, cost: 2, skipped: { deadTierOne: 2 } });
    expect(await s.itemLinks(leftOut.id)).toEqual([s.c.id, s.d.id].sort());
    expect((await reloadUser(env.t.db, s.user.id)).balance).toBe(balance - 2);
    const [charge] = await env.t.db
      .select({ value: balanceTransactions.value })
      .from(balanceTransactions)
      .where(eq(balanceTransactions.actionId, leftOut.id));
    expect(charge.value).toBe(-2);
    // Still flagged after the tier 2 check: their tier 1 page is still dead.
    expect(await s.flagOf(s.a.id)).toMatchObject({ reason: 'error', since: flagA.since });

    // Asked to include them, the task works on and charges for all four.
    const withDead = await s.start(s.tierTwo.id, '&includeDeadFeeds=true');
    expect(withDead).toMatchObject({ totalCount: 4, cost: 4 });
    expect(await s.itemLinks(withDead.id)).toHaveLength(4);
    expect((await reloadUser(env.t.db, s.user.id)).balance).toBe(balance - 6);

    // What they cost over the month: each was checked twice (1 credit each), once while flagged.
    const wasted = await env.t.api('GET', `projects/${s.project.id}/wasted-tier-two`, { token: s.token });
    expect(wasted.status).toBe(200);
    expect(wasted.body.data.attributes).toEqual({
      links: 2,
      days: 30,
      checkCost: 4,
      indexCost: 0,
      cost: 4,
      costWhileFlagged: 2,
    });

    // The tier 1 page recovers: the flags go.
    env.web.set(s.path('post'), donorHtml({ links: ['<a href="https://shop.example/">shop</a>'] }));
    await s.start(s.tierOne.id);
    expect(await s.flagOf(s.a.id)).toBeNull();
    expect(await s.flagOf(s.b.id)).toBeNull();
    expect((await storedFlags(s.project.id)).every((r) => r.reason === null && r.since === null)).toBe(true);
    const after = await env.t.api('GET', `projects/${s.project.id}/wasted-tier-two`, { token: s.token });
    expect(after.body.data.attributes.links).toBe(0);
  }, 120_000);

  it('names each reason a tier 1 page dies of, and the incremental flags match a recount from nothing', async () => {
    const s = await tiers();
    await s.start(s.tierOne.id);
    await s.start(s.tierTwo.id);
    const setPost = (values: Partial<typeof links.$inferInsert>) =>
      env.t.db.update(links).set(values).where(eq(links.id, s.postLink.id));
    const alive = {
      responseCode: 200,
      responseCodeGroup: null,
      checkStatus: 1,
      indexingCapabilityId: RobotsStatus.Allow,
      indexing: IndexState.Indexed,
    };
    const cases: [Partial<typeof links.$inferInsert>, string | null][] = [
      [{ responseCode: 503 }, 'error'],
      [{ responseCodeGroup: 1, responseCode: null }, 'error'],
      [{ checkStatus: 2 }, 'missing'],
      [{ indexingCapabilityId: RobotsStatus.RobotsTxt }, 'blocked'],
      [{ indexingCapabilityId: RobotsStatus.MetaNoindex }, 'noindex'],
      [{ indexing: IndexState.NotIndexed }, 'not_indexed'],
      [{ responseCode: 301 }, null],
      [{}, null],
    ];
    for (const [values, reason] of cases) {
      await setPost({ ...alive, ...values });
      await refreshDeadFeeds(env.t.db, s.project.id);
      expect(await s.flagOf(s.a.id), JSON.stringify(values)).toEqual(
        reason === null ? null : { reason, since: expect.any(String) },
      );
    }

    // The since-date is kept while the page stays dead, whatever the reason becomes.
    await setPost({ ...alive, responseCode: 500 });
    await refreshDeadFeeds(env.t.db, s.project.id);
    const first = await s.flagOf(s.a.id);
    await setPost({ ...alive, indexing: IndexState.NotIndexed });
    await refreshDeadFeeds(env.t.db, s.project.id);
    expect(await s.flagOf(s.a.id)).toEqual({ reason: 'not_indexed', since: first.since });

    // A recount from nothing gives the same flags, and the summary counts what is stored.
    const incremental = await storedFlags(s.project.id);
    await env.t.db.execute(
      sql`update ${links} set dead_feed_reason = null, dead_feed_since = null where project_id = ${s.project.id}`,
    );
    await refreshDeadFeeds(env.t.db, s.project.id);
    const recount = await storedFlags(s.project.id);
    expect(recount.map((r) => [r.id, r.reason])).toEqual(incremental.map((r) => [r.id, r.reason]));
    expect(recount.filter((r) => r.reason !== null).map((r) => r.id)).toEqual([s.a.id, s.b.id]);
    const wasted = await env.t.api('GET', `projects/${s.project.id}/wasted-tier-two`, { token: s.token });
    expect(wasted.body.data.attributes.links).toBe(2);
  }, 60_000);

  it('alerts the rules that watch it, once, naming the tier 2 links (issue 32: tier-1 page dead)', async () => {
    const s = await tiers();
    await s.start(s.tierOne.id);
    await s.start(s.tierTwo.id);
    const rule = await env.t.api('PUT', `projects/${s.project.id}/alerts`, {
      token: s.token,
      body: { events: ['tierOneDead'], channels: ['email'], mode: 'immediate' },
    });
    expect(rule.status).toBe(200);
    env.web.set(s.path('post'), { status: 404, body: 'gone' });
    const died = await s.start(s.tierOne.id);
    await s.start(s.tierOne.id); // still dead: no news
    const messages = await messagesOfUser(env.t.db, { userId: s.user.id });
    expect(messages.map((m) => m.actionId)).toEqual([died.id]);
    const { tierOneDead } = (messages[0].payload as AlertPayload).events;
    expect(tierOneDead?.count).toBe(2);
    expect(tierOneDead?.samples.map((l) => [l.url, l.new])).toEqual([
      [s.a.url, 'error'],
      [s.b.url, 'error'],
    ]);
  });

  it("answers 404 for another user's project", async () => {
    const s = await tiers();
    const other = await makeUserWithToken(env.t.db, { balance: 0 });
    const res = await env.t.api('GET', `projects/${s.project.id}/wasted-tier-two`, { token: other.token });
    expect(res.status).toBe(404);
  });
});
