import * as XLSX from '@e965/xlsx';
import { ActionCode, LINK_CHART_DAYS } from '@linkwatch/shared';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportLinks } from '../../db/schema/index.ts';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import {
  makeCampaign,
  makeLinks,
  makeProject,
  makeUserWithToken,
  makeWorkspace,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let web: DonorWeb;
const acceptor = 'shop.example.com';
const withLink = (title: string) =>
  donorHtml({ title, links: [`<a href="https://${acceptor}/">best shop</a>`] });
const evilTitle = '=HYPERLINK("http://evil.example/","click")';

/**
 * One user, one campaign of two donor pages, three checks: the first finds the backlink on /kept and
 * /gone; then /gone drops it (and gets a formula for a title) and two checks in a row report it lost.
 */
let s: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
  const project = await makeProject(t.db, { userId: user.id, domains: [acceptor] });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Guest posts' });
  web.set('/kept', withLink('Kept page'));
  web.set('/gone', withLink('Gone page'));
  const [kept, gone] = await makeLinks(t.db, { campaign, urls: [web.url('/kept'), web.url('/gone')] });
  const check = async () => {
    const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    await t.drain();
    return res.body.data.id as number;
  };
  const first = await check();
  web.set('/gone', donorHtml({ title: evilTitle, links: [] }));
  const second = await check();
  const third = await check();
  return { user, token, project, campaign, kept, gone, actions: [first, second, third] };
}

beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
  s = await setup();
});
afterAll(async () => {
  await web.close();
  await t.close();
});

const get = (url: string, token = s.token, locale = 'en') => t.api('GET', url, { token, locale });

describe('report links', () => {
  it('needs a project, as the report page says', async () => {
    const res = await get('reports/links');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Please, select a project.');
    expect(res.body.errors['filter.project']).toEqual(['Please, select a project.']);
    expect((await get('reports/counts', s.token, 'ru')).body.message).toBe('Пожалуйста, выберите проект.');
  });

  it('lists what each check changed, newest first, with the changes inline and as included resources', async () => {
    const res = await get(`reports/links?filter[project]=${s.project.id}`);
    expect(res.status).toBe(200);
    const [lost, title, foundGone, foundKept] = res.body.data;
    expect(res.body.meta.page).toEqual({ currentPage: 1, perPage: 50, total: 4, lastPage: 1 });
    expect(lost.attributes).toMatchObject({
      url: s.gone.url,
      campaignId: s.campaign.id,
      campaignName: 'Guest posts',
      actionId: s.actions[2],
      seen: false,
    });
    expect(lost.attributes.changes).toEqual([
      expect.objectContaining({ changesType: 'lost', changesTypeText: 'Lost', old: '1', new: '0', count: 1 }),
    ]);
    expect(title.attributes.changes[0]).toMatchObject({
      changesType: 'title',
      old: 'Gone page',
      new: evilTitle,
    });
    expect(foundGone.attributes.changes[0]).toMatchObject({ changesType: 'found', new: '1' });
    expect(foundKept.attributes).toMatchObject({ url: s.kept.url, actionId: s.actions[0] });
    expect(lost.relationships.changes.data).toEqual([
      { id: lost.attributes.changes[0].id, type: 'reportChanges' },
    ]);
    expect(lost.relationships.campaign.data).toEqual({ id: s.campaign.id, type: 'campaigns' });
    expect(res.body.included.map((c: { id: number }) => c.id).sort()).toEqual(
      res.body.data
        .map((l: { attributes: { changes: { id: number }[] } }) => l.attributes.changes[0].id)
        .sort(),
    );
  });

  it('filters by change type, task, campaign and day', async () => {
    const lostOnly = await get(`reports/links?filter[project]=${s.project.id}&filter[changesType]=lost`);
    expect(lostOnly.body.data.map((l: { attributes: { url: string } }) => l.attributes.url)).toEqual([
      s.gone.url,
    ]);
    const firstTask = await get(
      `reports/links?filter[project]=${s.project.id}&filter[action]=${s.actions[0]}`,
    );
    expect(firstTask.body.meta.page.total).toBe(2);
    const otherCampaign = await get(
      `reports/links?filter[project]=${s.project.id}&filter[campaign]=${s.campaign.id + 999}`,
    );
    expect(otherCampaign.body.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await get(
      `reports/links?filter[project]=${s.project.id}&filter[dateFrom]=${today}&filter[dateTo]=${today}`,
    );
    expect(byDay.body.meta.page.total).toBe(4);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      (await get(`reports/links?filter[project]=${s.project.id}&filter[dateTo]=${yesterday}`)).body.data,
    ).toEqual([]);
    const bad = await get(`reports/links?filter[project]=${s.project.id}&filter[changesType]=gone`);
    expect(bad.status).toBe(422);
  });

  it('lists the changes of one type with their link, and counts every type', async () => {
    const lost = await get(`reports/changes/lost?filter[project]=${s.project.id}`);
    expect(lost.body.data).toHaveLength(1);
    expect(lost.body.data[0].attributes).toMatchObject({
      changesType: 'lost',
      url: s.gone.url,
      actionId: s.actions[2],
    });
    expect((await get(`reports/changes/nonsense?filter[project]=${s.project.id}`)).status).toBe(422);

    const counts = await get(`reports/counts?filter[project]=${s.project.id}`);
    expect(counts.body.data.attributes).toEqual({
      total: 4,
      unseen: 4,
      new: 2,
      lost: 1,
      changes: 4,
      types: expect.objectContaining({ lost: 1, found: 2, title: 1, anchor: 0, responseCode: 0 }),
    });
  });
});

