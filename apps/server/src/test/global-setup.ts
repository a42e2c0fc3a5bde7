import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createPglite, openPostgres, wrapPglite } from '../db/client.ts';
import { SNAPSHOT_FILE, TEMPLATE_DATABASE, withDatabase } from './database-names.ts';

/**
 * Migrates once per run: a PGlite data dir dumped to a file (each test file loads it in about half
 * a second instead of migrating), or, with TEST_DATABASE_URL, a template database on PostgreSQL that
 * each test file clones into a database of its own.
 */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return setupPostgres(adminUrl);
  const client = await createPglite();
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir('none');
  await mkdir(path.dirname(SNAPSHOT_FILE), { recursive: true });
  await writeFile(SNAPSHOT_FILE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

async function setupPostgres(adminUrl: string) {
  process.env.LW_TEST_TEMPLATE = TEMPLATE_DATABASE;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = openPostgres(withDatabase(adminUrl, TEMPLATE_DATABASE), 1);
  await template.migrate();
  await template.close();
  await admin.end();

  return async function teardown() {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $1 || '_')`,
      [TEMPLATE_DATABASE],
    );
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await client.end();
  };
}
