import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionItems,
  backlinkCheckHistories,
  backlinks,
  links,
  notifications,
  reportChanges,
  reportLinks,
} from '../../db/schema/index.ts';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import {
  makeCampaign,
  makeLinks,
  makeProject,
  makeUserWithToken,
  makeWorkspace,
  reloadUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWorker } from '../../worker/worker.ts';
import { ledgerSum } from '../balance/ledger.ts';
import { ITEM_STATUS } from './types.ts';

let t: TestApp;
let web: DonorWeb;
beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
});
afterAll(async () => {
  await web.close();
  await t.close();
});

const acceptor = 'shop.example.com';

/** A user with credits, a project on `shop.example.com` and a campaign whose links are pages of the donor web. */
async function checkSetup(paths: string[], balance = 100) {
  const { user, token } = await makeUserWithToken(t.db, { balance });
  const project = await makeProject(t.db, { userId: user.id, domains: [acceptor] });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Guest posts' });
  const rows = await makeLinks(t.db, { campaign, urls: paths.map((p) => web.url(p)) });
  return { user, token, project, campaign, links: rows };
}

const linkRow = async (id: number) => (await t.db.select().from(links).where(eq(links.id, id)))[0];

describe('check backlinks task', () => {
  it('charges at start, checks every donor page, stores the results and reports what changed', async () => {
    const prefix = `/a${Date.now()}`;
    web.set(
      `${prefix}/with`,
      donorHtml({
        title: 'Has link',
        links: [`<a href="https://${acceptor}/p" rel="nofollow">best shop</a>`],
      }),
    );
    web.set(
      `${prefix}/without`,
      donorHtml({ title: 'No link', links: ['<a href="https://elsewhere.com/">x</a>'] }),
    );
    const s = await checkSetup([`${prefix}/with`, `${prefix}/without`, `${prefix}/missing`]);

    const start = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`,
      { token: s.token },
    );
    expect(start.status).toBe(201);
    expect(start.body.data.attributes).toMatchObject({
      statusId: TaskStatus.Waiting,
      totalCount: 3,
      price: 1,
      cost: 3,
      statusText: 'Waiting',
    });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(97);
    expect((await t.api('GET', 'actions/count', { token: s.token })).body).toEqual({ data: { count: 1 } });

    await t.drain();

    const done = await t.api('GET', `actions/${start.body.data.id}`, { token: s.token });
    expect(done.body.data.attributes).toMatchObject({
      statusId: TaskStatus.Done,
      currentCount: 3,
      successCount: 2,
      errorCount: 1,
      hasNewPeport: true,
    });
    const [withLink, withoutLink, missing] = await Promise.all(s.links.map((l) => linkRow(l.id)));
    expect(withLink).toMatchObject({
      responseCode: 200,
      title: 'Has link',
      countBacklinks: 1,
      indexingCapabilityId: 1,
    });
    expect(withoutLink).toMatchObject({ responseCode: 200, countBacklinks: 0 });
    expect(missing).toMatchObject({ responseCode: 404 });
    const [found] = await t.db.select().from(backlinks).where(eq(backlinks.linkId, withLink.id));
    expect(found).toMatchObject({
      anchor: 'best shop',
      attribute: 'nofollow',
      typeId: 2,
      href: `https://${acceptor}/p`,
    });
    expect(found.textBefore).toContain('Some text before');

    const changes = await t.db
      .select({ url: reportLinks.url, type: reportChanges.changesType })
      .from(reportChanges)
      .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
      .where(eq(reportLinks.actionId, start.body.data.id));
    expect(changes).toEqual(
      expect.arrayContaining([
        { url: withLink.url, type: 'found' },
        { url: missing.url, type: 'responseCode' },
      ]),
    );
    // A first check reports findings and problems only: the page without a backlink is no news yet.
    expect(changes.filter((c) => c.url === withoutLink.url)).toEqual([]);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, s.user.id));
    expect(notes[0].message).toBe('Task "Check backlinks" finished: 3 of 3 links processed.');
    expect((await t.api('GET', 'actions/count', { token: s.token })).body.data.count).toBe(0);
  });

  it('leaves unchanged backlinks alone on a recheck and replaces changed ones', async () => {
    const path = `/same${Date.now()}`;
    web.set(path, donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] }));
    const s = await checkSetup([path]);
    const check = async () => {
      await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`, {
        token: s.token,
      });
      await t.drain();
      return t.db.select().from(backlinks).where(eq(backlinks.linkId, s.links[0].id));
    };
    const [first] = await check();
    const [unchanged] = await check();
    expect(unchanged.id).toBe(first.id);
    web.set(path, donorHtml({ links: [`<a href="https://${acceptor}/">new anchor</a>`] }));
    const [changed] = await check();
    expect(changed).toMatchObject({ anchor: 'new anchor' });
    expect(changed.id).not.toBe(first.id);
  });

  it('stores a page whose title and anchor hold NUL characters (as U+FFFD)', async () => {
    const path = `/nul${Date.now()}`;
    web.set(path, `<title>Bad\0title</title><a href="https://${acceptor}/">an\0chor</a>`);
    const s = await checkSetup([path]);
    await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`, {
      token: s.token,
    });
    await t.drain();
    expect(await linkRow(s.links[0].id)).toMatchObject({ title: 'Bad\uFFFDtitle', countBacklinks: 1 });
    const [found] = await t.db.select().from(backlinks).where(eq(backlinks.linkId, s.links[0].id));
    expect(found.anchor).toBe('an\uFFFDchor');
  });

  it('reports a lost link only after two checks in a row without it, never for a server error', async () => {
    const path = `/lost${Date.now()}`;
    web.set(path, donorHtml({ links: [`<a href="http://www.${acceptor}/">shop</a>`] }));
    const s = await checkSetup([path]);
    const check = async () => {
      const res = await t.api(
        'POST',
        `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`,
        { token: s.token },
      );
      expect(res.status).toBe(201);
      await t.drain();
      return res.body.data.id as number;
    };
    const lostReports = async (actionId: number) =>
      t.db
        .select()
        .from(reportChanges)
        .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
        .where(sql`${reportLinks.actionId} = ${actionId} and ${reportChanges.changesType} = 'lost'`);

    await check();
    web.set(path, { status: 503, body: 'down' });
    expect(await lostReports(await check())).toHaveLength(0);
    web.set(path, donorHtml({ links: [] }));
    expect(await lostReports(await check())).toHaveLength(0);
    expect((await linkRow(s.links[0].id)).countBacklinks).toBe(1);
    expect(await lostReports(await check())).toHaveLength(1);
    expect((await linkRow(s.links[0].id)).countBacklinks).toBe(0);
  });
});

