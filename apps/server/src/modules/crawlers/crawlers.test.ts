import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, makeLinks, makeProject, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------------
// Fixture files, written here: each kind of export the import recognises, and broken ones.
// ---------------------------------------------------------------------------------------------------

type File = { filename: string; content: Buffer };

const csv = (rows: string[][], delimiter = ',') =>
  rows
    .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter))
    .join('\n');
const utf8 = (filename: string, rows: string[][]): File => ({ filename, content: Buffer.from(csv(rows)) });
/** Ahrefs' default export: UTF-16LE with its BOM, tab-separated. */
const utf16Tsv = (filename: string, rows: string[][]): File => ({
  filename,
  content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv(rows, '\t'), 'utf16le')]),
});
function workbook(filename: string, rows: unknown[][], bookType: 'xlsx' | 'biff8'): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'Links');
  return { filename, content: XLSX.write(book, { type: 'buffer', bookType }) as Buffer };
}

function multipart(fields: Record<string, string>, file?: File) {
  const boundary = `----linkwatch${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, fields: Record<string, string>, file?: File, locale = 'en') {
  const { payload, headers } = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/crawlers/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, 'x-localization': locale },
  });
  return { status: res.statusCode, body: res.json() };
}

const get = (token: string, url: string) => t.api('GET', url, { token });

async function listOf(token: string, query: string) {
  const res = await get(token, `crawlers?${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    data: {
      id: number;
      attributes: Record<string, unknown>;
      relationships: { campaigns: { data: { id: number }[] } };
    }[];
    included: { id: number; attributes: { name: string } }[];
    meta: { page: { total: number } };
  };
}

const page = (n: number) => `https://donor${n}.example.org/post-${n}`;

// ---------------------------------------------------------------------------------------------------

