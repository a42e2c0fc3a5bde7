import { ActionCode, ScheduleAction } from '@linkwatch/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, notifications, schedules } from '../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createScheduler } from './scheduler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A campaign of `links` pages with a daily auto check saved through the API, then made due. */
async function dueSchedule(params: { balance: number; links: number; locale?: string; action?: number }) {
  const { user, token } = await makeUserWithToken(t.db, {
    balance: params.balance,
    locale: params.locale ?? 'en',
  });
  const project = await makeProject(t.db, { userId: user.id });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Daily' });
  const urls = Array.from({ length: params.links }, (_, i) => `http://d${i}.invalid/`);
  if (urls.length) await makeLinks(t.db, { campaign, urls });
  const action = params.action ?? ScheduleAction.AutoCheckBacklinks;
  const saved = await t.api('POST', 'schedules/', {
    token,
    body: { action, interval: 1, time: '00:00', campaign: campaign.id },
  });
  expect(saved.status).toBe(201);
  const id = saved.body.data.id as number;
  await t.db
    .update(schedules)
    .set({ nextRunAt: sql`now() - interval '1 minute'` })
    .where(eq(schedules.id, id));
  return { user, token, campaign, id };
}

const tasksOf = (scheduleId: number) => t.db.select().from(actions).where(eq(actions.scheduleId, scheduleId));
const scheduleRow = async (id: number) =>
  (await t.db.select().from(schedules).where(eq(schedules.id, id)))[0];

describe('scheduler', () => {
  it('starts each due task exactly once when two schedulers tick at the same time', async () => {
    const due = await Promise.all(Array.from({ length: 5 }, () => dueSchedule({ balance: 10, links: 2 })));
    const one = createScheduler(t.ctx);
    const two = createScheduler(t.ctx);
    const results = (await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()])).flat();

    for (const s of due) {
      expect(results.filter((r) => r.scheduleId === s.id)).toEqual([{ scheduleId: s.id, result: 'started' }]);
      const [task, ...more] = await tasksOf(s.id);
      expect(more).toEqual([]);
      expect(task).toMatchObject({
        actionId: ActionCode.CheckBacklinks,
        isAutostart: true,
        campaignId: s.campaign.id,
        cost: 2,
      });
      expect((await reloadUser(t.db, s.user.id)).balance).toBe(8);
      const row = await scheduleRow(s.id);
      expect(row.lastRunAt).not.toBeNull();
      expect(row.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    }
    expect(await Promise.all([one.tick(), two.tick()])).toEqual([[], []]);
    await t.drain();
  });

  it('notifies the user in their language instead of starting a task the balance does not cover', async () => {
    const s = await dueSchedule({ balance: 1, links: 3, locale: 'ua' });
    expect(await createScheduler(t.ctx).tick()).toEqual([{ scheduleId: s.id, result: 'noCredits' }]);
    expect(await tasksOf(s.id)).toEqual([]);
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(1);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, s.user.id));
    expect(note).toMatchObject({
      type: 'warning',
      message:
        'Заплановану задачу «Перевірка зворотних посилань» для кампанії Daily не запущено: недостатньо кредитів.',
    });
    expect((await scheduleRow(s.id)).nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('skips quietly while the campaign’s check still runs, or when it has no links', async () => {
    const running = await dueSchedule({ balance: 10, links: 1 });
    const start = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${running.campaign.id}`,
      {
        token: running.token,
      },
    );
    expect(start.status).toBe(201);
    const empty = await dueSchedule({ balance: 10, links: 0 });
    const results = await createScheduler(t.ctx).tick();
    expect(results).toEqual(
      expect.arrayContaining([
        { scheduleId: running.id, result: 'alreadyRunning' },
        { scheduleId: empty.id, result: 'noLinks' },
      ]),
    );
    expect(await tasksOf(running.id)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, empty.user.id))).toEqual(
      [],
    );
    await t.drain();
  });

  it('moves an indexing schedule on without a task or a charge while no index check provider is configured', async () => {
    const s = await dueSchedule({ balance: 10, links: 1, action: ScheduleAction.AutoCheckIndexing });
    expect(await createScheduler(t.ctx).tick()).toEqual([{ scheduleId: s.id, result: 'noProvider' }]);
    expect(await t.db.select().from(actions).where(eq(actions.userId, s.user.id))).toEqual([]);
    expect((await scheduleRow(s.id)).nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('leaves switched-off schedules alone, and runs on its own once started', async () => {
    const off = await dueSchedule({ balance: 10, links: 1 });
    await t.api('PUT', `schedules/${off.id}`, { token: off.token, body: { isActive: false } });
    await t.db
      .update(schedules)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(schedules.id, off.id));
    const on = await dueSchedule({ balance: 10, links: 1 });

    const scheduler = createScheduler(t.ctx, { intervalMs: 20 });
    scheduler.start();
    const until = Date.now() + 5_000;
    while ((await tasksOf(on.id)).length === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    await scheduler.stop();
    expect(await tasksOf(on.id)).toHaveLength(1);
    expect(await tasksOf(off.id)).toEqual([]);
    await t.drain();
  });
});
