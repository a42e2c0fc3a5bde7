import { utimes } from 'node:fs/promises';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { LinkCheckStatus } from '@linkwatch/shared';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinks, links } from '../../db/schema/index.ts';
import { type CellValue, collect, csvRows as csvText } from '../../lib/spreadsheet.ts';
import { makeLinks, makeWorkspace } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exportCsvText } from './export.csv.ts';
import { exportChunks, exportRows } from './export.rows.ts';
import { EXPORT_CHUNK } from './links.export.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function download(url: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'x-localization': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, text: res.body };
}

const csvRows = (text: string): string[][] => parse(text, { bom: true });

async function waitForMail(address: string) {
  for (let i = 0; i < 200; i += 1) {
    const [mail] = t.smtp.to(address);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

async function formulaWorkspace() {
  const ws = await makeWorkspace(t.db);
  const [link] = await makeLinks(t.db, {
    campaign: ws.campaign,
    urls: ['https://donor.example.org/a'],
    values: {
      title: '=HYPERLINK("http://evil.example")',
      comment: '+1 great',
      responseCode: 200,
      indexing: 1,
      indexingCapabilityId: 4,
      countBacklinks: 2,
      checkStatus: LinkCheckStatus.Found,
    },
  });
  await makeLinks(t.db, {
    campaign: ws.campaign,
    urls: ['https://donor.example.org/b'],
    values: { comment: '-minus', listType: 1 },
  });
  await t.db.insert(backlinks).values([
    {
      linkId: link.id,
      userId: ws.user.id,
      href: 'https://site.example.com/',
      anchor: '@handle',
      attribute: 'nofollow',
    },
    {
      linkId: link.id,
      userId: ws.user.id,
      href: 'https://site.example.com/x',
      anchor: 'shoes',
      attribute: 'dofollow',
    },
  ]);
  return ws;
}

describe('GET links/export', () => {
  it('streams a CSV of the filtered links with formula cells escaped', async () => {
    const { token, campaign } = await formulaWorkspace();
    const res = await download(`/api/links/export?format=csv&filter[campaign]=${campaign.id}`, token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''export_${encodeURIComponent(campaign.name)}.csv`,
    );
    const rows = csvRows(res.text);
    expect(rows[0]).toEqual([
      'URL',
      'Title',
      'Response code',
      'Link',
      'Indexing',
      'Robots status',
      'Backlinks',
      'Anchors',
      'Rel',
      'Comment',
      'Created',
      'Last check',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 10)).toEqual([
      'https://donor.example.org/a',
      `'=HYPERLINK("http://evil.example")`,
      '200',
      'Link found',
      'Indexed',
      'meta noindex',
      '2',
      `'@handle | shoes`,
      'dofollow, nofollow',
      "'+1 great",
    ]);

    const history = csvRows(
      (await download(`/api/links/export?filter[campaign]=${campaign.id}&filter[type]=1`, token)).text,
    );
    expect(history[1][9]).toBe("'-minus");
  });

  it.each([
    ['en', 'Link', ['Link found', 'Link missing', 'Page not read', 'Not checked']],
    ['ru', 'Ссылка', ['Ссылка найдена', 'Ссылка отсутствует', 'Страница не прочитана', 'Не проверена']],
    [
      'ua',
      'Посилання',
      ['Посилання знайдено', 'Посилання відсутнє', 'Сторінку не прочитано', 'Не перевірено'],
    ],
  ])(
    'has the Link column (found, missing, page not read, not checked) in the export language: %s',
    async (locale, header, values) => {
      const { token, campaign } = await makeWorkspace(t.db);
      const statuses = [LinkCheckStatus.Found, LinkCheckStatus.Missing, LinkCheckStatus.Unread, null];
      for (const [i, checkStatus] of statuses.entries())
        await makeLinks(t.db, {
          campaign,
          urls: [`https://status.example.org/${i}`],
          values: { checkStatus },
        });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/links/export?format=csv&filter[campaign]=${campaign.id}`,
        headers: { 'x-localization': locale, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const rows = csvRows(res.body);
      const column = rows[0].indexOf(header);
      expect(column).toBe(3);
      expect(rows.slice(1).map((row) => [row[0], row[column]])).toEqual(
        values.map((value, i) => [`https://status.example.org/${i}`, value]),
      );
    },
  );

  it('writes the dates as ISO 8601 UTC with milliseconds, and every link once in id order across chunks', async () => {
    const { campaign } = await makeWorkspace(t.db);
    const createdAt = new Date('2024-02-29T23:59:58.123Z');
    const dateCheckData = new Date('2025-01-01T00:00:00.007Z');
    const urls = Array.from({ length: EXPORT_CHUNK + 3 }, (_, i) => `https://chunks.example.org/${i}`);
    await makeLinks(t.db, { campaign, urls: urls.slice(0, 2), values: { createdAt, dateCheckData } });
    await makeLinks(t.db, { campaign, urls: urls.slice(2) });
    const rows: CellValue[][] = [];
    for await (const chunk of exportChunks(t.db, {
      where: and(eq(links.campaignId, campaign.id), eq(links.listType, 2))!,
      locale: 'en',
    }))
      rows.push(...chunk);
    expect(rows).toHaveLength(urls.length + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(urls);
    expect(rows[1].slice(10)).toEqual([createdAt.toISOString(), dateCheckData.toISOString()]);
    expect(rows[3][11]).toBeNull();
    expect(String(rows[3][10])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  // The database writes the CSV (export.csv.ts); the rows the XLSX is built from are the reference.
  it('writes the same CSV in the database as from the rows, byte for byte, in each language', async () => {
    const ws = await makeWorkspace(t.db);
    const texts = [
      'plain',
      'a, b',
      'say "hi"',
      'two\nlines',
      'cr\ronly',
      '=SUM(1)',
      '+1',
      '-1',
      '@me',
      '\ttab',
      '\rcr',
      'Ссылка',
      '',
    ];
    const codes = [null, 0, 1, 2, 3, 4, 7, 10, 42, 300];
    // Answers the code and robots cells read differently: not read under robots.txt, gone, refused.
    const answers = [200, null, 404, 200, 410, 503, 403, 301, null, 200, 204];
    const made = await makeLinks(t.db, {
      campaign: ws.campaign,
      urls: texts.map((_, i) => `https://same.example.org/${i}`),
    });
    for (const [i, link] of made.entries()) {
      const code = codes[i % codes.length];
      await t.db
        .update(links)
        .set({
          title: i % 5 === 4 ? null : texts[i],
          comment: texts[(i + 3) % texts.length],
          responseCode: answers[i % answers.length],
          responseCodeGroup: code,
          checkStatus: codes[(i + 2) % codes.length],
          indexing: code ?? 0,
          indexingCapabilityId: codes[(i + 4) % codes.length],
          countBacklinks: i % 4 === 0 ? null : i,
          dateCheckData: i % 2 ? new Date(Date.UTC(2025, 0, i, 1, 2, 3, i)) : null,
        })
        .where(eq(links.id, link.id));
      await t.db.insert(backlinks).values([
        {
          linkId: link.id,
          userId: ws.user.id,
          href: 'https://s.example.com/',
          anchor: texts[i],
          attribute: 'nofollow',
        },
        {
          linkId: link.id,
          userId: ws.user.id,
          href: 'https://s.example.com/b',
          anchor: 'z, "q"',
          attribute: 'ugc',
        },
      ]);
    }
    // And enough plain ones for several chunks.
    const more = Array.from({ length: EXPORT_CHUNK + 5 }, (_, i) => `https://more.example.org/${i}`);
    await makeLinks(t.db, { campaign: ws.campaign, urls: more });
    const where = eq(links.campaignId, ws.campaign.id);
    for (const locale of ['en', 'ru', 'ua'] as const) {
      const fromRows = csvText(await collect(exportRows(t.db, { where, locale })), { bom: true });
      const fromDatabase = (await collect(exportCsvText(t.db, { where, locale }))).join('');
      expect(fromDatabase).toBe(fromRows);
    }
  });

  it('builds an XLSX in the caller language, also escaped', async () => {
    const { token, campaign } = await formulaWorkspace();
    const [link] = await t.db
      .select()
      .from(links)
      .where(and(eq(links.campaignId, campaign.id), eq(links.url, 'https://donor.example.org/a')));
    const res = await download(`/api/links/export?format=xlsx&links[]=${link.id}`, token);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-disposition']).toContain('export_links.xlsx');
    const book = XLSX.read(res.raw, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0][0]).toBe('URL');
    expect(rows[1][1]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(rows).toHaveLength(2);
  });

  it('takes the spec codes of the export formats as well as their names: 1 CSV, 2 XLS', async () => {
    const { token, campaign } = await formulaWorkspace();
    const [link] = await t.db
      .select()
      .from(links)
      .where(and(eq(links.campaignId, campaign.id), eq(links.url, 'https://donor.example.org/a')));
    for (const format of ['2', 'xls', 'xlsx']) {
      const res = await download(`/api/links/export?format=${format}&links[]=${link.id}`, token);
      expect(res.status, res.text).toBe(200);
      expect(res.headers['content-disposition']).toContain('export_links.xlsx');
    }
    for (const format of ['1', 'csv']) {
      const res = await download(`/api/links/export?format=${format}&links[]=${link.id}`, token);
      expect(res.status, res.text).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
    }
    expect((await download(`/api/links/export?format=3&links[]=${link.id}`, token)).status).toBe(422);
  });

  it('answers 422 for an unknown format, an empty selection, and 401 without a token', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    expect(
      (await download(`/api/links/export?format=pdf&filter[campaign]=${campaign.id}`, token)).status,
    ).toBe(422);
    const empty = await download(`/api/links/export?filter[campaign]=${campaign.id}`, token);
    expect(empty.status).toBe(422);
    expect(JSON.parse(empty.text).message).toBe('No selected links');
    expect((await download('/api/links/export')).status).toBe(401);
  });

  it("never exports another user's links", async () => {
    const { campaign } = await formulaWorkspace();
    const stranger = await makeWorkspace(t.db);
    const res = await download(`/api/links/export?filter[campaign]=${campaign.id}`, stranger.token);
    expect(res.status).toBe(422);
  });

  it('mails a download link for more than 3,000 links, which serves the whole file without a login', async () => {
    const { token, user, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, {
      campaign,
      urls: Array.from({ length: 3001 }, (_, i) => `https://many.example.org/${i}`),
    });
    const res = await download(`/api/links/export?format=csv&filter[campaign]=${campaign.id}`, token);
    expect(res.status).toBe(202);
    expect(JSON.parse(res.text)).toEqual({
      data: { id: 0, type: 'linkExports', attributes: { mailed: true, count: 3001 } },
    });

    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe('Your export of 3,001 links is ready');
    const link = new URL(linkIn(mail, '/api/links/export/download/'));
    expect(link.origin).toBe('http://app.test');
    const file = await download(link.pathname);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const rows = csvRows(file.text);
    expect(rows).toHaveLength(3002);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(3001);

    expect((await download('/api/links/export/download/not-a-token')).status).toBe(404);
    expect((await download(`${link.pathname.slice(0, -3)}AAA`)).status).toBe(404);
    const token43 = link.pathname.split('/').pop()!;
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await utimes(path.join(t.ctx.config.dataDir, 'exports', `${token43}.csv`), old, old);
    const expired = await download(link.pathname);
    expect(expired.status).toBe(410);
    expect(JSON.parse(expired.text).message).toBe(
      'This download link has expired. Please export the links again.',
    );
  });
});