describe('POST crawlers/upload: the kinds of file', () => {
  const kinds: { name: string; file: File; format: string; first: Record<string, unknown> }[] = [
    {
      name: 'the spec two columns, csv without a header',
      file: utf8('links.csv', [
        [page(1), '2024-03-05'],
        [page(2), '05.03.2024'],
      ]),
      format: 'plain',
      first: { link: page(1), seenOn: '2024-03-05' },
    },
    {
      name: 'the spec two columns, xlsx with a header and real dates',
      file: workbook(
        'links.xlsx',
        [
          ['Link', 'Date'],
          [page(1), new Date(Date.UTC(2024, 2, 5))],
          [page(2), '2024-03-06'],
        ],
        'xlsx',
      ),
      format: 'plain',
      first: { link: page(1), seenOn: '2024-03-05' },
    },
    {
      name: 'the spec two columns, xls',
      file: workbook('links.xls', [[page(1), '2024-03-05'], [page(2)]], 'biff8'),
      format: 'plain',
      first: { link: page(1), seenOn: '2024-03-05' },
    },
    {
      name: 'Ahrefs (current columns), UTF-16 tab-separated',
      file: utf16Tsv('ahrefs.csv', [
        [
          'Referring page title',
          'Referring page URL',
          'Domain rating',
          'Target URL',
          'Anchor',
          'Nofollow',
          'First seen',
          'Last seen',
          'Lost',
        ],
        [
          'Пост',
          page(1),
          '50',
          'https://mysite.com/',
          'мой сайт',
          'true',
          '2023-01-02 10:00:00',
          '2024-03-05 11:00:00',
          '',
        ],
        ['Post', page(2), '40', 'https://mysite.com/a', 'site', 'false', '2023-01-02', '2024-03-04', ''],
        [
          'Gone',
          page(3),
          '40',
          'https://mysite.com/b',
          'gone',
          'false',
          '2023-01-02',
          '2024-01-04',
          '2024-02-01',
        ],
      ]),
      format: 'ahrefs',
      first: {
        link: page(1),
        targetUrl: 'https://mysite.com/',
        anchor: 'мой сайт',
        nofollow: true,
        seenOn: '2024-03-05',
      },
    },
    {
      name: 'Ahrefs (current columns), UTF-8 comma-separated, another column order',
      file: utf8('ahrefs.csv', [
        ['Target URL', 'Referring page URL', 'Anchor', 'Link type', 'First seen', 'Last seen'],
        ['https://mysite.com/', page(1), 'hello, world', 'ugc, nofollow', '2023-01-02', '2024-03-05'],
        ['https://mysite.com/', page(2), 'x', 'dofollow', '2023-01-02', '2024-03-05'],
      ]),
      format: 'ahrefs',
      first: { link: page(1), anchor: 'hello, world', nofollow: true },
    },
    {
      name: 'Ahrefs (older columns), UTF-16 tab-separated',
      file: utf16Tsv('ahrefs-old.csv', [
        [
          '#',
          'Domain Rating',
          'Referring Page URL',
          'Referring Page Title',
          'Link URL',
          'TextPre',
          'Link Anchor',
          'TextPost',
          'Type',
          'NoFollow',
          'First Seen',
          'Last Check',
        ],
        [
          '1',
          '50',
          page(1),
          'T',
          'https://mysite.com/',
          'before',
          'anchor one',
          'after',
          'href',
          'TRUE',
          '2019-05-01',
          '2019-07-01',
        ],
        [
          '2',
          '40',
          page(2),
          'T',
          'https://mysite.com/x',
          '',
          'anchor two',
          '',
          'href',
          'FALSE',
          '2019-05-01',
          '2019-07-02',
        ],
      ]),
      format: 'ahrefsLegacy',
      first: {
        link: page(1),
        targetUrl: 'https://mysite.com/',
        anchor: 'anchor one',
        nofollow: true,
        seenOn: '2019-07-01',
      },
    },
    {
      name: 'Ahrefs (older columns), UTF-8 comma-separated',
      file: utf8('ahrefs-old.csv', [
        [
          'Referring Page URL',
          'Link URL',
          'TextPre',
          'Link Anchor',
          'Type',
          'NoFollow',
          'First Seen',
          'Last Check',
        ],
        [page(1), 'https://mysite.com/', '', 'a', 'href', 'false', '2019-05-01', '2019-07-01'],
        [page(2), 'https://mysite.com/', '', 'b', 'href', 'false', '2019-05-01', '2019-07-01'],
      ]),
      format: 'ahrefsLegacy',
      first: { link: page(1), nofollow: false },
    },
    {
      name: 'Semrush backlinks',
      file: utf8('semrush.csv', [
        [
          'Page ascore',
          'Source title',
          'Source url',
          'Target url',
          'Anchor',
          'External links',
          'Internal links',
          'Nofollow',
          'Sponsored',
          'Ugc',
          'Text',
          'Frame',
          'Form',
          'Image',
          'Sitewide',
          'First seen',
          'Last seen',
          'New link',
          'Lost link',
        ],
        [
          '10',
          'T',
          page(1),
          'https://mysite.com/',
          'semrush anchor',
          '3',
          '4',
          'false',
          'false',
          'false',
          'true',
          'false',
          'false',
          'false',
          'false',
          '2024-01-01',
          '2024-03-05',
          'false',
          'false',
        ],
        [
          '10',
          'T',
          page(2),
          'https://mysite.com/',
          'b',
          '3',
          '4',
          'true',
          'false',
          'false',
          'true',
          'false',
          'false',
          'false',
          'false',
          '2024-01-01',
          '2024-03-05',
          'false',
          'false',
        ],
      ]),
      format: 'semrush',
      first: { link: page(1), anchor: 'semrush anchor', nofollow: false, seenOn: '2024-03-05' },
    },
    {
      name: 'Majestic',
      file: utf8('majestic.csv', [
        [
          'Target URL',
          'Source URL',
          'Anchor Text',
          'Source Crawl Date',
          'Flag NoFollow',
          'First Indexed',
          'Last Seen',
          'Date Lost',
        ],
        ['https://mysite.com/', page(1), 'majestic', '2024-03-01', '+', '2020-01-01', '2024-03-05', ''],
        ['https://mysite.com/', page(2), 'm2', '2024-03-01', '', '2020-01-01', '2024-03-05', ''],
      ]),
      format: 'majestic',
      first: { link: page(1), anchor: 'majestic', nofollow: true, seenOn: '2024-03-05' },
    },
    {
      name: 'Search Console latest links, Russian headers',
      file: utf8('gsc.csv', [
        ['Ссылающаяся страница', 'Последнее сканирование'],
        [page(1), '2024-03-05'],
        [page(2), '2024-03-01'],
      ]),
      format: 'gscLatestLinks',
      first: { link: page(1), seenOn: '2024-03-05' },
    },
    {
      name: 'Search Console latest links, Ukrainian headers',
      file: utf8('gsc.csv', [
        ['Сторінка, що посилається', 'Останнє сканування'],
        [page(1), '5.03.2024'],
        [page(2), '1.03.2024'],
      ]),
      format: 'gscLatestLinks',
      first: { link: page(1), seenOn: '2024-03-05' },
    },
    {
      name: 'Search Console top linking sites, English headers',
      file: utf8('sites.csv', [
        ['Site', 'Linking pages', 'Target pages'],
        ['donor1.example.org', '12', '3'],
        ['donor2.example.org', '1', '1'],
      ]),
      format: 'gscTopSites',
      first: { link: 'donor1.example.org' },
    },
    {
      name: 'Search Console top linking sites, Russian headers',
      file: utf8('sites.csv', [
        ['Сайт', 'Ссылающиеся страницы', 'Целевые страницы'],
        ['donor1.example.org', '12', '3'],
        ['donor2.example.org', '1', '1'],
      ]),
      format: 'gscTopSites',
      first: { link: 'donor1.example.org' },
    },
  ];

  for (const kind of kinds) {
    it(`reads ${kind.name}`, async () => {
      const { token, project } = await makeWorkspace(t.db);
      const res = await upload(token, { project: String(project.id), source: '1' }, kind.file);
      expect(res.body).toMatchObject({
        data: { type: 'crawlerImports', attributes: { format: kind.format, new: 2 } },
      });
      expect(res.status).toBe(201);
      const list = await listOf(token, `filter[project]=${project.id}&sort=link`);
      expect(list.meta.page.total).toBe(2);
      expect(list.data[0].attributes).toMatchObject({
        ...kind.first,
        status: 1,
        statusText: 'New',
        source: 1,
      });
    });
  }
});

