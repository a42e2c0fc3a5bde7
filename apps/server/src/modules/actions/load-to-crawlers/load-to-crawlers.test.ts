import { ActionCode, CRAWLER_STATUS, TaskStatus } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, crawlerItems, crawlerLinks } from '../../../db/schema/index.ts';
import {
  type AhrefsBacklink,
  type AhrefsStandIn,
  startAhrefsStandIn,
} from '../../../providers/crawlers/stand-ins/ahrefs.ts';
import { makeProject, makeUserWithToken, reloadUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Action 10 through the API and the worker, against the loopback Ahrefs API v3 stand-in: the price
 * preview's units estimate, the pull into the crawler tables with the import's New / Active / RIP rules,
 * refusals that charge nothing, and a refund when the pull fails for good.
 */
const KEY = 'ahrefs-key';
let ahrefs: AhrefsStandIn;
let t: TestApp;

beforeAll(async () => {
  ahrefs = await startAhrefsStandIn({ apiKey: KEY });
  t = await createTestApp({
    env: {
      AHREFS_API_KEY: KEY,
      AHREFS_BASE_URL: ahrefs.url,
      AHREFS_RATE_PER_SECOND: '100',
      AHREFS_PAGE_SIZE: '2',
      AHREFS_MAX_ROWS: '6',
    },
  });
});
afterAll(async () => {
  await t.close();
  await ahrefs.close();
});

let sequence = 0;
/** A user with a project on a domain of its own, and `n` backlinks Ahrefs knows to that domain. */
async function projectWithBacklinks(n: number) {
  const domain = `shop-${++sequence}.example`;
  const { user, token } = await makeUserWithToken(t.db, { balance: 10 });
  const project = await makeProject(t.db, { userId: user.id, domains: [`https://www.${domain}/`] });
  const backlinks: AhrefsBacklink[] = Array.from({ length: n }, (_, i) => ({
    url_from: `https://blog-${i}.example/${domain}`,
    url_to: `https://${domain}/product-${i}`,
    anchor: `product ${i}`,
    is_nofollow: i === 0,
    first_seen_link: '2026-03-01T10:00:00Z',
    last_visited: '2026-11-20T08:00:00Z',
  }));
  ahrefs.backlinks.push(...backlinks);
  const start = (locale?: 'en' | 'ru' | 'ua') =>
    t.api('POST', `actions/${ActionCode.LoadToCrawlers}/start?filter[project]=${project.id}`, {
      token,
      locale,
    });
  const statuses = async () => {
    const rows = await t.db
      .select({
        url: crawlerLinks.url,
        status: crawlerItems.status,
        source: crawlerItems.source,
        anchor: crawlerItems.anchor,
        nofollow: crawlerItems.nofollow,
        seenOn: crawlerItems.seenOn,
      })
      .from(crawlerItems)
      .innerJoin(crawlerLinks, eq(crawlerLinks.id, crawlerItems.crawlerLinkId))
      .where(eq(crawlerItems.projectId, project.id))
      .orderBy(crawlerLinks.url);
    return rows;
  };
  return { user, token, project, domain, backlinks, start, statuses };
}

const balanceOf = async (userId: number) => (await reloadUser(t.db, userId)).balance;

describe('load to crawlers (action 10) with an Ahrefs key', () => {
  it("shows Ahrefs' units estimate in the price preview before starting", async () => {
    const p = await projectWithBacklinks(5);
    const res = await t.api(
      'GET',
      `actions/${ActionCode.LoadToCrawlers}/balance?filter[project]=${p.project.id}`,
      {
        token: p.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toEqual({
      cost: 1,
      price: 1,
      count: 1,
      balance: 10,
      selected: 1,
      skipped: [],
      // 5 rows in pages of 2: two full pages (max(50, 6×2)) and one of 1: 150 units in 3 requests.
      providerUnits: {
        provider: 'ahrefs',
        backlinks: 5,
        rows: 5,
        requests: 3,
        units: 150,
        unitsLeft: null,
        tooMany: false,
      },
    });
  });

  it('pulls every page into source 1 as New; a later pull without some turns those RIP, the rest Active', async () => {
    const p = await projectWithBacklinks(5);
    const first = await p.start();
    expect(first.status).toBe(201);
    expect(first.body.data.attributes).toMatchObject({
      actionId: 10,
      totalCount: 1,
      cost: 1,
      projectName: p.project.name,
    });
    expect(await balanceOf(p.user.id)).toBe(9);
    await t.drain();
    const [done] = await t.db.select().from(actions).where(eq(actions.id, first.body.data.id));
    expect(done.statusId).toBe(TaskStatus.Done);
    const pulled = await p.statuses();
    expect(pulled).toHaveLength(5);
    expect(pulled.every((r) => r.status === CRAWLER_STATUS.New && r.source === 1)).toBe(true);
    expect(pulled[0]).toMatchObject({ anchor: 'product 0', nofollow: true, seenOn: '2026-11-20' });

    // Ahrefs no longer lists two of them.
    for (const gone of p.backlinks.slice(3)) ahrefs.backlinks.splice(ahrefs.backlinks.indexOf(gone), 1);
    const second = await p.start();
    expect(second.status).toBe(201);
    await t.drain();
    const after = await p.statuses();
    expect(after.map((r) => r.status)).toEqual([
      CRAWLER_STATUS.Active,
      CRAWLER_STATUS.Active,
      CRAWLER_STATUS.Active,
      CRAWLER_STATUS.Rip,
      CRAWLER_STATUS.Rip,
    ]);
    expect(await balanceOf(p.user.id)).toBe(8);
    const requests = ahrefs.requests.filter((r) => r.searchParams.get('target') === p.domain);
    expect(requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('runs once at a time per project: a second start while the first waits is refused, not charged', async () => {
    const p = await projectWithBacklinks(1);
    expect((await p.start()).status).toBe(201);
    const again = await p.start();
    expect(again.status).toBe(422);
    // spec 8: 'Task already started' comes with what to do about it.
    expect(again.body).toEqual({
      message: 'Task already started',
      hint: 'Please wait while current task will be finished and try again',
    });
    expect((await p.start('ru')).body).toEqual({
      message: 'Задача уже запущена',
      hint: 'Пожалуйста, дождитесь завершения текущей задачи и попробуйте снова',
    });
    expect((await p.start('ua')).body).toEqual({
      message: 'Задачу вже запущено',
      hint: 'Будь ласка, дочекайтеся завершення поточної задачі та спробуйте знову',
    });
    expect(await balanceOf(p.user.id)).toBe(9);
    await t.drain();
  });

  it('refuses a domain with more backlinks than one pull takes, and charges nothing', async () => {
    const p = await projectWithBacklinks(7);
    const res = await p.start();
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(
      'Ahrefs lists 7 backlinks for this domain, more than one pull takes (6)',
    );
    expect(await balanceOf(p.user.id)).toBe(10);
    expect(await p.statuses()).toEqual([]);
  });

  it('refuses to start when Ahrefs refuses (units spent), in the user language, and charges nothing', async () => {
    const p = await projectWithBacklinks(2);
    ahrefs.set({ mode: 'no-funds' });
    try {
      const res = await t.api('POST', `actions/10/start?filter[project]=${p.project.id}`, {
        token: p.token,
        locale: 'ru',
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('У ключа API Ahrefs в этом месяце не осталось единиц.');
    } finally {
      ahrefs.set({ mode: 'normal' });
    }
    expect(await balanceOf(p.user.id)).toBe(10);
    expect(await t.db.select().from(actions).where(eq(actions.userId, p.user.id))).toEqual([]);
  });

  it('refunds a pull that fails for good once started, and imports nothing of it', async () => {
    const p = await projectWithBacklinks(3);
    // The preview's estimate is what the start goes by; Ahrefs then refuses the pull itself.
    await t.api('GET', `actions/10/balance?filter[project]=${p.project.id}`, { token: p.token });
    const res = await p.start();
    expect(res.status).toBe(201);
    expect(await balanceOf(p.user.id)).toBe(9);
    ahrefs.set({ mode: 'no-funds' });
    try {
      await t.drain();
    } finally {
      ahrefs.set({ mode: 'normal' });
    }
    const [failed] = await t.db.select().from(actions).where(eq(actions.id, res.body.data.id));
    expect(failed).toMatchObject({ statusId: TaskStatus.Fail, refunded: 1 });
    expect(await balanceOf(p.user.id)).toBe(10);
    expect(await p.statuses()).toEqual([]);
  });

  it("puts a pull that fails on Ahrefs' side back for a later try, charged and not refunded yet", async () => {
    const p = await projectWithBacklinks(2);
    await t.api('GET', `actions/10/balance?filter[project]=${p.project.id}`, { token: p.token });
    const res = await p.start();
    ahrefs.set({ mode: 'server-error' });
    try {
      await t.drain();
    } finally {
      ahrefs.set({ mode: 'normal' });
    }
    const [waiting] = await t.db.select().from(actions).where(eq(actions.id, res.body.data.id));
    expect([TaskStatus.Waiting, TaskStatus.Process]).toContain(waiting.statusId);
    expect(waiting.refunded).toBe(0);
    const [item] = await t.db.select().from(actionItems).where(eq(actionItems.actionId, res.body.data.id));
    expect(item).toMatchObject({ status: 0, error: 'HTTP 500: Internal server error' });
    expect(item.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await balanceOf(p.user.id)).toBe(9);
    expect(await p.statuses()).toEqual([]);
  });

  it("never pulls into another user's project: 404 and nothing charged", async () => {
    const owner = await projectWithBacklinks(1);
    const other = await makeUserWithToken(t.db, { balance: 10 });
    const res = await t.api('POST', `actions/10/start?filter[project]=${owner.project.id}`, {
      token: other.token,
    });
    expect(res.status).toBe(404);
    const preview = await t.api('GET', `actions/10/balance?filter[project]=${owner.project.id}`, {
      token: other.token,
    });
    expect(preview.status).toBe(404);
    expect(await balanceOf(other.user.id)).toBe(10);
    expect(
      await t.db
        .select()
        .from(actions)
        .where(and(eq(actions.userId, other.user.id), eq(actions.actionId, 10))),
    ).toEqual([]);
  });

  it('asks for the project when the query names none (422 on filter.project)', async () => {
    const p = await projectWithBacklinks(0);
    const res = await t.api('POST', 'actions/10/start', { token: p.token });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['filter.project']);
  });
});

describe('load to crawlers (action 10) without an Ahrefs key', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('is refused with the file import as the way, and charges nothing', async () => {
    const { user, token } = await makeUserWithToken(bare.db, { balance: 10 });
    const project = await makeProject(bare.db, { userId: user.id });
    const res = await bare.api('POST', `actions/10/start?filter[project]=${project.id}`, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'No Ahrefs API key is configured: import a backlinks export file on the crawler data page instead',
    );
    expect((await reloadUser(bare.db, user.id)).balance).toBe(10);
    expect(await bare.db.select().from(actions).where(eq(actions.userId, user.id))).toEqual([]);
    const list = await bare.api('GET', 'actions/list', { token, locale: 'ua' });
    expect(
      list.body.data.find((a: { id: string | number }) => String(a.id) === '10').attributes,
    ).toMatchObject({
      available: false,
      unavailableReason:
        'Ключ API Ahrefs не налаштовано: завантажте файл експорту зворотних посилань на сторінці даних краулерів',
    });
  });
});
