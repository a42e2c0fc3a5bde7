import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveEmbedded } from './embedded-host.ts';

/**
 * The wire bridge to PGlite (embedded-host.ts) with an answer larger than the socket takes at once:
 * PGlite hands over its answer in chunks of one reused buffer, all within one synchronous run, so the
 * socket queues most of it. Before the bridge copied each chunk, the queued chunks were later views of
 * bytes PGlite had overwritten: the client read a corrupt row length and the server process died
 * (`ERR_OUT_OF_RANGE` in pg-protocol), as the wiki's section page did on the embedded database.
 */
describe('the embedded database’s socket', () => {
  let dir: string;
  let db: PGlite;
  let host: { close(): Promise<void> };
  let client: pg.Client;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lw-host-'));
    db = await PGlite.create();
    host = await serveEmbedded(db, path.join(dir, '.s.PGSQL.5432'));
    client = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.end().catch(() => undefined);
    await host?.close();
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers an answer of megabytes intact, row by row', async () => {
    const rows = 40;
    const size = 100_000;
    const res = await client.query<{ i: number; s: string }>(
      'SELECT i, repeat(chr(65 + i % 26), $1::int) AS s FROM generate_series(1, $2::int) AS i ORDER BY i',
      [size, rows],
    );
    expect(res.rows).toHaveLength(rows);
    for (const row of res.rows) {
      expect(row.s.length).toBe(size);
      expect(row.s).toBe(String.fromCharCode(65 + (row.i % 26)).repeat(size));
    }
  }, 60_000);
});
