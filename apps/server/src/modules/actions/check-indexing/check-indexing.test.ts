import { ActionCode, IndexState, ScheduleAction, TaskStatus } from '@linkwatch/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, balanceTransactions, schedules } from '../../../db/schema/index.ts';
import { startSerpApiStandIn } from '../../../providers/index-check/stand-ins/serpapi.ts';
import { startSerperStandIn } from '../../../providers/index-check/stand-ins/serper.ts';
import type { StandIn } from '../../../providers/index-check/stand-ins/stand-in.ts';
import {
  makeCampaign,
  makeLinks,
  makeProject,
  makeUserWithToken,
  reloadUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createScheduler } from '../../../worker/scheduler.ts';

/**
 * Check indexing through the API, the worker and the SERP services' own protocols (our loopback
 * stand-ins of Serper and SerpApi): what the link, its history, the statistics, the report and the
 * ledger say afterwards.
 */
let serper: StandIn;
let serpapi: StandIn;
let t: TestApp;

beforeAll(async () => {
  serper = await startSerperStandIn({ apiKey: 'serper-key' });
  serpapi = await startSerpApiStandIn({ apiKey: 'serpapi-key' });
  t = await createTestApp({
    env: {
      SERPER_API_KEY: 'serper-key',
      SERPER_BASE_URL: serper.url,
      SERPER_RATE_PER_SECOND: '1000',
      SERPAPI_API_KEY: 'serpapi-key',
      SERPAPI_BASE_URL: serpapi.url,
      SERPAPI_RATE_PER_SECOND: '1000',
      INDEX_CHECK_TIMEOUT_MS: '1000',
    },
  });
});
afterAll(async () => {
  await t.close();
  await serper.close();
  await serpapi.close();
});