describe('new reports', () => {
  it('counts tasks with unseen reports and marks them seen, one task or all', async () => {
    const other = await makeWorkspace(t.db);
    // Another user cannot mark this user's reports seen.
    await t.api('POST', 'reports/actions', { token: other.token, body: { actions: s.actions } });
    expect((await get('reports/new')).body).toEqual({ data: { count: 3 } });

    const one = await t.api('POST', `reports/actions?actions[]=${s.actions[0]}`, { token: s.token });
    expect(one.body).toEqual({ data: { count: 2 } });
    const seenLinks = await t.db.select().from(reportLinks).where(eq(reportLinks.actionId, s.actions[0]));
    expect(seenLinks.every((l) => l.seenAt !== null)).toBe(true);
    const first = await get(`reports/links?filter[project]=${s.project.id}&filter[action]=${s.actions[0]}`);
    expect(first.body.data.every((l: { attributes: { seen: boolean } }) => l.attributes.seen)).toBe(true);

    const all = await t.api('POST', 'reports/actions', { token: s.token, body: {} });
    expect(all.body).toEqual({ data: { count: 0 } });
    expect((await get('reports/new')).body.data.count).toBe(0);
    expect((await get(`reports/counts?filter[project]=${s.project.id}`)).body.data.attributes.unseen).toBe(0);
  });
});

describe('report export', () => {
  it('downloads the changes as CSV with formula cells made plain text', async () => {
    const res = await get(`reports/export?filter[project]=${s.project.id}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="report_\d{4}-\d{2}-\d{2}\.csv"/);
    const rows: string[][] = parse(res.text, { bom: true });
    expect(rows[0]).toEqual([
      'Date',
      'Campaign',
      'URL',
      'Change',
      'Old value',
      'New value',
      'Page title',
      'Task',
    ]);
    const title = rows.find((r) => r[3] === 'Title')!;
    expect(title[5]).toBe(`'${evilTitle}`);
    expect(rows.filter((r) => r[3] === 'Lost')).toHaveLength(1);
    expect(rows).toHaveLength(5);
  });

  it('downloads XLSX, only the filtered types, in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/export?filter[project]=${s.project.id}&filter[changesType]=title&format=xlsx`,
      headers: { authorization: `Bearer ${s.token}`, 'x-localization': 'ua' },
    });
    expect(res.headers['content-disposition']).toMatch(/report_\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows).toHaveLength(2);
    expect(rows[0][3]).toBe('Зміна');
    expect(rows[1][5]).toBe(`'${evilTitle}`);
  });
});

describe('owner scope', () => {
  it('never shows another user anything of this report', async () => {
    const other = await makeUserWithToken(t.db);
    const filter = `filter[project]=${s.project.id}`;
    expect((await get(`reports/links?${filter}`, other.token)).body.data).toEqual([]);
    expect((await get(`reports/changes/lost?${filter}`, other.token)).body.data).toEqual([]);
    expect((await get(`reports/counts?${filter}`, other.token)).body.data.attributes.total).toBe(0);
    const file = await get(`reports/export?${filter}`, other.token);
    expect(parse(file.text, { bom: true })).toHaveLength(1);
    expect((await get('reports/new', other.token)).body.data.count).toBe(0);
    expect((await t.api('GET', `reports/links?${filter}`)).status).toBe(401);
  });
});