describe('starting tasks', () => {
  it('answers the spec messages and charges nothing when a task cannot start', async () => {
    const s = await checkSetup(['/x1']);
    const empty = await makeCampaign(t.db, { userId: s.user.id, projectId: s.project.id, name: 'Empty one' });
    const noSelection = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start`, { token: s.token });
    expect(noSelection).toMatchObject({ status: 422, body: { message: 'No selected links' } });
    const unknown = await t.api('POST', `actions/${ActionCode.LoadLinks}/start?campaign=${s.campaign.id}`, {
      token: s.token,
    });
    expect(unknown).toMatchObject({ status: 422, body: { message: 'Select task' } });
    const noLinks = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${empty.id}`, {
      token: s.token,
    });
    expect(noLinks).toMatchObject({
      status: 422,
      body: { message: 'Task cannot be started for campaign Empty one. No links.' },
    });

    expect(
      (
        await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`, {
          token: s.token,
        })
      ).status,
    ).toBe(201);
    // spec 8: a campaign's task started while it runs names the campaign.
    for (const [locale, message] of [
      ['en', 'Task cannot be started for campaign Guest posts. Task already run.'],
      ['ru', 'Задачу нельзя запустить для кампании Guest posts. Задача уже выполняется.'],
      ['ua', 'Задачу не можна запустити для кампанії Guest posts. Задача вже виконується.'],
    ] as const) {
      const again = await t.api(
        'POST',
        `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`,
        { token: s.token, locale },
      );
      expect(again).toMatchObject({ status: 422, body: { message } });
    }
    for (const [locale, message] of [
      ['ru', 'Задачу нельзя запустить для кампании Empty one. Нет ссылок.'],
      ['ua', 'Задачу не можна запустити для кампанії Empty one. Немає посилань.'],
    ] as const) {
      const noLinksHere = await t.api(
        'POST',
        `actions/${ActionCode.CheckBacklinks}/start?campaign=${empty.id}`,
        {
          token: s.token,
          locale,
        },
      );
      expect(noLinksHere).toMatchObject({ status: 422, body: { message } });
    }
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(99);
    await t.drain();
  });

  it('refuses a task the balance does not cover, naming the shortfall', async () => {
    const s = await checkSetup(['/y1', '/y2', '/y3'], 2);
    const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`, {
      token: s.token,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Not enough credits: the task costs 3, your balance is 2.');
    expect(
      (await t.api('GET', `actions?filter[campaign]=${s.campaign.id}`, { token: s.token })).body.data,
    ).toHaveLength(0);
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(2);
  });

  it('answers the cost of a selection before starting', async () => {
    const s = await checkSetup(['/c1', '/c2']);
    const res = await t.api(
      'GET',
      `actions/${ActionCode.CheckBacklinks}/balance?links[]=${s.links[0].id}&links[]=${s.links[1].id}`,
      { token: s.token },
    );
    expect(res.body.data.attributes.cost).toBe(2);
    // A code outside spec point 4 (even one past the price tables' range) is no task.
    const unknown = await t.api('GET', 'actions/2147483647/balance?links[]=1', { token: s.token });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Select task');
  });

  it('starts exactly as many of 50 parallel tasks as the balance covers', async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 0 });
    await t.db.transaction(async (tx) => {
      const { applyLedgerEntry } = await import('../balance/ledger.ts');
      await applyLedgerEntry(tx, { userId: user.id, value: 10, typeId: 1 });
    });
    const project = await makeProject(t.db, { userId: user.id });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    const rows = await makeLinks(t.db, {
      campaign,
      urls: Array.from({ length: 50 }, (_, i) => `http://p${i}.example.org/`),
    });
    const results = await Promise.all(
      rows.map((row) =>
        t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?links[]=${row.id}`, { token }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 422)).toHaveLength(40);
    const after = await reloadUser(t.db, user.id);
    expect(after.balance).toBe(0);
    expect(await ledgerSum(t.db, user.id)).toBe(after.balance);
  });

  it('cancels a waiting task and refunds it whole', async () => {
    const s = await checkSetup(['/k1', '/k2', '/k3', '/k4']);
    const start = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`,
      { token: s.token },
    );
    const cancel = await t.api('POST', `actions/${start.body.data.id}/cancel`, { token: s.token });
    expect(cancel.body.data.attributes).toMatchObject({ statusId: TaskStatus.Done, refunded: 4 });
    const user = await reloadUser(t.db, s.user.id);
    expect(user.balance).toBe(100);
    expect(await ledgerSum(t.db, s.user.id)).toBe(100);
    expect((await t.api('POST', `actions/${start.body.data.id}/cancel`, { token: s.token })).status).toBe(
      422,
    );
  });
});

