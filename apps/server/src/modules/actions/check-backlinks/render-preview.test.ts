import { ActionCode, PricedExtra } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActionPrices } from '../../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 31: the price preview of a backlink check says what rendering may add before the start (the
 * rendered check's own price, code 101): "up to" for projects that render missing links, exact for
 * those that render every page, nothing for "never", for other tasks or on a server that renders nothing.
 * No browser is needed: nothing is started.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function setup(count: number) {
  const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
  const project = await makeProject(t.db, { userId: user.id });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Preview' });
  const urls = Array.from({ length: count }, (_, i) => `https://donor${i}.example.org/page`);
  await makeLinks(t.db, { campaign, urls });
  return { user, token, project, campaign };
}

async function preview(app: TestApp, s: { token: string; campaign: { id: number } }, action: number) {
  const res = await app.api('GET', `actions/${action}/balance?campaign=${s.campaign.id}`, { token: s.token });
  expect(res.status).toBe(200);
  return res.body.data.attributes;
}

async function setMode(s: { token: string; project: { id: number } }, renderMode: string) {
  const put = await t.api('PUT', `projects/${s.project.id}`, { token: s.token, body: { renderMode } });
  expect(put.status).toBe(200);
}

describe('the render price in the backlink check preview', () => {
  it('"missing": up to every kept link may be rendered, at 2 credits each, not in the cost', async () => {
    const s = await setup(3);
    const cost = await preview(t, s, ActionCode.CheckBacklinks);
    expect(cost.cost).toBe(3);
    expect(cost.render).toEqual({ price: 2, always: 0, missing: 3, cost: 0, maxCost: 6 });
  });

  it('"always": exact, at the user\'s own price for a rendered page', async () => {
    const s = await setup(4);
    await setMode(s, 'always');
    await t.db
      .insert(userActionPrices)
      .values({ userId: s.user.id, actionId: PricedExtra.RenderedCheck, price: 3 });
    const cost = await preview(t, s, ActionCode.CheckBacklinks);
    expect(cost.render).toEqual({ price: 3, always: 4, missing: 0, cost: 12, maxCost: 12 });
    expect(cost.cost).toBe(4);
  });

  it('"never": nothing rendered, null', async () => {
    const s = await setup(2);
    await setMode(s, 'never');
    expect((await preview(t, s, ActionCode.CheckBacklinks)).render).toBeNull();
  });

  it('other tasks carry no render price', async () => {
    const s = await setup(2);
    const cost = await preview(t, s, ActionCode.CheckIndexing);
    expect(cost).not.toHaveProperty('render');
  });

  it('a server configured with no browsers renders nothing: null', async () => {
    const off = await createTestApp({ env: { RENDER_BROWSERS: '0' } });
    try {
      const { user, token } = await makeUserWithToken(off.db, { balance: 100 });
      const project = await makeProject(off.db, { userId: user.id });
      const campaign = await makeCampaign(off.db, { userId: user.id, projectId: project.id, name: 'Off' });
      await makeLinks(off.db, { campaign, urls: ['https://donor.example.org/a'] });
      expect((await preview(off, { token, campaign }, ActionCode.CheckBacklinks)).render).toBeNull();
    } finally {
      await off.close();
    }
  });
});
