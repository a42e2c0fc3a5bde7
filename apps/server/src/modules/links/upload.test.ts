import * as XLSX from '@e965/xlsx';
import { eq, inArray, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links, linkUploads } from '../../db/schema/index.ts';
import { makeLinks, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mergeSearchEntries } from './upload.queries.ts';
import { UPLOAD_FIRST_STEP } from './upload.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { filename: string; content: Buffer }) {
  const boundary = `----linkwatch${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  token: string,
  fields: Record<string, string>,
  file?: { filename: string; content: Buffer },
) {
  const { payload, headers } = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/links/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, 'x-localization': 'en' },
  });
  return { status: res.statusCode, body: res.json() };
}

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8', otherSheet?: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Links');
  if (otherSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(otherSheet), 'Other');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An xlsx built part by part, as a hostile client would: one sheet whose XML is given. */
function handmadeXlsx(sheetXml: string): Buffer {
  const parts = {
    '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${xml}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${xml}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Links" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${xml}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheetXml,
  };
  const files = Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, strToU8(text)]));
  return Buffer.from(zipSync(files, { level: 9 }));
}

/** One row of millions of cells: about 150 KB zipped, far more to parse than any list of links. */
const oneRowOfCells = (count: number) =>
  handmadeXlsx(
    `${xml}<worksheet xmlns="${MAIN}"><sheetData><row r="1">${'<c><v>1</v></c>'.repeat(count)}</row></sheetData></worksheet>`,
  );

/** The archive's central directory claims each part unpacks to almost 4 GB (a zip bomb's signature). */
function declaringHugeSizes(zip: Buffer): Buffer {
  const patched = Buffer.from(zip);
  const centralEntry = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = patched.indexOf(centralEntry); at !== -1; at = patched.indexOf(centralEntry, at + 4)) {
    patched.writeUInt32LE(0xfffffff0, at + 24); // uncompressed size
  }
  return patched;
}

const storedUrls = async (campaignId: number) =>
  (await t.db.select({ url: links.url }).from(links).where(eq(links.campaignId, campaignId)))
    .map((r) => r.url)
    .sort();

describe('POST links/upload', () => {
  // The upload leaves the search indexes' new entries pending (upload.service.ts): searchable at once.
  it('makes the uploaded links searchable at once, before and after their search entries are merged', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const content = Buffer.from(
      'https://zqxuploaded.example.org/first\nhttps://zqxuploaded.example.org/second\n',
    );
    expect(
      (await upload(token, { campaign: String(campaign.id) }, { filename: 'l.txt', content })).status,
    ).toBe(200);
    const found = async () =>
      (await t.api('GET', 'links?filter[query]=zqxuploaded', { token })).body.data.map(
        (l: { attributes: { url: string } }) => l.attributes.url,
      );
    expect((await found()).sort()).toEqual([
      'https://zqxuploaded.example.org/first',
      'https://zqxuploaded.example.org/second',
    ]);
    await mergeSearchEntries(t.db);
    expect(await found()).toHaveLength(2);
  });

  it('adds a txt file: BOM, any line ending, blank lines, invalid lines and duplicates', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['http://known.example.org/'] });
    const text =
      '\uFEFFhttps://A.example.org/x#top\r\n\r\nb.example.org/\rnot a url\nhttps://a.example.org/x\nhttp://known.example.org/\n\n';
    const res = await upload(
      token,
      { campaign: String(campaign.id) },
      { filename: 'links.TXT', content: Buffer.from(text) },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toEqual({
      campaignId: campaign.id,
      total: 5,
      added: 2,
      duplicates: 2,
      invalidCount: 1,
      invalid: [{ line: 4, value: 'not a url', reason: 'Not a valid http(s) address' }],
      header: null,
    });
    expect(await storedUrls(campaign.id)).toEqual([
      'http://b.example.org/',
      'http://known.example.org/',
      'https://a.example.org/x',
    ]);
    const [row] = await t.db.select().from(links).where(eq(links.url, 'http://b.example.org/'));
    expect(row).toMatchObject({
      userId: campaign.userId,
      projectId: campaign.projectId,
      tier: 1,
      listType: 2,
    });
    // The upload shows in the tasks list as a finished, free "load links" task (action 5).
    const tasks = await t.api('GET', `actions?filter[campaign]=${campaign.id}`, { token });
    expect(tasks.body.data.map((a: { attributes: object }) => a.attributes)).toEqual([
      expect.objectContaining({
        actionId: 5,
        statusId: 1,
        totalCount: 5,
        successCount: 2,
        errorCount: 1,
        cost: 0,
      }),
    ]);
  });

  it('counts repeats, invalid lines and known URLs across upload steps, and a file of no URL stores nothing', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const url = (i: number) => `https://chunked.example.org/${i}`;
    await makeLinks(t.db, { campaign, urls: [url(UPLOAD_FIRST_STEP + 5)] });
    // Line UPLOAD_FIRST_STEP + 3 repeats line 1 in a later step; one invalid line in each of two steps.
    const lines = Array.from({ length: UPLOAD_FIRST_STEP + 10 }, (_, i) => url(i));
    lines[7] = 'not a url';
    lines[UPLOAD_FIRST_STEP + 2] = url(0);
    lines[UPLOAD_FIRST_STEP + 8] = 'still not';
    const res = await upload(
      token,
      { campaign: String(campaign.id) },
      { filename: 'links.txt', content: Buffer.from(lines.join('\n')) },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      total: UPLOAD_FIRST_STEP + 10,
      added: UPLOAD_FIRST_STEP + 6,
      duplicates: 2,
      invalidCount: 2,
      invalid: [
        expect.objectContaining({ line: 8, value: 'not a url' }),
        expect.objectContaining({ line: UPLOAD_FIRST_STEP + 9, value: 'still not' }),
      ],
    });
    expect(await storedUrls(campaign.id)).toHaveLength(UPLOAD_FIRST_STEP + 7);

    const other = await makeWorkspace(t.db);
    const none = await upload(
      other.token,
      { campaign: String(other.campaign.id) },
      { filename: 'links.txt', content: Buffer.from('nothing here\nnor here') },
    );
    expect(none.status).toBe(422);
    expect(await storedUrls(other.campaign.id)).toEqual([]);
    const tasks = await t.api('GET', `actions?filter[campaign]=${other.campaign.id}`, { token: other.token });
    expect(tasks.body.data).toEqual([]);
  });

  it('stores nothing of a file whose upload fails after some of its steps were committed', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['https://failing.example.org/known'] });
    // The database refuses one URL of a later step (steps at most double, from UPLOAD_FIRST_STEP): the
    // steps before it were committed.
    const refused = `https://failing.example.org/${UPLOAD_FIRST_STEP * 10}`;
    await t.db.execute(
      sql.raw(`create function refuse_one_link() returns trigger language plpgsql as $$
        begin if new.url = '${refused}' then raise exception 'refused'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql`create trigger refuse_one_link before insert on links for each row execute function refuse_one_link()`,
    );
    try {
      const lines = Array.from(
        { length: UPLOAD_FIRST_STEP * 12 },
        (_, i) => `https://failing.example.org/${i}`,
      );
      const res = await upload(
        token,
        { campaign: String(campaign.id) },
        { filename: 'links.txt', content: Buffer.from(lines.join('\n')) },
      );
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_one_link on links`);
      await t.db.execute(sql`drop function refuse_one_link()`);
    }
    expect(await storedUrls(campaign.id)).toEqual(['https://failing.example.org/known']);
    expect(await t.db.select().from(linkUploads).where(eq(linkUploads.campaignId, campaign.id))).toEqual([]);
    const tasks = await t.api('GET', `actions?filter[campaign]=${campaign.id}`, { token });
    expect(tasks.body.data).toEqual([]);
    const counts = await t.api('GET', `links/count?filter[campaign]=${campaign.id}`, { token });
    expect(counts.body.data.count).toBe(1);
  });

  it("deletes the links of an upload whose process died mid-way, once its lease ran out, and no other's", async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const [dead] = await t.db
      .insert(linkUploads)
      .values({ userId: campaign.userId, campaignId: campaign.id, aliveUntil: new Date(Date.now() - 1_000) })
      .returning();
    const [alive] = await t.db
      .insert(linkUploads)
      .values({ userId: campaign.userId, campaignId: campaign.id, aliveUntil: new Date(Date.now() + 60_000) })
      .returning();
    const [kept] = await makeLinks(t.db, { campaign, urls: ['https://sweep.example.org/kept'] });
    const halfway = await makeLinks(t.db, {
      campaign,
      urls: ['https://sweep.example.org/a', 'https://sweep.example.org/b'],
    });
    const running = await makeLinks(t.db, { campaign, urls: ['https://sweep.example.org/running'] });
    await t.db
      .update(links)
      .set({ uploadId: dead.id })
      .where(
        inArray(
          links.id,
          halfway.map((l) => l.id),
        ),
      );
    await t.db.update(links).set({ uploadId: alive.id }).where(eq(links.id, running[0].id));

    // The next upload, of anyone, sweeps first.
    const other = await makeWorkspace(t.db);
    const res = await upload(
      other.token,
      { campaign: String(other.campaign.id) },
      { filename: 'l.txt', content: Buffer.from('https://sweep.example.org/other') },
    );
    expect(res.status).toBe(200);
    expect(await storedUrls(campaign.id)).toEqual([kept.url, running[0].url].sort());
    expect(
      (await t.db.select().from(linkUploads).where(eq(linkUploads.campaignId, campaign.id))).map((u) => u.id),
    ).toEqual([alive.id]);
    expect(
      (await t.api('GET', `links/count?filter[campaign]=${campaign.id}`, { token })).body.data.count,
    ).toBe(2);
  });

  it('adds the first column of the first sheet of an xlsx and of an xls', async () => {
    for (const [bookType, filename] of [
      ['xlsx', 'links.xlsx'],
      ['biff8', 'links.xls'],
    ] as const) {
      const { token, campaign } = await makeWorkspace(t.db);
      const content = workbook(
        [
          ['https://one.example.org/', 'ignored'],
          [],
          ['two.example.org/page', 3],
          [42],
          ['https://one.example.org/'],
        ],
        bookType,
        [['https://second-sheet.example.org/']],
      );
      const res = await upload(token, { campaign: String(campaign.id) }, { filename, content });
      expect(res.status, filename).toBe(200);
      expect(res.body.data.attributes).toMatchObject({ total: 4, added: 2, duplicates: 1, invalidCount: 1 });
      expect(res.body.data.attributes.invalid[0]).toMatchObject({ line: 4, value: '42' });
      expect(await storedUrls(campaign.id)).toEqual([
        'http://two.example.org/page',
        'https://one.example.org/',
      ]);
    }
  });

  it('skips a first row that reads as a header, and says so, instead of counting it invalid', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const xlsx = workbook([['URL'], ['https://one.example.org/'], ['Links']], 'xlsx');
    const res = await upload(token, { campaign: String(campaign.id) }, { filename: 'h.xlsx', content: xlsx });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      total: 2,
      added: 1,
      invalidCount: 1,
      invalid: [{ line: 3, value: 'Links' }],
      header: { line: 1, value: 'URL' },
    });
    const text = {
      filename: 'h.txt',
      content: Buffer.from('\nСсылка на страницу\nhttps://two.example.org/\n'),
    };
    const txt = await upload(token, { campaign: String(campaign.id) }, text);
    expect(txt.body.data.attributes).toMatchObject({
      invalidCount: 0,
      header: { line: 2, value: 'Ссылка на страницу' },
    });
    const bare = { filename: 'b.txt', content: Buffer.from('three.example.org\nnot-a-url\n') };
    const noHeader = await upload(token, { campaign: String(campaign.id) }, bare);
    expect(noHeader.body.data.attributes).toMatchObject({ invalidCount: 1, header: null });
  });

  it('takes the campaign field after the file too', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const { payload, headers } = multipart(
      {},
      { filename: 'a.txt', content: Buffer.from('late.example.org\n') },
    );
    const withLateField = Buffer.concat([
      payload.subarray(0, payload.length - `--${headers['content-type'].split('=')[1]}--\r\n`.length),
      Buffer.from(
        `--${headers['content-type'].split('=')[1]}\r\nContent-Disposition: form-data; name="campaign"\r\n\r\n${campaign.id}\r\n--${headers['content-type'].split('=')[1]}--\r\n`,
      ),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/links/upload',
      payload: withLateField,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.json().data.attributes.added).toBe(1);
  });

  it('refuses broken files with a reason under file, storing nothing', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    const cases: [string, Buffer, string][] = [
      ['renamed.xlsx', png, 'The file cannot be read as xlsx. Save it again as txt, xlsx or xls and retry.'],
      ['renamed.txt', png, 'The file cannot be read as txt. Save it again as txt, xlsx or xls and retry.'],
      [
        'sheet.txt',
        workbook([['https://x.example.org/']], 'xlsx'),
        'The file cannot be read as txt. Save it again as txt, xlsx or xls and retry.',
      ],
      [
        'corrupt.xlsx',
        Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]),
        'The file cannot be read as xlsx. Save it again as txt, xlsx or xls and retry.',
      ],
      [
        'latin1.txt',
        Buffer.from([0x68, 0xe9, 0x2e, 0x63, 0x6f, 0x6d]),
        'The file cannot be read as txt. Save it again as txt, xlsx or xls and retry.',
      ],
      ['empty.txt', Buffer.alloc(0), 'The file is empty.'],
      ['blank.txt', Buffer.from('\n \r\n\n'), 'The file is empty.'],
      ['links.csv', Buffer.from('https://x.example.org/\n'), 'Upload a txt, xlsx or xls file.'],
      [
        'words.xlsx',
        workbook([['hello'], ['world']], 'xlsx'),
        'The file contains no links: put one address per line (txt) or in the first column of the first sheet.',
      ],
      [
        'second-column.xls',
        workbook([[null, 'https://x.example.org/']], 'biff8'),
        'The file contains no links: put one address per line (txt) or in the first column of the first sheet.',
      ],
    ];
    for (const [filename, content, message] of cases) {
      const res = await upload(token, { campaign: String(campaign.id) }, { filename, content });
      expect(res.status, filename).toBe(422);
      expect(res.body.errors, filename).toEqual({ file: [message] });
    }
    expect(await storedUrls(campaign.id)).toEqual([]);
  });

  it('refuses more than 200,000 lines and more than 20 MB, storing nothing', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const lines = Array.from({ length: 200_001 }, (_, i) => `http://l${i}.example.org/`).join('\n');
    const many = await upload(
      token,
      { campaign: String(campaign.id) },
      { filename: 'many.txt', content: Buffer.from(lines) },
    );
    expect(many.status).toBe(422);
    expect(many.body.errors.file).toEqual([
      'The file has more than 200,000 lines. Split it into smaller files.',
    ]);

    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    const large = await upload(
      token,
      { campaign: String(campaign.id) },
      { filename: 'big.txt', content: big },
    );
    expect(large.status).toBe(422);
    expect(large.body.errors.file).toEqual(['The file is larger than 20 MB.']);
    expect(await storedUrls(campaign.id)).toEqual([]);
  });

  it('refuses a workbook past the cell or unpacked-size limits with a readable reason, storing nothing', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const links = workbook([['https://x.example.org/']], 'xlsx');
    const cases: [string, Buffer, string][] = [
      [
        'cells.xlsx',
        oneRowOfCells(2_000_000),
        'The file has more than 1,000,000 cells. Keep only the column of links and retry.',
      ],
      [
        'bomb.xlsx',
        declaringHugeSizes(links),
        'The file unpacks to more than 128 MB. Keep only the column of links and retry.',
      ],
    ];
    for (const [filename, content, message] of cases) {
      const res = await upload(token, { campaign: String(campaign.id) }, { filename, content });
      expect(res.status, filename).toBe(422);
      expect(res.body.errors, filename).toEqual({ file: [message] });
    }
    expect(await storedUrls(campaign.id)).toEqual([]);
    // The same workbook, honest about its sizes, goes in.
    const honest = await upload(
      token,
      { campaign: String(campaign.id) },
      { filename: 'ok.xlsx', content: links },
    );
    expect(honest.status).toBe(200);
  });

  it('keeps answering other requests while a heavy workbook is read', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const content = oneRowOfCells(3_000_000);
    let uploading = true;
    const pending = upload(
      token,
      { campaign: String(campaign.id) },
      { filename: 'cells.xlsx', content },
    ).finally(() => {
      uploading = false;
    });
    // Read on the event loop, this file blocks it for seconds and no health check gets through
    // until it is done; read in a worker thread, they keep coming back while it is read.
    let answeredMeanwhile = 0;
    while (uploading) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (uploading) answeredMeanwhile += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await pending).status).toBe(422);
    expect(answeredMeanwhile).toBeGreaterThan(5);
  });

  it("answers 422 under campaign for a missing or another user's campaign, and under file without a file", async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    const other = await makeWorkspace(t.db);
    const file = { filename: 'a.txt', content: Buffer.from('x.example.org\n') };
    expect((await upload(token, {}, file)).body.errors).toEqual({
      campaign: ['The campaign field is required'],
    });
    const foreign = await upload(token, { campaign: String(other.campaign.id) }, file);
    expect(foreign.body.errors).toEqual({ campaign: ['The campaign field is invalid'] });
    for (const campaignField of ['99999999999999999999', '0', '-1', '1e3', 'abc']) {
      const odd = await upload(token, { campaign: campaignField }, file);
      expect(odd.status, campaignField).toBe(422);
      expect(odd.body.errors, campaignField).toEqual({ campaign: ['The campaign field is invalid'] });
    }
    expect(await storedUrls(other.campaign.id)).toEqual([]);
    const noFile = await upload(token, { campaign: String(campaign.id) });
    expect(noFile.body.errors).toEqual({ file: ['Choose a file to upload.'] });
  });
});