describe('list moves as tasks', () => {
  it('moves selected links to history and back, and to another campaign skipping duplicates', async () => {
    const { token, campaign, user, project } = await makeWorkspace(t.db);
    const rows = await makeLinks(t.db, {
      campaign,
      urls: ['http://m1.example.org/', 'http://m2.example.org/'],
    });
    const query = rows.map((r) => `links[]=${r.id}`).join('&');
    expect((await t.api('POST', `actions/${ActionCode.AddToHistory}/start?${query}`, { token })).status).toBe(
      201,
    );
    await t.drain();
    expect((await linkRow(rows[0].id)).listType).toBe(1);
    await t.api('POST', `actions/${ActionCode.RecoverFromHistory}/start?${query}`, { token });
    await t.drain();
    expect((await linkRow(rows[0].id)).listType).toBe(2);

    const target = await makeCampaign(t.db, { userId: user.id, projectId: project.id, tier: 2 });
    await makeLinks(t.db, { campaign: target, urls: ['http://m1.example.org/'] });
    const move = await t.api(
      'POST',
      `actions/${ActionCode.Move}/start?${query}&targetCampaign=${target.id}`,
      { token },
    );
    expect(move.status).toBe(201);
    await t.drain();
    expect(await linkRow(rows[0].id)).toMatchObject({ campaignId: campaign.id });
    expect(await linkRow(rows[1].id)).toMatchObject({ campaignId: target.id, tier: 2 });
  });
});