describe('found and lost trend', () => {
  type Day = { date: string; found: number; lost: number };
  const DAY_MS = 86_400_000;
  const dayOf = (at: Date) => at.toISOString().slice(0, 10);
  const trend = async (query = '', token = s.token): Promise<Day[]> => {
    const res = await get(`reports/trend${query}`, token);
    expect(res.status).toBe(200);
    expect(res.body.data.type).toBe('reportTrend');
    return res.body.data.attributes.days;
  };
  const counted = (days: Day[]) => days.filter((d) => d.found + d.lost > 0);

  it('counts the found and lost backlinks of each of the last 30 UTC days, the empty days as zero', async () => {
    const days = await trend(`?filter[campaign]=${s.campaign.id}`);
    expect(days).toHaveLength(LINK_CHART_DAYS);
    expect(days.at(-1)).toEqual({ date: dayOf(new Date()), found: 2, lost: 1 });
    expect(counted(days)).toHaveLength(1);
    for (let n = 1; n < days.length; n++)
      expect(Date.parse(days[n].date) - Date.parse(days[n - 1].date)).toBe(DAY_MS);
    // The same for the project and for the whole account: this user has no other report.
    expect(await trend(`?filter[project]=${s.project.id}`)).toEqual(days);
    expect(await trend()).toEqual(days);
  });

  it('puts a change on the day of its check and leaves out those older than 30 days', async () => {
    const now = Date.now();
    const move = (linkId: number, actionId: number, daysAgo: number) =>
      t.db
        .update(reportLinks)
        .set({ createdAt: new Date(now - daysAgo * DAY_MS) })
        .where(and(eq(reportLinks.linkId, linkId), eq(reportLinks.actionId, actionId)));
    await move(s.gone.id, s.actions[2], 3);
    await move(s.kept.id, s.actions[0], 40);
    const days = await trend(`?filter[campaign]=${s.campaign.id}`);
    expect(counted(days)).toEqual([
      { date: dayOf(new Date(now - 3 * DAY_MS)), found: 0, lost: 1 },
      { date: dayOf(new Date(now)), found: 1, lost: 0 },
    ]);
  });

  it("counts only the caller's own reports, whatever ids it names", async () => {
    const other = await makeUserWithToken(t.db);
    const sibling = await makeCampaign(t.db, { userId: s.user.id, projectId: s.project.id, name: 'Other' });
    const none = (days: Day[]) => {
      expect(days).toHaveLength(LINK_CHART_DAYS);
      expect(counted(days)).toEqual([]);
    };
    none(await trend(`?filter[campaign]=${s.campaign.id}`, other.token));
    none(await trend(`?filter[project]=${s.project.id}`, other.token));
    none(await trend('', other.token));
    none(await trend(`?filter[campaign]=${sibling.id}`));
    expect((await t.api('GET', `reports/trend?filter[campaign]=${s.campaign.id}`)).status).toBe(401);
    expect((await get('reports/trend?filter[campaign]=abc')).status).toBe(422);
  });
});

describe('report export reads as the report page (issue 25, point 3)', () => {
  /** A first check of three pages: one with the backlink, one gone (404), one on a host that does not resolve. */
  let r: { token: string; projectId: number; found: string; gone: string; unresolvable: string };
  beforeAll(async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
    const project = await makeProject(t.db, { userId: user.id, domains: [acceptor] });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'First' });
    web.set('/first/found', withLink('Shoes review'));
    const urls = {
      found: web.url('/first/found'),
      gone: web.url('/first/gone'),
      unresolvable: `http://donor-${Date.now()}.invalid/post`,
    };
    await makeLinks(t.db, { campaign, urls: Object.values(urls) });
    const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    await t.drain();
    r = { token, projectId: project.id, ...urls };
  });

  const exported = async (locale: string) => {
    const res = await get(`reports/export?filter[project]=${r.projectId}&format=csv`, r.token, locale);
    expect(res.status).toBe(200);
    const rows: string[][] = parse(res.text, { bom: true });
    /** URL, change, old value, new value, page title of each change. */
    return rows.slice(1).map((row) => [row[2], row[3], row[4], row[5], row[6]]);
  };

  it.each([
    ['en', ['Found', 'A new backlink was found'], ['Response code', 'Could not resolve host'], 'Forbidden'],
    [
      'ru',
      ['Найдена', 'Найдена новая обратная ссылка'],
      ['Код ответа', 'Не удалось найти хост'],
      'Запрещено',
    ],
    [
      'ua',
      ['Знайдено', 'Знайдено нове зворотне посилання'],
      ['Код відповіді', 'Не вдалося знайти хост'],
      'Заборонено',
    ],
  ])('writes words, not codes, and the page title (%s)', async (locale, found, noHost, forbidden) => {
    const rows = await exported(locale);
    expect(rows).toContainEqual([r.found, found[0], '', found[1], 'Shoes review']);
    expect(rows).toContainEqual([r.unresolvable, noHost[0], '', noHost[1], '']);
    expect(rows).toContainEqual([r.gone, noHost[0], '', '404', '']);
    const capability = rows.filter((row) => row[0] === r.gone && row[3] === forbidden);
    expect(capability).toHaveLength(1);
    // No cell of a value column is a bare code of the spec's lists (1, 2, …) but a real HTTP code.
    expect(rows.flatMap((row) => [row[2], row[3]]).filter((cell) => /^\d{1,2}$/.test(cell))).toEqual([]);
  });
});
