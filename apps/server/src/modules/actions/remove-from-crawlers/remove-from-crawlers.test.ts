import { ActionCode, CRAWLER_STATUS, type CrawlerSourceId, TaskStatus } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, crawlerItems, crawlerLinks } from '../../../db/schema/index.ts';
import { makeProject, makeUserWithToken, reloadUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { importCrawlerRows } from '../../crawlers/index.ts';

/** Action 17 through the API and the worker: records removed as a free task, owner-scoped. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function* rows(urls: string[]) {
  let line = 0;
  for (const url of urls) yield { line: ++line, url };
}

const importInto = (params: { projectId: number; userId: number; source: CrawlerSourceId; urls: string[] }) =>
  importCrawlerRows(t.db, { ...params, rows: rows(params.urls), fileName: 'test.csv' });

/** A project with records: pages a–d from source 1 (d then RIP after a second import), a from source 2. */
async function projectWithRecords() {
  const { user, token } = await makeUserWithToken(t.db, { balance: 5 });
  const project = await makeProject(t.db, { userId: user.id });
  const page = (p: string) => `https://donor.example/${project.id}/${p}`;
  const base = { projectId: project.id, userId: user.id };
  await importInto({ ...base, source: 1, urls: ['a', 'b', 'c', 'd'].map(page) });
  await importInto({ ...base, source: 1, urls: ['a', 'b', 'c'].map(page) });
  await importInto({ ...base, source: 2, urls: [page('a')] });
  const records = async () =>
    t.db
      .select({
        id: crawlerItems.id,
        url: crawlerLinks.url,
        source: crawlerItems.source,
        status: crawlerItems.status,
      })
      .from(crawlerItems)
      .innerJoin(crawlerLinks, eq(crawlerLinks.id, crawlerItems.crawlerLinkId))
      .where(eq(crawlerItems.projectId, project.id))
      .orderBy(crawlerItems.source, crawlerLinks.url);
  const start = (query: string, as = token) =>
    t.api('POST', `actions/${ActionCode.RemoveFromCrawlers}/start?filter[project]=${project.id}&${query}`, {
      token: as,
    });
  return { user, token, project, page, records, start };
}

describe('remove from crawlers (action 17)', () => {
  it('removes the ticked records as a free task with one item per record, and pages no source lists', async () => {
    const p = await projectWithRecords();
    const before = await p.records();
    expect(before).toHaveLength(5);
    const [a1, b1] = before;
    const d1 = before.find((r) => r.url === p.page('d'))!;
    expect(d1.status).toBe(CRAWLER_STATUS.Rip);

    const preview = await t.api(
      'GET',
      `actions/17/balance?filter[project]=${p.project.id}&ids[]=${b1.id}&ids[]=${d1.id}`,
      {
        token: p.token,
      },
    );
    expect(preview.body.data.attributes).toMatchObject({
      cost: 0,
      price: 0,
      count: 2,
      selected: 2,
      providerUnits: null,
    });

    const res = await p.start(`ids[]=${b1.id}&ids[]=${d1.id}&ids[]=${a1.id}`);
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ actionId: 17, totalCount: 3, cost: 0, price: 0 });
    const items = await t.db.select().from(actionItems).where(eq(actionItems.actionId, res.body.data.id));
    expect(items.map((i) => i.crawlerItemId).sort()).toEqual([a1.id, b1.id, d1.id].sort());
    await t.drain();

    const [done] = await t.db.select().from(actions).where(eq(actions.id, res.body.data.id));
    expect(done).toMatchObject({ statusId: TaskStatus.Done, currentCount: 3, successCount: 3 });
    const left = await p.records();
    expect(left.map((r) => [r.source, r.url])).toEqual([
      [1, p.page('c')],
      [2, p.page('a')],
    ]);
    // b and d had no other source: their referring pages went too; a stays, Search Console still has it.
    const pages = await t.db
      .select({ url: crawlerLinks.url })
      .from(crawlerLinks)
      .where(eq(crawlerLinks.projectId, p.project.id));
    expect(pages.map((l) => l.url).sort()).toEqual([p.page('a'), p.page('c')]);
    expect((await reloadUser(t.db, p.user.id)).balance).toBe(5);
  });

  it('removes what the list filters select when no ids are given (the RIP records of source 1)', async () => {
    const p = await projectWithRecords();
    const res = await p.start('filter[source]=1&filter[status]=3');
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.totalCount).toBe(1);
    expect(res.body.data.attributes.filters).toEqual({ project: p.project.id, source: 1, status: 3 });
    await t.drain();
    expect((await p.records()).map((r) => r.url)).not.toContain(p.page('d'));
    expect(await p.records()).toHaveLength(4);
  });

  it("never touches another user's records: their project is 404, their ids select nothing here", async () => {
    const mine = await projectWithRecords();
    const theirs = await projectWithRecords();
    const [their] = await theirs.records();

    const foreignProject = await theirs.start(`ids[]=${their.id}`, mine.token);
    expect(foreignProject.status).toBe(404);
    const foreignIds = await mine.start(`ids[]=${their.id}`);
    expect(foreignIds.status).toBe(422);
    expect(foreignIds.body.message).toBe('No crawler records selected.');
    const filtered = await t.api(
      'POST',
      `actions/17/start?filter[project]=${theirs.project.id}&filter[status]=2`,
      {
        token: mine.token,
      },
    );
    expect(filtered.status).toBe(404);
    await t.drain();
    expect(await theirs.records()).toHaveLength(5);
    expect(await mine.records()).toHaveLength(5);
  });

  it('counts a record removed meanwhile (crawlers/delete) as failed, removes the rest', async () => {
    const p = await projectWithRecords();
    const [a1, b1] = await p.records();
    const res = await p.start(`ids[]=${a1.id}&ids[]=${b1.id}`);
    expect(res.status).toBe(201);
    const deleted = await t.api('DELETE', `crawlers/delete?filter[project]=${p.project.id}&ids[]=${a1.id}`, {
      token: p.token,
    });
    expect(deleted.body.data.deleted).toBe(1);
    await t.drain();
    const [done] = await t.db.select().from(actions).where(eq(actions.id, res.body.data.id));
    expect(done).toMatchObject({ statusId: TaskStatus.Done, successCount: 1, totalErrorCount: 1 });
    expect((await p.records()).map((r) => r.id)).not.toContain(b1.id);
  });
});
