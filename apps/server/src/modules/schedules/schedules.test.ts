import { ScheduleAction } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, makeProject, makeUserWithToken, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getUTCFullYear() + 1;

describe('saving a schedule', () => {
  it('answers the spec message for a negative interval, under the interval field', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const body = { action: 2, interval: -3, time: '10:00', campaign: campaign.id, isActive: true };
    const res = await t.api('POST', 'schedules/', { token, body });
    expect(res.status).toBe(422);
    expect(res.body.errors.interval).toEqual(['Interval value cannot be negative']);
    const ru = await t.api('POST', 'schedules/', { token, body, locale: 'ru' });
    expect(ru.body.errors.interval).toEqual(['Интервал не может быть отрицательным']);
  });

  it('refuses a zero interval, a wrong time or action, and a campaign that is not the user’s', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const other = await makeWorkspace(t.db);
    const save = (body: Record<string, unknown>) =>
      t.api('POST', 'schedules/', {
        token,
        body: { action: 2, interval: 1, time: '08:00', campaign: campaign.id, ...body },
      });
    expect((await save({ interval: 0 })).body.errors.interval).toEqual([
      'The interval field must be 1 or more',
    ]);
    expect((await save({ interval: 1.5 })).body.errors.interval).toHaveLength(1);
    expect((await save({ time: '24:00' })).body.errors).toHaveProperty('time');
    expect((await save({ time: '9:5' })).body.errors).toHaveProperty('time');
    expect((await save({ action: 3 })).body.errors).toHaveProperty('action');
    expect((await save({ startAt: 'tomorrow' })).body.errors).toHaveProperty('startAt');
    const foreign = await save({ campaign: other.campaign.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('campaign');
    expect((await save({ campaign: null })).body.errors.campaign).toEqual(['The campaign field is required']);
  });

  it('creates one schedule per campaign and action, and updates it when saved again', async () => {
    const { token, campaign, project } = await makeWorkspace(t.db);
    const body = {
      action: ScheduleAction.AutoCheckBacklinks,
      interval: 7,
      time: '06:30',
      campaign: campaign.id,
      isActive: true,
      startAt: `${nextYear}-03-10`,
    };
    const created = await t.api('POST', 'schedules/', { token, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      type: 'schedules',
      attributes: {
        campaignId: campaign.id,
        domains: project.domains,
        actionId: 2,
        actionText: 'Auto check backlinks',
        interval: 7,
        startAt: `${nextYear}-03-10`,
        time: '06:30',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        isActive: true,
        nextRunAt: `${nextYear}-03-10T06:30:00.000Z`,
        lastRunAt: null,
      },
    });

    const again = await t.api('POST', 'schedules/', {
      token,
      body: { ...body, interval: 2, isActive: false },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      id: created.body.data.id,
      attributes: { interval: 2, isActive: false },
    });
  });

  it('computes the next run from the start day and time, every interval days, in UTC', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.api('POST', 'schedules/', {
      token,
      body: {
        action: 2,
        interval: 3,
        time: '00:00',
        campaign: campaign.id,
        startAt: `${today}T15:00:00+02:00`,
      },
    });
    // Today at 00:00 UTC has passed, so the next run is three days later.
    const expected = new Date(`${today}T00:00:00Z`).getTime() + 3 * 86_400_000;
    expect(res.body.data.attributes.startAt).toBe(today);
    expect(new Date(res.body.data.attributes.nextRunAt).getTime()).toBe(expected);

    const moved = await t.api('PUT', `schedules/${res.body.data.id}`, {
      token,
      body: { interval: 1, time: '23:59', startAt: `${nextYear}-01-01` },
    });
    expect(moved.body.data.attributes).toMatchObject({
      interval: 1,
      time: '23:59',
      startAt: `${nextYear}-01-01`,
      nextRunAt: `${nextYear}-01-01T23:59:00.000Z`,
    });
  });

  it('changes a schedule by id, only the owner’s, never onto a taken campaign and action', async () => {
    const { token, campaign, user, project } = await makeWorkspace(t.db);
    const second = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    const first = await t.api('POST', 'schedules/', { token, body: { action: 2, campaign: campaign.id } });
    await t.api('POST', 'schedules/', { token, body: { action: 2, campaign: second.id } });
    const clash = await t.api('PUT', `schedules/${first.body.data.id}`, {
      token,
      body: { campaign: second.id },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.campaign).toEqual(['This campaign already has a schedule for this task.']);

    const stranger = await makeUserWithToken(t.db);
    const foreign = await t.api('PUT', `schedules/${first.body.data.id}`, {
      token: stranger.token,
      body: { isActive: false },
    });
    expect(foreign.status).toBe(404);
    const off = await t.api('PUT', `schedules/${first.body.data.id}`, { token, body: { isActive: false } });
    expect(off.body.data.attributes).toMatchObject({ isActive: false, interval: 1, time: '00:00' });
  });
});

describe('schedule project groups', () => {
  it('groups the user’s campaigns by project, each with its two possible schedules', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const alpha = await makeProject(t.db, { userId: user.id, name: 'Alpha', domains: ['alpha.example'] });
    const beta = await makeProject(t.db, { userId: user.id, name: 'Beta' });
    const posts = await makeCampaign(t.db, { userId: user.id, projectId: alpha.id, name: 'Posts' });
    await makeCampaign(t.db, { userId: user.id, projectId: alpha.id, name: 'Forums', tier: 2 });
    await t.api('POST', 'schedules/', { token, body: { action: 2, interval: 2, campaign: posts.id } });
    await t.api('POST', 'schedules/', { token, body: { action: 1, campaign: posts.id, isActive: false } });
    await makeWorkspace(t.db); // someone else's project never shows

    const res = await t.api('GET', 'schedules/projects', { token, locale: 'ua' });
    expect(res.status).toBe(200);
    expect(res.body.meta.page).toMatchObject({ total: 2, perPage: 50 });
    const [a, b] = res.body.data;
    expect(a).toMatchObject({
      id: alpha.id,
      type: 'scheduleProjects',
      attributes: {
        name: 'Alpha',
        domains: ['alpha.example'],
        total: 2,
        backlinks: 1,
        indexing: 0,
        isOpen: false,
      },
    });
    const [postsGroup, forums] = a.attributes.campaigns;
    expect(postsGroup).toMatchObject({ id: posts.id, name: 'Posts', tier: 1 });
    expect(postsGroup.checkBacklinks.attributes).toMatchObject({
      actionId: 2,
      actionText: 'Автоперевірка зворотних посилань',
      interval: 2,
      domains: ['alpha.example'],
    });
    expect(postsGroup.checkIndexing.attributes).toMatchObject({ actionId: 1, isActive: false });
    expect(forums).toMatchObject({ name: 'Forums', tier: 2, checkBacklinks: null, checkIndexing: null });
    expect(b.attributes).toMatchObject({ name: 'Beta', total: 0, campaigns: [] });

    const one = await t.api('GET', `schedules/projects?filter[project]=${beta.id}&page[size]=100`, { token });
    expect(one.body.data.map((g: { id: number }) => g.id)).toEqual([beta.id]);
  });
});
