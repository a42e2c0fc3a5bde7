import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { createPglite, type Database, openPostgres, wrapPglite } from '../db/client.ts';
import { SNAPSHOT_FILE, TEMPLATE_DATABASE, withDatabase } from './database-names.ts';

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export async function freshDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const snapshot = new Blob([await readFile(SNAPSHOT_FILE)]);
    return wrapPglite(await createPglite({ loadDataDir: snapshot }));
  }
  const name = `${TEMPLATE_DATABASE}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const database = openPostgres(withDatabase(adminUrl, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
