import { mkdtemp, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLinks, makeWorkspace } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type CellValue, csvStream, escapeCell } from './spreadsheet.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  // Its own DATA_DIR: other test files write mailed exports too, and this one counts the files.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'linkwatch-export-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/**
 * Renames a column the export's row query reads, so that query fails in the database itself after
 * the answer has begun; renamed back afterwards.
 */
async function withColumnGone<T>(table: string, column: string, run: () => Promise<T>): Promise<T> {
  await t.db.execute(sql.raw(`alter table ${table} rename column ${column} to ${column}_gone`));
  try {
    return await run();
  } finally {
    await t.db.execute(sql.raw(`alter table ${table} rename column ${column}_gone to ${column}`));
  }
}

/** Downloads over a real socket: the status, and whether the body arrived whole or was cut. */
async function download(url: string, token: string) {
  const res = await fetch(`${base}${url}`, {
    headers: { authorization: `Bearer ${token}`, 'x-localization': 'en' },
  });
  const body = await res.text().then(
    (text) => ({ complete: true as const, text }),
    (error: Error) => ({ complete: false as const, error }),
  );
  return { status: res.status, body };
}

async function healthy() {
  const res = await fetch(`${base}/api/health`);
  return res.status;
}

describe('an export whose database query fails mid-stream', () => {
  it('cuts that one download and the server goes on answering (links, reports, anchors)', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['https://donor.example.org/a'] });
    const cases: [string, string, string][] = [
      [`/api/links/export?format=csv&filter[campaign]=${campaign.id}`, 'backlinks', 'attribute'],
      [`/api/reports/export?format=csv&filter[project]=${campaign.projectId}`, 'report_changes', 'title'],
      [`/api/anchors/export?format=csv&filter[campaign]=${campaign.id}`, 'backlinks', 'anchor'],
    ];
    for (const [url, table, column] of cases) {
      const res = await withColumnGone(table, column, () => download(url, token));
      // The client must never get a short file that looks complete: a download cut after its 200,
      // or, when the answer is compressed and nothing was flushed yet, a 500.
      const cut = res.status === 200 && !res.body.complete;
      expect(cut || res.status === 500, `${url}: ${res.status}`).toBe(true);
      expect(await healthy(), url).toBe(200);
    }
    const whole = await download(`/api/links/export?format=csv&filter[campaign]=${campaign.id}`, token);
    expect(whole.body).toMatchObject({
      complete: true,
      text: expect.stringContaining('donor.example.org/a'),
    });
  });

  it('drops a mailed export that fails while being written, leaving no file and no mail', async () => {
    const { token, user, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, {
      campaign,
      urls: Array.from({ length: 3001 }, (_, i) => `https://many.example.org/${i}`),
    });
    const exportsDir = path.join(t.ctx.config.dataDir, 'exports');
    await withColumnGone('backlinks', 'attribute', async () => {
      const res = await download(`/api/links/export?format=csv&filter[campaign]=${campaign.id}`, token);
      expect(res.status).toBe(202);
      // The file is written after the 202; give it the time a 3,001-row export takes.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(await healthy()).toBe(200);
    expect(await readdir(exportsDir).catch(() => [])).toEqual([]);
    expect(t.smtp.to(user.email)).toEqual([]);
  });
});

describe('csvStream', () => {
  it('writes every row across its pieces, quoted where needed and formulas escaped, after a BOM', async () => {
    const cells: CellValue[] = [
      'plain',
      'a,b',
      'say "hi"',
      'line\nbreak',
      '=1+1',
      '-minus',
      '@at',
      'Кириллица, "цитата"',
      'emoji 🙂',
      42,
      null,
    ];
    const rows: CellValue[][] = Array.from({ length: 2500 }, (_, i) => [i, cells[i % cells.length]]);
    async function* source() {
      yield* rows;
    }
    let text = '';
    for await (const piece of csvStream(source())) text += piece;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const read = parse(text.slice(1)) as string[][];
    const written = (cell: CellValue) => (cell === null ? '' : String(escapeCell(cell)));
    expect(read).toEqual(rows.map((row) => row.map(written)));
    expect(read[4]).toEqual(['4', "'=1+1"]);
  });
});
