import { createChecker, createRenderer, type Renderer } from '@linkwatch/checker';
import { ActionCode, PricedExtra } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actions, backlinks, userActionPrices } from '../../../db/schema/index.ts';
import { type DonorWeb, startDonorWeb } from '../../../test/donor-web.ts';
import {
  makeCampaign,
  makeLinks,
  makeProject,
  makeUserWithToken,
  reloadUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createWorker } from '../../../worker/worker.ts';

/**
 * Rendered backlink checks (issue 31) end to end: the project's render mode, a link only JavaScript
 * builds stored as "found after JavaScript", and the rendered check's own price charged only when a
 * page was rendered. One Chromium for the file.
 */

// A browser's pages are slow on a busy machine: room enough that only a real hang fails.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let web: DonorWeb;
let renderer: Renderer;
let checker: ReturnType<typeof createChecker>;

beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
  renderer = await createRenderer({ allowPrivateNetworks: true, timeoutMs: 8_000, settleMs: 2_000 });
  checker = createChecker({ allowPrivateNetworks: true, parseThreads: 0, timeoutMs: 5_000, renderer });
}, 30_000);

afterAll(async () => {
  await checker.close();
  await renderer.close();
  await web.close();
  await t.close();
});

const acceptor = 'shop.example.com';

const builtByScript = (path: string) =>
  `<!doctype html><html><head><title>Built</title></head><body><div id="root"></div><script>
setTimeout(() => { document.getElementById('root').innerHTML = 'Read <a href="https://${acceptor}${path}">the shop</a> now.'; }, 300);
</script></body></html>`;

const inHtml = `<!doctype html><html><head><title>Plain</title></head><body><p>See <a href="https://${acceptor}/plain">plain</a>.</p></body></html>`;

async function setup(paths: string[]) {
  const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
  const project = await makeProject(t.db, { userId: user.id, domains: [acceptor] });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Rendered' });
  const rows = await makeLinks(t.db, { campaign, urls: paths.map((p) => web.url(p)) });
  return { user, token, project, campaign, links: rows };
}

async function runCheck(s: Awaited<ReturnType<typeof setup>>) {
  const start = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${s.campaign.id}`, {
    token: s.token,
  });
  expect(start.status).toBe(201);
  const worker = createWorker({ db: t.db, checker, providers: t.ctx.providers, log: t.ctx.log });
  await worker.drain();
  return start.body.data.id as number;
}

describe('the project render mode', () => {
  it('is "missing" by default, set by PUT projects/{id}, and refuses anything else', async () => {
    const s = await setup(['/unused']);
    const read = await t.api('GET', `projects/${s.project.id}`, { token: s.token });
    expect(read.body.data.attributes.renderMode).toBe('missing');
    const put = await t.api('PUT', `projects/${s.project.id}`, {
      token: s.token,
      body: { renderMode: 'always' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.attributes.renderMode).toBe('always');
    const wrong = await t.api('PUT', `projects/${s.project.id}`, {
      token: s.token,
      body: { renderMode: 'sometimes' },
    });
    expect(wrong.status).toBe(422);
    const again = await t.api('GET', `projects/${s.project.id}`, { token: s.token });
    expect(again.body.data.attributes.renderMode).toBe('always');
  });
});

describe('a check that renders', () => {
  it('finds a link built by script, stores it as rendered and charges the render', async () => {
    const prefix = `/r${Date.now()}`;
    web.set(`${prefix}/built`, builtByScript(`${prefix}/built`));
    web.set(`${prefix}/plain`, inHtml);
    const s = await setup([`${prefix}/built`, `${prefix}/plain`]);
    await t.db
      .insert(userActionPrices)
      .values({ userId: s.user.id, actionId: PricedExtra.RenderedCheck, price: 3 });
    const actionId = await runCheck(s);

    const built = await t.api('GET', `links/${s.links[0].id}?include=backlinks`, { token: s.token });
    const shown = built.body.included.filter((r: { type: string }) => r.type === 'backlinks');
    expect(shown.map((r: { attributes: object }) => r.attributes)).toMatchObject([
      { href: `https://${acceptor}${prefix}/built`, anchor: 'the shop', rendered: true },
    ]);
    const plain = await t.db.select().from(backlinks).where(eq(backlinks.linkId, s.links[1].id));
    expect(plain.map((b) => [b.href, b.rendered])).toEqual([[`https://${acceptor}/plain`, false]]);

    // 2 checks at 1 credit at the start, and one render at this user's 3 credits: the plain page was not rendered.
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(100 - 2 - 3);
    const [task] = await t.db.select().from(actions).where(eq(actions.id, actionId));
    expect(task.cost).toBe(5);
  });

  it('with the mode "never" the link stays missing and no render is charged', async () => {
    const prefix = `/n${Date.now()}`;
    web.set(`${prefix}/built`, builtByScript(`${prefix}/built`));
    const s = await setup([`${prefix}/built`]);
    await t.api('PUT', `projects/${s.project.id}`, { token: s.token, body: { renderMode: 'never' } });
    await runCheck(s);
    expect(await t.db.select().from(backlinks).where(eq(backlinks.linkId, s.links[0].id))).toEqual([]);
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(99);
  });
});