describe('POST crawlers/upload: broken files answer 422 under file and store nothing', () => {
  const broken: { name: string; file: File; message: RegExp }[] = [
    {
      name: 'a wrong type',
      file: { filename: 'links.pdf', content: Buffer.from('%PDF') },
      message: /csv, xlsx or xls/,
    },
    {
      name: 'a workbook named .csv',
      file: { ...workbook('x.xlsx', [[page(1)]], 'xlsx'), filename: 'x.csv' },
      message: /cannot be read as csv/,
    },
    { name: 'an empty file', file: { filename: 'e.csv', content: Buffer.alloc(0) }, message: /empty/ },
    {
      name: 'no column of links',
      file: utf8('n.csv', [
        ['Name', 'Count'],
        ['foo', '3'],
      ]),
      message: /No column of links/,
    },
    {
      name: 'a file whose only row has a bad date',
      file: utf8('d.csv', [
        ['Referring page URL', 'Target URL', 'Last seen'],
        [page(2), 'https://mysite.com/', 'yesterday'],
      ]),
      message: /^Row 2: "yesterday" in the column "Last seen" is not a date/,
    },
    {
      name: 'a file whose rows are no addresses, naming the first',
      file: utf8('u.csv', [
        ['Referring page URL', 'Target URL'],
        ['not an address', 'https://mysite.com/'],
        ['nor this', 'https://mysite.com/'],
      ]),
      message: /^Row 2: "not an address" is not a valid/,
    },
    {
      name: 'a header and no rows',
      file: utf8('h.csv', [['Referring page URL', 'Target URL']]),
      message: /no links/,
    },
  ];

  for (const b of broken) {
    it(`refuses ${b.name}`, async () => {
      const { token, project } = await makeWorkspace(t.db);
      const res = await upload(token, { project: String(project.id), source: '2' }, b.file);
      expect(res.status).toBe(422);
      expect(res.body.errors.file[0]).toMatch(b.message);
      const list = await listOf(token, `filter[project]=${project.id}`);
      expect(list.meta.page.total).toBe(0);
    });
  }

  it('refuses a file over 50 MB, having read no more of it than the limit', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const line = `${page(1)},2024-03-05\n`;
    const big = Buffer.alloc(50 * 1024 * 1024 + line.length * 2, line);
    const res = await upload(
      token,
      { project: String(project.id), source: '1' },
      { filename: 'big.csv', content: big },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toBe('The file is larger than 50 MB.');
    expect((await listOf(token, `filter[project]=${project.id}`)).meta.page.total).toBe(0);
  });

  it('reads a semicolon-separated file with day-first dates (Excel in a Russian locale)', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const file = {
      filename: 'links.tsv',
      content: Buffer.from(`\uFEFFСсылка;Дата\r\n${page(1)};31.12.2023\r\n`),
    };
    const res = await upload(token, { project: String(project.id), source: '3' }, file);
    expect(res.status).toBe(201);
    const list = await listOf(token, `filter[project]=${project.id}`);
    expect(list.data[0].attributes).toMatchObject({
      link: page(1),
      seenOn: '2023-12-31',
      sourceText: 'Temporary',
    });
  });

  it('skips blank lines and still names the row as a spreadsheet numbers it', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const content = Buffer.from(`\n\nLink,Date\n\n${page(1)},2024-03-05\n${page(2)},2024-13-05\n`);
    const res = await upload(
      token,
      { project: String(project.id), source: '1' },
      { filename: 'b.csv', content },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({
      rows: 2,
      new: 1,
      invalidCount: 1,
      invalid: [{ line: 6, value: '2024-13-05', reason: 'Not a date (column "Date")' }],
    });
  });

  it.each([
    ['en', 'Not a date (column "Last seen")', 'Not a valid http(s) address'],
    ['ru', 'Не дата (столбец «Last seen»)', 'Не является адресом http(s)'],
    ['ua', 'Не дата (стовпець «Last seen»)', 'Не є адресою http(s)'],
  ])(
    'imports the good rows of a file and lists the bad ones by row, as the link upload does (%s)',
    async (locale, badDate, badUrl) => {
      const { token, project } = await makeWorkspace(t.db);
      const file = utf8('mixed.csv', [
        ['Referring page URL', 'Target URL', 'Last seen'],
        [page(1), 'https://mysite.com/', '2024-03-05'],
        [page(2), 'https://mysite.com/', 'yesterday'],
        ['not an address', 'https://mysite.com/', '2024-03-05'],
        [page(3), 'https://mysite.com/', ''],
      ]);
      const res = await upload(token, { project: String(project.id), source: '2' }, file, locale);
      expect(res.status).toBe(201);
      expect(res.body.data.attributes).toMatchObject({
        rows: 4,
        new: 2,
        invalidCount: 2,
        invalid: [
          { line: 3, value: 'yesterday', reason: badDate },
          { line: 4, value: 'not an address', reason: badUrl },
        ],
      });
      const list = await listOf(token, `filter[project]=${project.id}&sort=link`);
      expect(list.data.map((r) => r.attributes.link)).toEqual([page(1), page(3)]);
    },
  );

  it('names the row in Russian for a Russian user', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const file = utf8('u.csv', [[page(1), '32.01.2024']]);
    const res = await upload(token, { project: String(project.id), source: '1' }, file, 'ru');
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/^Строка 1: «32\.01\.2024»/);
  });

  it('asks for the project and a known source', async () => {
    const { token } = await makeWorkspace(t.db);
    const res = await upload(token, { source: '9' }, utf8('a.csv', [[page(1)]]));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['project', 'source']);
  });
});

