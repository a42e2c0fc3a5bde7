/**
 * `npm run bench -w @linkwatch/server` (or `npx tsx bench/crawler-import.bench.ts`): a 500,000-row
 * Ahrefs-style CSV imported through `POST crawlers/upload` over real HTTP on PostgreSQL, twice (the
 * first import makes every record New; the second, of 90% of the rows, keeps those Active and makes the
 * rest RIP). Aims: under 30 s and under 300 MB peak RSS each. BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) names the server; the bench creates lw_crawler_bench
 * there and drops it at the end. BENCH_CRAWLER_ROWS changes the size.
 *
 * RSS includes the garbage V8 has not collected yet: `node --max-old-space-size=128 --import tsx
 * bench/crawler-import.bench.ts` shows the import itself runs in a bounded heap whatever the file's size.
 */

import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BenchFigure, writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import { buildApp } from '../src/app.ts';
import { projects, users } from '../src/db/schema/index.ts';
import { createAccessToken } from '../src/modules/auth/auth.queries.ts';
import { benchContext } from './bench-context.ts';
import { benchDatabase } from './bench-db.ts';
import { peakRss } from './measure.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_CRAWLER_ROWS ?? 500_000);

/** An Ahrefs backlinks export's columns (the UTF-8 CSV flavour), one referring page a row. */
async function writeAhrefsCsv(file: string, rows: number, keep: (i: number) => boolean) {
  const out = createWriteStream(file);
  out.write('Referring page URL,Target URL,Anchor,Nofollow,First seen,Last seen\n');
  for (let i = 0; i < rows; i += 1) {
    if (!keep(i)) continue;
    const line = `https://d${i % 40_000}.example.org/p/${i},https://site.example.com/,anchor ${i % 977},${i % 5 === 0},2023-01-0${1 + (i % 9)},2024-03-1${i % 10}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return (await stat(file)).size;
}

/** Streams the file as the multipart body a browser sends, and answers the JSON reply. */
function uploadOverHttp(params: { port: number; token: string; projectId: number; file: string }) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="project"\r\n\r\n${params.projectId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ahrefs.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        port: params.port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/crawlers/upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${params.token}`,
          accept: 'application/json',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(params.file);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

async function main() {
  const database = await benchDatabase(ADMIN_URL, 'lw_crawler_bench');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lw-crawler-bench-'));
  try {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ name: 'Bench', email: 'bench@example.com', passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning();
    const [project] = await db
      .insert(projects)
      .values({
        userId: user.id,
        name: 'Bench',
        mainDomain: 'site.example.com',
        domains: ['site.example.com'],
      })
      .returning();
    const token = await createAccessToken(db, user.id);
    const app = await buildApp(benchContext(db, { DATA_DIR: dir }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const runs = [
      { name: 'first import (all New)', keep: () => true },
      { name: 'second import (90% Active, 10% RIP)', keep: (i: number) => i % 10 !== 0 },
    ];
    const figures: BenchFigure[] = [];
    const results: string[] = [
      `RSS before the imports (app loaded, idle): ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
    ];
    for (const run of runs) {
      const file = path.join(dir, 'ahrefs.csv');
      const bytes = await writeAhrefsCsv(file, ROWS, run.keep);
      global.gc?.();
      const started = performance.now();
      const { result, peakMb } = await peakRss(() =>
        uploadOverHttp({ port, token, projectId: project.id, file }),
      );
      const seconds = (performance.now() - started) / 1000;
      if (result.status !== 201)
        throw new Error(`upload answered ${result.status}: ${result.body.slice(0, 300)}`);
      const line = `${run.name}: ${(bytes / 1024 / 1024).toFixed(1)} MB file, ${seconds.toFixed(1)} s, peak RSS ${peakMb.toFixed(0)} MB → ${JSON.stringify(JSON.parse(result.body).data.attributes)}`;
      console.log(line);
      results.push(line);
      figures.push({
        what: `crawlers/upload, ${ROWS.toLocaleString('en-US')}-row Ahrefs CSV, ${run.name}`,
        figure: `${seconds.toFixed(1)} s, peak RSS ${peakMb.toFixed(0)} MB`,
        aim: '< 30 s and < 300 MB',
        met: seconds < 30 && peakMb < 300,
      });
    }
    const exportStarted = performance.now();
    const exported = await peakRss(async () => {
      const res = await fetch(
        `http://127.0.0.1:${port}/api/crawlers/export?filter[project]=${project.id}&format=csv`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return { status: res.status, bytes };
    });
    if (exported.result.status !== 200) throw new Error(`export answered ${exported.result.status}`);
    const exportLine = `GET crawlers/export (csv, ${ROWS.toLocaleString('en-US')} records): ${(exported.result.bytes / 1024 / 1024).toFixed(1)} MB, ${((performance.now() - exportStarted) / 1000).toFixed(1)} s, peak RSS ${exported.peakMb.toFixed(0)} MB`;
    console.log(exportLine);
    results.push(exportLine);
    await app.close();
    console.log(
      `\ncrawler import bench (${ROWS.toLocaleString('en-US')} rows, PostgreSQL; aims < 30 s, < 300 MB):`,
    );
    for (const line of results) console.log(`  ${line}`);
    writeBenchFigures({
      bench: 'crawler data import (PostgreSQL)',
      order: 40,
      figures,
      notes: `${results[0]}; peak RSS counts garbage V8 has not collected yet (a 256 MB heap cap runs the same import)`,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
