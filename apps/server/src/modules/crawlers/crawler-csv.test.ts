import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_LIMITS, CsvRefused, csvRecords } from './crawler-csv.ts';
import { readCrawlerFile } from './crawler-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkwatch-csv-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function saved(name: string, content: string | Buffer) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return { filename: name, path: file, size: Buffer.byteLength(content) };
}

async function all(records: AsyncIterable<{ row: number; cells: string[] }>) {
  const out: { row: number; cells: string[] }[] = [];
  for await (const record of records) out.push(record);
  return out;
}

const lines = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `https://donor${from + i}.example.org/,2024-03-05`);

describe('crawler CSV read in a worker thread', () => {
  it('hands over the non-blank records with their row numbers, in batches, UTF-16 too', async () => {
    const text = `Link\tDate\r\n\r\n${lines(5).join('\r\n').replaceAll(',', '\t')}\r\n`;
    const file = await saved(
      'b.tsv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    const records = await all(csvRecords(file.path, { ...CSV_LIMITS, batchRows: 2 }));
    expect(records.map((r) => r.row)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(records[1].cells).toEqual(['https://donor0.example.org/', '2024-03-05']);
  });

  it('refuses a file with more data rows than allowed before handing over any row, a header allowed on top', async () => {
    const limits = { ...CSV_LIMITS, maxRows: 3 };
    const withHeader = await saved('h.csv', ['Link,Date', ...lines(3)].join('\n'));
    expect(await all(csvRecords(withHeader.path, limits))).toHaveLength(4);
    const bare = await saved('n.csv', lines(4).join('\n'));
    const records = csvRecords(bare.path, limits);
    await expect(records.next()).rejects.toEqual(new CsvRefused({ reason: 'tooManyRows' }));
    // Ahrefs' UTF-16 with CRLF line ends: each CRLF is one line.
    const utf16 = (rows: string[]) =>
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf16le')]);
    const wide = await saved('h16.tsv', utf16(['Link\tDate', ...lines(3)]));
    expect(await all(csvRecords(wide.path, limits))).toHaveLength(4);
    const long = await saved('n16.tsv', utf16(lines(4)));
    await expect(csvRecords(long.path, limits).next()).rejects.toEqual(
      new CsvRefused({ reason: 'tooManyRows' }),
    );
  });

  it('refuses 500,001 rows as the reader opens the file, not after importing 500,000', async () => {
    const file = await saved('many.csv', lines(500_001).join('\n'));
    await expect(readCrawlerFile(file)).rejects.toMatchObject({
      fields: { file: { key: 'crawlers.upload.tooManyRows', params: { max: '500,000' } } },
    });
  }, 60_000);

  it('refuses a row of too many columns, or too long, naming the row', async () => {
    const wide = await saved(
      'w.csv',
      `${lines(1)[0]}\n${Array.from({ length: 1001 }, () => 'x').join(',')}\n`,
    );
    await expect(readCrawlerFile(wide)).rejects.toMatchObject({
      fields: { file: { key: 'crawlers.upload.tooManyColumns', params: { row: 2, max: '1,000' } } },
    });
    const long = await saved('l.csv', `${lines(1)[0]}\n"${'y'.repeat(1_000_100)}"\n`);
    await expect(readCrawlerFile(long)).rejects.toMatchObject({
      fields: { file: { key: 'crawlers.upload.rowTooLong', params: { row: 2, max: '1,000,000' } } },
    });
  });

  it('refuses text with NUL characters as unreadable', async () => {
    const file = await saved('z.csv', Buffer.from('https://a.example/\u0000\u0001,2024\n'));
    await expect(readCrawlerFile(file)).rejects.toMatchObject({
      fields: { file: { key: 'crawlers.upload.unreadable', params: { format: 'csv' } } },
    });
  });
});
