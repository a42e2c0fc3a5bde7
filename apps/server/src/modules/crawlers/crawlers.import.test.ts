import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerItemEvents, crawlerItems } from '../../db/schema/index.ts';
import { makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type CrawlerRow, importCrawlerRows } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function* rowsOf(urls: string[]): AsyncGenerator<CrawlerRow> {
  let line = 0;
  for (const url of urls) yield { line: ++line, url, seenOn: '2024-05-01' };
}

describe('importCrawlerRows (what action 10 feeds Ahrefs API rows through)', () => {
  it('follows pages New → Active / RIP → Active again, keeping their events', async () => {
    const { user, project } = await makeWorkspace(t.db);
    const base = { projectId: project.id, userId: user.id, source: 1 as const, fileName: 'api' };
    const pages = ['https://a.example.org/1', 'https://b.example.org/2', 'https://c.example.org/3'];
    const first = await importCrawlerRows(t.db, { ...base, rows: rowsOf([...pages, pages[0]]) });
    expect(first).toMatchObject({ rows: 4, new: 3, active: 0, rip: 0 });
    const second = await importCrawlerRows(t.db, { ...base, rows: rowsOf(pages.slice(0, 2)) });
    expect(second).toMatchObject({ rows: 2, new: 0, active: 2, rip: 1 });
    const third = await importCrawlerRows(t.db, { ...base, rows: rowsOf(pages) });
    expect(third).toMatchObject({ rows: 3, new: 0, active: 3, rip: 0 });
    const items = await t.db.select().from(crawlerItems).where(eq(crawlerItems.projectId, project.id));
    expect(items.map((i) => i.status)).toEqual([2, 2, 2]);
    expect(items.every((i) => i.removedAt === null && i.seenOn === '2024-05-01')).toBe(true);
    const back = items.find(
      (i) => i.lastImportId === third.id && i.id === Math.max(...items.map((x) => x.id)),
    );
    const events = await t.db
      .select()
      .from(crawlerItemEvents)
      .where(eq(crawlerItemEvents.itemId, back?.id ?? 0));
    // First sight is first_seen_at; then RIP, and Active again.
    expect(events.map((e) => e.status)).toEqual([3, 2]);
  });

  it('skips a row that is no URL, naming it; with no row to import, refuses and stores nothing', async () => {
    const { user, project } = await makeWorkspace(t.db);
    const base = { projectId: project.id, userId: user.id, source: 2 as const, fileName: 'x.csv' };
    const mixed = await importCrawlerRows(t.db, {
      ...base,
      rows: rowsOf(['https://ok.example.org/', 'not a url']),
    });
    expect(mixed).toMatchObject({
      rows: 2,
      new: 1,
      invalidCount: 1,
      invalid: [{ line: 2, value: 'not a url', skipped: { kind: 'badUrl' } }],
    });
    const other = await makeWorkspace(t.db);
    const none = importCrawlerRows(t.db, {
      ...base,
      projectId: other.project.id,
      userId: other.user.id,
      rows: rowsOf(['not a url']),
    });
    await expect(none).rejects.toMatchObject({ fields: { file: { params: { row: 1 } } } });
    const items = await t.db.select().from(crawlerItems).where(eq(crawlerItems.projectId, other.project.id));
    expect(items).toHaveLength(0);
  });
});