describe('POST crawlers/upload: a hostile file is refused off the event loop', () => {
  it("refuses a million columns in one row with a readable 422, and another client's calls stay prompt meanwhile", async () => {
    const { token, project } = await makeWorkspace(t.db);
    const other = await makeWorkspace(t.db);
    // The repro: 24 MB, one row of a million tab-separated addresses.
    const content = Buffer.from(
      Array.from({ length: 1_000_000 }, (_, i) => `http://c${i}.example/`).join('\t'),
    );
    const { payload, headers } = multipart(
      { project: String(project.id), source: '3' },
      { filename: 'w.csv', content },
    );
    // In 64 KB pieces, as it comes off a socket.
    const pieces = Array.from({ length: Math.ceil(payload.length / 65536) }, (_, i) =>
      payload.subarray(i * 65536, (i + 1) * 65536),
    );
    let uploading = true;
    const pending = t.app
      .inject({
        method: 'POST',
        url: '/api/crawlers/upload',
        payload: Readable.from(pieces),
        headers: { ...headers, authorization: `Bearer ${token}` },
      })
      .then((res) => ({ status: res.statusCode, body: res.json() }))
      .finally(() => {
        uploading = false;
      });
    // Parsed on the event loop, this row held every other request for seconds; in a worker thread the
    // other client's calls keep being answered while the file is read and refused.
    let slowest = 0;
    let answered = 0;
    while (uploading) {
      const started = performance.now();
      const me = await get(other.token, 'user/me');
      slowest = Math.max(slowest, performance.now() - started);
      expect(me.status).toBe(200);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const res = await pending;
    expect(answered).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(500);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual([
      'Row 1 is longer than 1,000,000 characters: this does not look like a list of links. Check the file and retry.',
    ]);
    expect((await listOf(token, `filter[project]=${project.id}`)).meta.page.total).toBe(0);
  }, 120_000);
});

describe('crawler records over imports', () => {
  it('New, then RIP for what a later import lacks, Active for the rest, and Active again when back', async () => {
    const { token, project, campaign } = await makeWorkspace(t.db);
    const p = String(project.id);
    const rows = (ns: number[]) => ns.map((n) => [page(n), '2024-03-05']);

    const first = await upload(token, { project: p, source: '1' }, utf8('a.csv', rows([1, 2, 3, 4])));
    expect(first.body.data.attributes).toMatchObject({ rows: 4, new: 4, active: 0, rip: 0 });
    // Another source keeps its own records of the same pages.
    await upload(token, { project: p, source: '2' }, utf8('g.csv', rows([1])));

    const second = await upload(token, { project: p, source: '1' }, utf8('b.csv', rows([1, 2])));
    expect(second.body.data.attributes).toMatchObject({ rows: 2, new: 0, active: 2, rip: 2 });
    const third = await upload(token, { project: p, source: '1' }, utf8('c.csv', rows([1, 2, 3, 5])));
    expect(third.body.data.attributes).toMatchObject({ rows: 4, new: 1, active: 3, rip: 0 });

    const counts = await get(token, `crawlers/counts?filter[project]=${p}&filter[source]=1`);
    expect(counts.body).toEqual({
      data: { id: project.id, type: 'crawlerCounts', attributes: { active: 3, new: 1, rip: 1 } },
    });
    const all = await get(token, `crawlers/counts?filter[project]=${p}`);
    expect(all.body.data.attributes).toEqual({ active: 3, new: 2, rip: 1 });

    const rip = await listOf(token, `filter[project]=${p}&filter[status]=3`);
    expect(rip.data.map((d) => d.attributes.link)).toEqual([page(4)]);
    expect(rip.data[0].attributes.removedAt).toEqual(expect.any(String));
    const back = await listOf(token, `filter[project]=${p}&filter[source]=1&filter[query]=donor3`);
    expect(back.data[0].attributes).toMatchObject({ status: 2, removedAt: null });

    // The chart counts from the history: 4 + 1 (source 2) + 1 new today, 2 lost today; the page back after RIP is not new.
    const today = new Date().toISOString().slice(0, 10);
    const chart = await get(token, `crawlers/chart?filter[project]=${p}`);
    const days = chart.body.data as { date: string; new: number; lost: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: today, new: 6, lost: 2 });
    const source1 = await get(
      token,
      `crawlers/chart?filter[project]=${p}&filter[source]=1&filter[dateFrom]=${today}&filter[dateTo]=${today}`,
    );
    expect(source1.body.data).toEqual([{ date: today, new: 5, lost: 2 }]);
    // A span that would run past the last day there is ends on it.
    const last = await get(token, `crawlers/chart?filter[project]=${p}&filter[dateFrom]=9999-12-31`);
    expect(last.body.data).toEqual([{ date: '9999-12-31', new: 0, lost: 0 }]);

    // Tracked: a page that is a link of a campaign of the project.
    await makeLinks(t.db, { campaign, urls: [page(2)] });
    const tracked = await listOf(token, `filter[project]=${p}&filter[source]=1&sort=link`);
    expect(tracked.data.map((d) => d.attributes.tracked)).toEqual([false, true, false, false, false]);
    expect(tracked.data[1].relationships.campaigns.data).toEqual([{ id: campaign.id, type: 'campaigns' }]);
    expect(tracked.included).toEqual([
      { id: campaign.id, type: 'campaigns', attributes: { name: campaign.name, tier: 1 } },
    ]);

    // Export read back, with the formula escaping of the links export.
    await upload(token, { project: p, source: '3' }, utf8('f.csv', [['https://evil.example.org/=cmd', '']]));
    const exported = await get(token, `crawlers/export?filter[project]=${p}&sort=link&format=csv`);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`crawler_${project.name}.csv`);
    const table = parse(exported.text.replace(/^\uFEFF/, '')) as string[][];
    expect(table[0].slice(0, 3)).toEqual(['Referring page', 'Source', 'Status']);
    expect(table).toHaveLength(1 + 7);
    const exportedLinks = table.slice(1).map((r) => r[0]);
    expect(exportedLinks).toEqual([...exportedLinks].sort());
    const row2 = table.find((r) => r[0] === page(2) && r[1] === 'Backlink database');
    expect(row2?.[2]).toBe('Active');
    expect(row2?.at(-1)).toBe(campaign.name);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/crawlers/export?filter[project]=${p}&filter[status]=3&format=xlsx`,
      headers: { authorization: `Bearer ${token}` },
    });
    const sheet = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const aoa = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    expect(aoa.slice(1).map((r) => r[0])).toEqual([page(4)]);
  });

  it('pages, sorts and filters by first seen', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const p = String(project.id);
    const ns = Array.from({ length: 60 }, (_, i) => i + 1);
    await upload(
      token,
      { project: p, source: '1' },
      utf8(
        'a.csv',
        ns.map((n) => [page(n)]),
      ),
    );
    const second = await listOf(token, `filter[project]=${p}&page[number]=2&page[size]=50&sort=-link`);
    expect(second.data).toHaveLength(10);
    expect(second.meta.page).toMatchObject({ currentPage: 2, total: 60, lastPage: 2 });
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await listOf(token, `filter[project]=${p}&filter[dateFrom]=${today}&filter[dateTo]=${today}`)).meta
        .page.total,
    ).toBe(60);
    expect((await listOf(token, `filter[project]=${p}&filter[dateTo]=2020-01-01`)).meta.page.total).toBe(0);
    const bad = await get(token, `crawlers?filter[project]=${p}&page[size]=7`);
    expect(bad.status).toBe(422);
    const noProject = await get(token, 'crawlers');
    expect(noProject.status).toBe(422);
  });

  it('deletes by ids or by filters', async () => {
    const { token, project } = await makeWorkspace(t.db);
    const p = String(project.id);
    await upload(
      token,
      { project: p, source: '1' },
      utf8(
        'a.csv',
        [1, 2, 3].map((n) => [page(n)]),
      ),
    );
    await upload(
      token,
      { project: p, source: '2' },
      utf8(
        'a.csv',
        [1, 2].map((n) => [page(n)]),
      ),
    );
    const list = await listOf(token, `filter[project]=${p}&filter[source]=1&sort=link`);
    const byIds = await t.api('DELETE', `crawlers/delete?filter[project]=${p}&ids[]=${list.data[0].id}`, {
      token,
    });
    expect(byIds.body).toEqual({ data: { deleted: 1 } });
    const byFilter = await t.api('DELETE', `crawlers/delete?filter[project]=${p}&filter[source]=2`, {
      token,
    });
    expect(byFilter.body).toEqual({ data: { deleted: 2 } });
    const left = await listOf(token, `filter[project]=${p}&sort=link`);
    expect(left.data.map((d) => d.attributes.link)).toEqual([page(2), page(3)]);
  });
});

describe('POST crawlers/track', () => {
  it('adds the untracked pages to the chosen campaign of the project', async () => {
    const { token, user, project, campaign } = await makeWorkspace(t.db);
    const other = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Found' });
    const p = String(project.id);
    await makeLinks(t.db, { campaign, urls: [page(1)] });
    await upload(
      token,
      { project: p, source: '1' },
      utf8(
        'a.csv',
        [1, 2, 3].map((n) => [page(n)]),
      ),
    );
    const list = await listOf(token, `filter[project]=${p}&sort=link`);
    const ids = list.data.slice(0, 2).map((d) => d.id);
    const res = await t.api('POST', 'crawlers/track', {
      token,
      body: { project: project.id, campaign: other.id, ids },
    });
    expect(res.body).toEqual({ data: { added: 1, already: 1 } });
    const byFilter = await t.api('POST', 'crawlers/track', {
      token,
      body: { project: project.id, campaign: other.id, filter: { query: 'donor' } },
    });
    expect(byFilter.body).toEqual({ data: { added: 1, already: 2 } });
    const after = await listOf(token, `filter[project]=${p}&sort=link`);
    expect(after.data.every((d) => d.attributes.tracked)).toBe(true);
    const links = await get(token, `links?filter[campaign]=${other.id}`);
    expect(links.body.data.map((l: { attributes: { url: string } }) => l.attributes.url).sort()).toEqual([
      page(2),
      page(3),
    ]);
  });

  it('refuses a campaign of another project, and no selection', async () => {
    const { token, user, project } = await makeWorkspace(t.db);
    const elsewhere = await makeWorkspace(t.db);
    const mine = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    const foreign = await t.api('POST', 'crawlers/track', {
      token,
      body: { project: project.id, campaign: elsewhere.campaign.id, ids: [1] },
    });
    expect(foreign.status).toBe(422);
    const none = await t.api('POST', 'crawlers/track', {
      token,
      body: { project: project.id, campaign: mine.id },
    });
    expect(none.status).toBe(422);
    expect(none.body.errors.ids).toBeDefined();
  });
});

describe('owner scoping', () => {
  it("answers 404 for another user's project on every call and changes nothing", async () => {
    const a = await makeWorkspace(t.db);
    const b = await makeWorkspace(t.db);
    const p = String(a.project.id);
    await upload(a.token, { project: p, source: '1' }, utf8('a.csv', [[page(1)]]));
    const id = (await listOf(a.token, `filter[project]=${p}`)).data[0].id;
    const calls = [
      get(b.token, `crawlers/counts?filter[project]=${p}`),
      get(b.token, `crawlers?filter[project]=${p}`),
      get(b.token, `crawlers/chart?filter[project]=${p}`),
      get(b.token, `crawlers/export?filter[project]=${p}`),
      t.api('DELETE', `crawlers/delete?filter[project]=${p}&ids[]=${id}`, { token: b.token }),
      t.api('DELETE', `crawlers/delete?filter[project]=${b.project.id}&ids[]=${id}`, { token: b.token }),
      t.api('POST', 'crawlers/track', {
        token: b.token,
        body: { project: a.project.id, campaign: b.campaign.id, ids: [id] },
      }),
    ];
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 200, 404]);
    const up = await upload(b.token, { project: p, source: '1' }, utf8('b.csv', [[page(9)]]));
    expect(up.status).toBe(404);
    const mine = await listOf(a.token, `filter[project]=${p}`);
    expect(mine.data.map((d) => [d.id, d.attributes.link, d.attributes.status])).toEqual([[id, page(1), 1]]);
  });
});

describe('GET links/{id}?include=crawlers', () => {
  it("shows what each source says of the link's page, and nothing of another project's", async () => {
    const { token, user, project, campaign } = await makeWorkspace(t.db);
    const [link] = await makeLinks(t.db, { campaign, urls: [page(1)] });
    await upload(
      token,
      { project: String(project.id), source: '1' },
      utf8('a.csv', [[page(1), '2024-03-05']]),
    );
    await upload(token, { project: String(project.id), source: '2' }, utf8('g.csv', [[page(2)]]));
    await upload(token, { project: String(project.id), source: '2' }, utf8('g.csv', [[page(1)]]));
    // The same page in another project of the same user is another record.
    const second = await makeProject(t.db, { userId: user.id });
    await upload(token, { project: String(second.id), source: '3' }, utf8('b.csv', [[page(1)]]));

    const res = await get(token, `links/${link.id}?include=crawlers`);
    expect(res.status).toBe(200);
    const crawlers = res.body.included.filter((i: { type: string }) => i.type === 'crawlers');
    expect(crawlers.map((c: { attributes: Record<string, unknown> }) => c.attributes)).toEqual([
      expect.objectContaining({
        source: 1,
        sourceText: 'Backlink database',
        status: 1,
        seenOn: '2024-03-05',
        tracked: true,
      }),
      expect.objectContaining({ source: 2, sourceText: 'Search console', status: 1, tracked: true }),
    ]);
    expect(res.body.data.relationships.crawlers.data).toHaveLength(2);
    expect(crawlers[0].relationships.campaigns.data).toEqual([{ id: campaign.id, type: 'campaigns' }]);
  });
});
