import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../db/schema/index.ts';
import { makeLinks, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createScheduler } from '../../worker/scheduler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;
const isoWeekday = (iso: string) => new Date(iso).getUTCDay() || 7;
/** The first day of next year that is a Saturday, as `YYYY-MM-DD`. */
function nextYearSaturday() {
  let day = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1);
  while (new Date(day).getUTCDay() !== 6) day += DAY_MS;
  return new Date(day).toISOString().slice(0, 10);
}
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

describe('campaign settings: weekdays and time of the scheduled checks', () => {
  it('refuses an empty weekday group with the spec message, in en, ru and ua', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const messages = {
      en: 'Choose one of the options presented',
      ru: 'Выберите один из предложенных вариантов',
      ua: 'Оберіть один із запропонованих варіантів',
    };
    for (const [locale, message] of Object.entries(messages)) {
      const res = await t.api('PUT', `campaigns/${campaign.id}`, { token, locale, body: { weekdays: [] } });
      expect(res.status).toBe(422);
      expect(res.body.errors.weekdays).toEqual([message]);
    }
    const bad = await t.api('PUT', `campaigns/${campaign.id}`, {
      token,
      body: { weekdays: [0, 8], time: '25:00' },
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['time', 'weekdays']);
  });

  it('stores the weekdays and time per campaign and moves its schedules to a ticked day', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const fresh = await t.api('GET', `campaigns/${campaign.id}`, { token });
    expect(fresh.body.data.attributes).toMatchObject({ weekdays: [1, 2, 3, 4, 5, 6, 7], time: '00:00' });

    const saturday = nextYearSaturday();
    const saved = await t.api('POST', 'schedules/', {
      token,
      body: { action: 2, interval: 1, time: '06:00', campaign: campaign.id, startAt: saturday },
    });
    expect(saved.body.data.attributes.nextRunAt).toBe(`${saturday}T06:00:00.000Z`);

    const res = await t.api('PUT', `campaigns/${campaign.id}`, {
      token,
      body: { weekdays: [3, 1, 1], time: '09:30' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ name: campaign.name, weekdays: [1, 3], time: '09:30' });

    // The Saturday run waits for Monday, at the campaign's new time.
    const groups = await t.api('GET', 'schedules/projects', { token });
    const [entry] = groups.body.data[0].attributes.campaigns;
    expect(entry).toMatchObject({ id: campaign.id, weekdays: [1, 3], time: '09:30' });
    expect(entry.checkBacklinks.attributes).toMatchObject({
      weekdays: [1, 3],
      time: '09:30',
      nextRunAt: `${plusDays(saturday, 2)}T09:30:00.000Z`,
    });

    // A schedule saved without a time keeps the campaign's.
    await t.api('POST', 'schedules/', { token, body: { action: 2, campaign: campaign.id } });
    expect((await t.api('GET', `campaigns/${campaign.id}`, { token })).body.data.attributes.time).toBe(
      '09:30',
    );
    // A time saved on the schedule page is the campaign's: both read it back.
    await t.api('POST', 'schedules/', { token, body: { action: 1, time: '18:45', campaign: campaign.id } });
    const after = await t.api('GET', `campaigns/${campaign.id}`, { token });
    expect(after.body.data.attributes.time).toBe('18:45');
  });

  it('only the owner changes a campaign’s settings', async () => {
    const owner = await makeWorkspace(t.db);
    const stranger = await makeWorkspace(t.db);
    const res = await t.api('PUT', `campaigns/${owner.campaign.id}`, {
      token: stranger.token,
      body: { weekdays: [1] },
    });
    expect(res.status).toBe(404);
  });

  it('the scheduler places the run after a due one on the campaign’s next ticked weekday', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['http://w1.invalid/'] });
    // Only the weekday three days from now: the daily period alone would run tomorrow.
    const inThreeDays = plusDays(new Date().toISOString().slice(0, 10), 3);
    await t.api('PUT', `campaigns/${campaign.id}`, {
      token,
      body: { weekdays: [isoWeekday(inThreeDays)], time: '00:00' },
    });
    const saved = await t.api('POST', 'schedules/', {
      token,
      body: { action: 2, interval: 1, campaign: campaign.id, isActive: true },
    });
    const id = saved.body.data.id as number;
    await t.db
      .update(schedules)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(schedules.id, id));
    const results = await createScheduler(t.ctx).tick();
    expect(results.find((r) => r.scheduleId === id)).toBeDefined();
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, id));
    expect(row.nextRunAt?.toISOString()).toBe(`${inThreeDays}T00:00:00.000Z`);
    await t.drain();
  });
});