let run = 0;
/** A campaign of pages `https://blogN.example/<name>` and its owner with 100 credits. */
async function campaignOf(...names: string[]) {
  run++;
  const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
  const project = await makeProject(t.db, { userId: user.id });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Posts' });
  const url = (name: string) => `https://blog${run}.example/${name}`;
  const rows = await makeLinks(t.db, { campaign, urls: names.map(url) });
  const link = (name: string) => rows.find((r) => r.url === url(name))!;
  const check = async () => {
    const res = await t.api('POST', `actions/${ActionCode.CheckIndexing}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    await t.drain();
    const [task] = await t.db.select().from(actions).where(eq(actions.id, res.body.data.id));
    return task;
  };
  const attributes = async (name: string) =>
    (await t.api('GET', `links/${link(name).id}`, { token })).body.data.attributes;
  return { user, token, project, campaign, url, link, check, attributes };
}

describe('check indexing (action 1)', () => {
  it('marks a page indexed on one answer and not indexed when both services agree, with history and statistics', async () => {
    const s = await campaignOf('in-google', 'nowhere');
    // The SERP lists the page under another form of its URL (www., slash): still the same page.
    serper.indexed.add(s.url('in-google'));
    const task = await s.check();
    expect(task).toMatchObject({ statusId: TaskStatus.Done, totalCount: 2, successCount: 2, cost: 4 });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(96);

    expect(await s.attributes('in-google')).toMatchObject({
      indexing: IndexState.Indexed,
      indexingText: 'Indexed',
    });
    const nowhere = await s.attributes('nowhere');
    expect(nowhere).toMatchObject({ indexing: IndexState.NotIndexed, indexingText: 'Not indexed' });
    expect(Date.parse(nowhere.dateCheckIndexing)).toBeGreaterThan(Date.now() - 60_000);

    const history = await t.api('GET', `index-histories?filter[campaign]=${s.campaign.id}`, {
      token: s.token,
    });
    expect(
      history.body.data.map((h: { attributes: { url: string; value: number; provider: string } }) => [
        h.attributes.url,
        h.attributes.value,
        h.attributes.provider,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [s.url('in-google'), IndexState.Indexed, 'serper'],
        [s.url('nowhere'), IndexState.NotIndexed, 'serper+serpapi'],
      ]),
    );
    const indexedOnly = await t.api('GET', `links?filter[campaign]=${s.campaign.id}&filter[indexing]=1`, {
      token: s.token,
    });
    expect(indexedOnly.body.data.map((l: { attributes: { url: string } }) => l.attributes.url)).toEqual([
      s.url('in-google'),
    ]);
    const projects = await t.api('GET', 'projects', { token: s.token });
    expect(projects.body.data[0].attributes.statistic).toMatchObject({ indexed: 1, total: 2 });
  });

  it('takes the second service’s "indexed" over the first one’s miss', async () => {
    const s = await campaignOf('only-serpapi');
    serpapi.indexed.add(s.url('only-serpapi'));
    await s.check();
    expect(await s.attributes('only-serpapi')).toMatchObject({ indexing: IndexState.Indexed });
    const history = await t.api('GET', `index-histories?filter[campaign]=${s.campaign.id}`, {
      token: s.token,
    });
    expect(history.body.data[0].attributes.provider).toBe('serpapi');
  });

  it('leaves a page Unverified and refunds it when no service answers', async () => {
    const s = await campaignOf('unknown');
    serper.set({ mode: 'no-funds' });
    serpapi.set({ mode: 'server-error' });
    try {
      const task = await s.check();
      expect(task).toMatchObject({ statusId: TaskStatus.Fail, totalCount: 1, successCount: 0 });
    } finally {
      serper.set({ mode: 'normal' });
      serpapi.set({ mode: 'normal' });
    }
    expect(await s.attributes('unknown')).toMatchObject({
      indexing: IndexState.Unverified,
      dateCheckIndexing: null,
    });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100);
    const ledger = await t.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, s.user.id));
    // The charge and its refund, beside the balance the account started with.
    expect(ledger.filter((r) => r.actionId !== null).map((r) => r.value)).toEqual([-2, 2]);
  });

  it('reports a page that drops out of the index, and its return', async () => {
    const s = await campaignOf('flaky');
    serper.indexed.add(s.url('flaky'));
    await s.check();
    serper.indexed.delete(s.url('flaky'));
    await s.check();
    serper.indexed.add(s.url('flaky'));
    await s.check();
    const report = await t.api('GET', `reports/links?filter[project]=${s.project.id}`, { token: s.token });
    const changes = report.body.data.flatMap(
      (l: { attributes: { changes: { changesType: string; old: string; new: string }[] } }) =>
        l.attributes.changes,
    );
    expect(
      changes.map((c: { changesType: string; old: string; new: string }) => [c.changesType, c.old, c.new]),
    ).toEqual([
      ['indexing', '2', '1'],
      ['indexing', '1', '2'],
    ]);
  });

  it('runs a scheduled index check and charges it like a manual start', async () => {
    const s = await campaignOf('scheduled');
    serper.indexed.add(s.url('scheduled'));
    const saved = await t.api('POST', 'schedules/', {
      token: s.token,
      body: { action: ScheduleAction.AutoCheckIndexing, interval: 1, time: '00:00', campaign: s.campaign.id },
    });
    expect(saved.status).toBe(201);
    await t.db
      .update(schedules)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(schedules.id, saved.body.data.id));
    expect(await createScheduler(t.ctx).tick()).toEqual([
      { scheduleId: saved.body.data.id, result: 'started' },
    ]);
    await t.drain();
    expect(await s.attributes('scheduled')).toMatchObject({ indexing: IndexState.Indexed });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(98);
  });
});

describe('check indexing with one service', () => {
  let single: TestApp;
  let only: StandIn;
  beforeAll(async () => {
    only = await startSerperStandIn({ apiKey: 'k' });
    single = await createTestApp({
      env: {
        SERPER_API_KEY: 'k',
        SERPER_BASE_URL: only.url,
        SERPER_RATE_PER_SECOND: '1000',
        INDEX_CHECK_CONFIRM_AFTER_MINUTES: '0',
      },
    });
  });
  afterAll(async () => {
    await single.close();
    await only.close();
  });

  it('asks the same service again before it calls a page not indexed', async () => {
    const { user, token } = await makeUserWithToken(single.db, { balance: 10 });
    const project = await makeProject(single.db, { userId: user.id });
    const campaign = await makeCampaign(single.db, { userId: user.id, projectId: project.id });
    const [link] = await makeLinks(single.db, { campaign, urls: ['https://lonely.example/post'] });
    const res = await single.api(
      'POST',
      `actions/${ActionCode.CheckIndexing}/start?campaign=${campaign.id}`,
      {
        token,
      },
    );
    expect(res.status).toBe(201);
    await single.drain();
    const asked = only.requests.filter((r) => r.body.includes('lonely.example'));
    expect(asked).toHaveLength(2);
    const attributes = (await single.api('GET', `links/${link.id}`, { token })).body.data.attributes;
    expect(attributes.indexing).toBe(IndexState.NotIndexed);
  });
});

describe('check indexing without a service', () => {
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
    await makeLinks(bare.db, { campaign, urls: ['https://a.example/'] });

    const list = await bare.api('GET', 'actions/list', { token, locale: 'ru' });
    expect(list.body.data.find((a: { id: number }) => a.id === ActionCode.CheckIndexing).attributes).toEqual({
      id: ActionCode.CheckIndexing,
      name: 'Проверка индексации',
      available: false,
      unavailableReason: 'Не настроен ни один сервис проверки индексации',
      demoNote: null,
    });
    const res = await bare.api('POST', `actions/${ActionCode.CheckIndexing}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('No index check provider is configured');
    expect((await reloadUser(bare.db, user.id)).balance).toBe(10);
    expect(await bare.db.select().from(actions).where(eq(actions.userId, user.id))).toEqual([]);
  });
});