describe('workers', () => {
  it('a result the database refuses fails alone and is refunded; the rest of its batch is written', async () => {
    const prefix = `/refused${Date.now()}`;
    const paths = [`${prefix}/a`, `${prefix}/b`, `${prefix}/c`];
    for (const p of paths) web.set(p, donorHtml({ links: [`<a href="https://${acceptor}/">a</a>`] }));
    const s = await checkSetup(paths, 10);
    const refused = s.links[1].id;
    await t.db.execute(
      sql.raw(`create function refuse_one_link() returns trigger language plpgsql as $$
        begin if new.link_id = ${refused} then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_one_link before insert on backlink_check_histories
        for each row execute function refuse_one_link()`),
    );
    try {
      const start = await t.api(
        'POST',
        `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`,
        { token: s.token },
      );
      await t.drain();

      const items = await t.db
        .select({ linkId: actionItems.linkId, status: actionItems.status })
        .from(actionItems)
        .where(eq(actionItems.actionId, start.body.data.id));
      expect(items.find((i) => i.linkId === refused)?.status).toBe(ITEM_STATUS.Failed);
      expect(items.filter((i) => i.status === ITEM_STATUS.Done)).toHaveLength(2);
      expect((await linkRow(s.links[0].id)).countBacklinks).toBe(1);
      expect((await linkRow(s.links[2].id)).countBacklinks).toBe(1);
      const done = await t.api('GET', `actions/${start.body.data.id}`, { token: s.token });
      expect(done.body.data.attributes).toMatchObject({ statusId: TaskStatus.Done, currentCount: 3 });
      // 3 charged at start, the one that could not be stored given back.
      expect((await reloadUser(t.db, s.user.id)).balance).toBe(8);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_one_link on backlink_check_histories'));
      await t.db.execute(sql.raw('drop function refuse_one_link'));
    }
  });

  it('works a small task in small batches, so its progress moves in steps', async () => {
    const prefix = `/steps${Date.now()}`;
    const s = await checkSetup(
      Array.from({ length: 40 }, (_, i) => `${prefix}/${i}`),
      100,
    );
    await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`, {
      token: s.token,
    });
    const progress: number[] = [];
    const worker = createWorker(
      { db: t.db, checker: t.checker, providers: t.ctx.providers, log: t.ctx.log },
      { hooks: { onProgress: (action) => progress.push(action.currentCount) } },
    );
    await worker.drain();
    expect(progress).toEqual([10, 20, 30, 40]);
  });

  it('keeps renewing the lease of a batch it is still working on', async () => {
    const path = `/slow${Date.now()}`;
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    web.set(path, { body: donorHtml({ links: [`<a href="https://${acceptor}/">a</a>`] }), hold });
    const s = await checkSetup([path]);
    const start = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`,
      { token: s.token },
    );
    const itemsOf = () =>
      t.db
        .select()
        .from(actionItems)
        .where(eq(actionItems.actionId, start.body.data.id as number));

    const slow = createWorker(
      { db: t.db, checker: t.checker, providers: t.ctx.providers, log: t.ctx.log },
      { id: 'slow-worker', renewEveryMs: 50 },
    );
    const working = slow.runOnce();
    await waitFor(async () => (await itemsOf()).every((i) => i.lockedBy === 'slow-worker'));
    // The lease is about to run out while the donor page is still loading...
    await t.db
      .update(actionItems)
      .set({ lockedUntil: sql`now() + interval '1 second'` })
      .where(eq(actionItems.actionId, start.body.data.id));
    // ...and the worker renews it for a whole lease again.
    await waitFor(async () =>
      (await itemsOf()).every((i) => (i.lockedUntil?.getTime() ?? 0) > Date.now() + 30_000),
    );
    release();
    await working;
    expect((await itemsOf()).map((i) => i.status)).toEqual([ITEM_STATUS.Done]);
  });

  it('takes over the items of a worker that died mid-task, and writes every result once', async () => {
    const path = `/held${Date.now()}`;
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const paths = [path, ...Array.from({ length: 5 }, (_, i) => `${path}/${i}`)];
    for (const p of paths)
      web.set(p, { body: donorHtml({ links: [`<a href="https://${acceptor}/">a</a>`] }), hold });
    const s = await checkSetup(paths);
    const start = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`,
      { token: s.token },
    );
    const actionId = start.body.data.id as number;

    const dying = createWorker(
      { db: t.db, checker: t.checker, providers: t.ctx.providers, log: t.ctx.log },
      { id: 'dying-worker' },
    );
    const stuck = dying.runOnce();
    await waitFor(
      async () =>
        (await t.db.select().from(actionItems).where(eq(actionItems.lockedBy, 'dying-worker'))).length === 6,
    );
    // The dying worker's lease runs out while it hangs.
    await t.db
      .update(actionItems)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(actionItems.actionId, actionId));

    const rescuer = createWorker(
      { db: t.db, checker: t.checker, providers: t.ctx.providers, log: t.ctx.log },
      { id: 'rescuer' },
    );
    const rescued = rescuer.drain();
    await waitFor(
      async () =>
        (await t.db.select().from(actionItems).where(eq(actionItems.lockedBy, 'rescuer'))).length === 6,
    );
    release();
    await Promise.all([stuck, rescued]);

    const items = await t.db.select().from(actionItems).where(eq(actionItems.actionId, actionId));
    expect(items.every((i) => i.status === 1 && i.lockedBy === 'rescuer')).toBe(true);
    for (const link of s.links) {
      const history = await t.db
        .select()
        .from(backlinkCheckHistories)
        .where(eq(backlinkCheckHistories.linkId, link.id));
      expect(history).toHaveLength(1);
    }
    const done = await t.api('GET', `actions/${actionId}`, { token: s.token });
    expect(done.body.data.attributes).toMatchObject({ statusId: TaskStatus.Done, currentCount: 6 });
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
