import {
  ActionCode,
  BalanceTransactionType,
  IndexState,
  LinkCheckStatus,
  RobotsStatus,
  TaskStatus,
} from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actionItems,
  actions,
  balanceTransactions,
  indexRequests,
  links,
  notifications,
} from '../../../db/schema/index.ts';
import { startSerperStandIn } from '../../../providers/index-check/stand-ins/serper.ts';
import type { StandIn } from '../../../providers/index-check/stand-ins/stand-in.ts';
import { startSpeedyIndexStandIn } from '../../../providers/indexing/stand-ins/speedyindex.ts';
import {
  makeCampaign,
  makeLinks,
  makeProject,
  makeUserWithToken,
  reloadUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { REQUEST_STATE } from './add-to-index.queries.ts';
import { recheckIndexRequests } from './recheck.ts';

/**
 * The indexing request (action 3) through the API, the worker and the services' own protocols (our
 * loopback stand-ins of SpeedyIndex and Serper): what is left out and charged, what the service
 * receives, the drip feed, failures, and the re-check that refunds a page still not indexed.
 */
let speedy: StandIn;
let serper: StandIn;
let t: TestApp;
const PRICE = 5;

beforeAll(async () => {
  speedy = await startSpeedyIndexStandIn({ apiKey: 'speedy-key' });
  serper = await startSerperStandIn({ apiKey: 'serper-key' });
  t = await createTestApp({
    env: {
      SPEEDYINDEX_API_KEY: 'speedy-key',
      SPEEDYINDEX_BASE_URL: speedy.url,
      SERPER_API_KEY: 'serper-key',
      SERPER_BASE_URL: serper.url,
      SERPER_RATE_PER_SECOND: '1000',
      INDEX_CHECK_TIMEOUT_MS: '1000',
      INDEXING_TIMEOUT_MS: '1000',
    },
  });
});
afterAll(async () => {
  await t.close();
  await speedy.close();
  await serper.close();
});
beforeEach(() => speedy.set({ mode: 'normal', ratePerSecond: 1000, burst: 1000 }));

/** What the latest backlink check said of a page, per kind of page these tests use. */
const CHECKED = { dateCheckData: new Date(), responseCode: 200, indexingCapabilityId: RobotsStatus.Allow };
const PAGES = {
  ok: CHECKED,
  indexed: { ...CHECKED, indexing: IndexState.Indexed },
  unchecked: {},
  gone: { ...CHECKED, responseCode: 404 },
  robots: { ...CHECKED, indexingCapabilityId: RobotsStatus.RobotsTxt },
  noindex: { ...CHECKED, indexingCapabilityId: RobotsStatus.XRobotsNoindex },
  canonical: { ...CHECKED, indexingCapabilityId: RobotsStatus.Canonical },
  // Answered 200 without the backlink (the demo's forum/thread-42).
  missing: { ...CHECKED, checkStatus: LinkCheckStatus.Missing, countBacklinks: 0 },
} as const;

let run = 0;
/** A campaign with pages `https://blogN.example/<kind>-<i>` as the kinds say, and a user with credits. */
async function campaignOf(kinds: (keyof typeof PAGES)[], balance = 100) {
  run++;
  const { user, token } = await makeUserWithToken(t.db, { balance });
  const project = await makeProject(t.db, { userId: user.id });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Posts' });
  const url = (name: string) => `https://blog${run}.example/${name}`;
  const rows = [];
  for (const [i, kind] of kinds.entries()) {
    rows.push(...(await makeLinks(t.db, { campaign, urls: [url(`${kind}-${i}`)], values: PAGES[kind] })));
  }
  const start = (query = '') =>
    t.api('POST', `actions/${ActionCode.AddToIndex}/start?campaign=${campaign.id}${query}`, { token });
  const task = async (id: number) => (await t.db.select().from(actions).where(eq(actions.id, id)))[0];
  return { user, token, campaign, url, rows, start, task };
}

const sentUrls = () => speedy.requests.flatMap((r) => (JSON.parse(r.body) as { urls: string[] }).urls);

describe('add to index (action 3)', () => {
  it('lists the pages it leaves out with their reasons and charges only for the rest', async () => {
    const s = await campaignOf([
      'ok',
      'ok',
      'indexed',
      'unchecked',
      'gone',
      'robots',
      'noindex',
      'canonical',
      'missing',
    ]);
    const preview = await t.api('GET', `actions/${ActionCode.AddToIndex}/balance?campaign=${s.campaign.id}`, {
      token: s.token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.attributes).toMatchObject({
      selected: 9,
      count: 2,
      price: PRICE,
      cost: 2 * PRICE,
    });
    expect(preview.body.data.attributes.skipped).toEqual([
      { reason: 'indexed', count: 1, title: 'Already indexed' },
      { reason: 'unchecked', count: 1, title: 'Not checked yet: run a backlink check first' },
      { reason: 'notOk', count: 1, title: 'The page did not answer 200 at its last check' },
      { reason: 'missing', count: 1, title: 'Backlink missing: the page does not link to your site' },
      { reason: 'robots', count: 1, title: 'Blocked by robots.txt' },
      { reason: 'noindex', count: 1, title: 'Marked noindex (meta robots or X-Robots-Tag)' },
      { reason: 'canonical', count: 1, title: 'Its canonical points to another page' },
    ]);

    const before = speedy.requests.length;
    const res = await s.start();
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({
      totalCount: 2,
      cost: 2 * PRICE,
      days: 1,
      skipped: { indexed: 1, unchecked: 1, notOk: 1, missing: 1, robots: 1, noindex: 1, canonical: 1 },
    });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100 - 2 * PRICE);
    await t.drain();

    expect(await s.task(res.body.data.id)).toMatchObject({
      statusId: TaskStatus.Done,
      successCount: 2,
      refunded: 0,
    });
    expect(speedy.requests.length).toBe(before + 1);
    expect(speedy.requests.at(-1)?.headers.authorization).toBe('speedy-key');
    expect(sentUrls().slice(-2).sort()).toEqual([s.url('ok-0'), s.url('ok-1')]);
    const sent = await t.db
      .select()
      .from(links)
      .where(and(eq(links.campaignId, s.campaign.id), sql`date_add_index is not null`));
    expect(sent.map((l) => l.url).sort()).toEqual([s.url('ok-0'), s.url('ok-1')]);
    const requests = await t.db
      .select()
      .from(indexRequests)
      .where(eq(indexRequests.actionId, res.body.data.id));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      provider: 'speedyindex',
      price: PRICE,
      state: REQUEST_STATE.Waiting,
    });
    // Re-checked seven days later by default.
    const days = (requests[0].recheckAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  it.each([
    ['ru', 'Ссылка отсутствует: страница не ссылается на ваш сайт'],
    ['ua', 'Посилання відсутнє: сторінка не посилається на ваш сайт'],
  ])('leaves out a page whose backlink is missing, saying so (%s)', async (locale, title) => {
    const s = await campaignOf(['ok', 'missing']);
    const preview = await t.api('GET', `actions/${ActionCode.AddToIndex}/balance?campaign=${s.campaign.id}`, {
      token: s.token,
      locale,
    });
    expect(preview.body.data.attributes).toMatchObject({ selected: 2, count: 1, cost: PRICE });
    expect(preview.body.data.attributes.skipped).toEqual([{ reason: 'missing', count: 1, title }]);
    const res = await s.start();
    expect(res.body.data.attributes).toMatchObject({ totalCount: 1, cost: PRICE, skipped: { missing: 1 } });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100 - PRICE);
  });

  it('starts nothing and charges nothing when every selected page is left out', async () => {
    const s = await campaignOf(['indexed', 'gone']);
    const res = await s.start();
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/None of the selected pages can be sent for indexing/);
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100);
    expect(await t.db.select().from(actions).where(eq(actions.userId, s.user.id))).toEqual([]);
  });

  it('spreads the pages over the chosen days and stays in Process until the last portion is sent', async () => {
    const s = await campaignOf(['ok', 'ok', 'ok', 'ok']);
    expect((await s.start('&days=15')).status).toBe(422);
    expect((await s.start('&days=15')).body.errors).toHaveProperty('days');
    const res = await s.start('&days=2');
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ days: 2, totalCount: 4, cost: 4 * PRICE });
    await t.drain();
    const id = res.body.data.id;
    expect(await s.task(id)).toMatchObject({ statusId: TaskStatus.Process, currentCount: 2 });
    const waiting = await t.db
      .select()
      .from(actionItems)
      .where(and(eq(actionItems.actionId, id), eq(actionItems.status, 0)));
    expect(waiting).toHaveLength(2);
    const hoursAway = (waiting[0].lockedUntil!.getTime() - Date.now()) / 3_600_000;
    expect(hoursAway).toBeGreaterThan(23.9);
    // The next day comes.
    await t.db
      .update(actionItems)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(actionItems.actionId, id));
    await t.drain();
    expect(await s.task(id)).toMatchObject({ statusId: TaskStatus.Done, successCount: 4 });
  });

  it('refunds the pages a service would not take (no funds) and retries a rate limit later', async () => {
    const s = await campaignOf(['ok', 'ok']);
    speedy.set({ mode: 'no-funds' });
    const failed = await s.start();
    await t.drain();
    expect(await s.task(failed.body.data.id)).toMatchObject({
      statusId: TaskStatus.Fail,
      refunded: 2 * PRICE,
    });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100);
    expect(
      await t.db.select().from(indexRequests).where(eq(indexRequests.actionId, failed.body.data.id)),
    ).toEqual([]);

    // Half a token, refilled in a second: the service answers "overloaded, come back later" once.
    speedy.set({ mode: 'normal', ratePerSecond: 0.5, burst: 0.5 });
    const limited = await s.start();
    await t.drain();
    const id = limited.body.data.id;
    const [item] = await t.db.select().from(actionItems).where(eq(actionItems.actionId, id));
    expect(item).toMatchObject({ status: 0 });
    expect(item.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    speedy.set({ ratePerSecond: 1000, burst: 1000 });
    await t.db
      .update(actionItems)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(actionItems.actionId, id));
    await t.drain();
    expect(await s.task(id)).toMatchObject({ statusId: TaskStatus.Done, successCount: 2, refunded: 0 });
  });

  it('refunds a page still not indexed at its re-check, with a ledger row, a notification and a report line', async () => {
    const s = await campaignOf(['ok', 'ok']);
    const res = await s.start();
    await t.drain();
    const id = res.body.data.id;
    serper.indexed.add(s.url('ok-0'));
    const due = () =>
      t.db.update(indexRequests).set({ recheckAt: new Date() }).where(eq(indexRequests.actionId, id));

    await due();
    await recheckIndexRequests(t.ctx);
    const stateOf = async () =>
      new Map(
        (await t.db.select().from(indexRequests).where(eq(indexRequests.actionId, id))).map((r) => [
          r.linkId,
          r.state,
        ]),
      );
    const [first, second] = s.rows;
    // One service: its "not indexed" is asked again later before anything is refunded.
    expect(await stateOf()).toEqual(
      new Map([
        [first.id, REQUEST_STATE.Indexed],
        [second.id, REQUEST_STATE.Confirming],
      ]),
    );
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100 - 2 * PRICE);

    await due();
    await recheckIndexRequests(t.ctx);
    expect((await stateOf()).get(second.id)).toBe(REQUEST_STATE.Refunded);
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100 - PRICE);
    expect(await s.task(id)).toMatchObject({ refunded: PRICE });
    const ledger = await t.db
      .select()
      .from(balanceTransactions)
      .where(
        and(
          eq(balanceTransactions.userId, s.user.id),
          eq(balanceTransactions.typeId, BalanceTransactionType.Refund),
        ),
      );
    expect(ledger).toMatchObject([{ value: PRICE, actionId: id }]);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, s.user.id));
    expect(notes.map((n) => n.message)).toContain(
      '1 page sent for indexing is still not indexed after 7 days: 5 credits refunded.',
    );
    const report = await t.api(
      'GET',
      `reports/links?filter[project]=${s.campaign.projectId}&filter[action]=${id}&filter[changesType]=refund`,
      { token: s.token },
    );
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body.data)).toContain(s.url('ok-1'));
    expect(JSON.stringify(report.body.data)).not.toContain(s.url('ok-0'));
    expect((await t.api('GET', `links/${second.id}`, { token: s.token })).body.data.attributes).toMatchObject(
      {
        indexing: IndexState.NotIndexed,
      },
    );
    expect((await t.api('GET', `links/${first.id}`, { token: s.token })).body.data.attributes).toMatchObject({
      indexing: IndexState.Indexed,
    });

    // Settled requests are not asked again, and a refund is given once.
    await due();
    const asked = serper.counts.requests;
    await recheckIndexRequests(t.ctx);
    expect(serper.counts.requests).toBe(asked);
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100 - PRICE);
  });

  it('leaves out pages of the user’s own site while no own-site service is configured', async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
    const project = await makeProject(t.db, { userId: user.id, domains: ['my-shop.example'] });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Own pages' });
    await makeLinks(t.db, {
      campaign,
      urls: ['https://www.my-shop.example/new-product', 'https://donor.example/review'],
      values: CHECKED,
    });
    const preview = await t.api('GET', `actions/${ActionCode.AddToIndex}/balance?campaign=${campaign.id}`, {
      token,
    });
    expect(preview.body.data.attributes).toMatchObject({ count: 1, selected: 2 });
    expect(preview.body.data.attributes.skipped).toMatchObject([{ reason: 'noIndexer', count: 1 }]);
  });
});

describe('add to index with no indexing service configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('is listed unavailable with the reason, cannot start and charges nothing', async () => {
    const { user, token } = await makeUserWithToken(bare.db, { balance: 10 });
    const project = await makeProject(bare.db, { userId: user.id });
    const campaign = await makeCampaign(bare.db, { userId: user.id, projectId: project.id });
    await makeLinks(bare.db, { campaign, urls: ['https://a.example/'], values: CHECKED });

    const list = await bare.api('GET', 'actions/list', { token, locale: 'ua' });
    expect(
      list.body.data.find((a: { id: number }) => a.id === ActionCode.AddToIndex).attributes,
    ).toMatchObject({
      available: false,
      unavailableReason: 'Не налаштовано жодного сервісу індексації',
    });
    const res = await bare.api('POST', `actions/${ActionCode.AddToIndex}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('No indexing provider is configured');
    expect((await reloadUser(bare.db, user.id)).balance).toBe(10);
    expect(await bare.db.select().from(actions).where(eq(actions.userId, user.id))).toEqual([]);
  });
});
