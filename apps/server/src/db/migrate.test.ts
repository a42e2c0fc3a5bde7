import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from '../test/database-names.ts';
import { openPostgres } from './client.ts';

/** An API and its workers start together, and each migrates: on an empty database only one may apply the migrations. */
describe.runIf(process.env.TEST_DATABASE_URL)('migrating PostgreSQL from several processes at once', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `${TEMPLATE_DATABASE}_migrate_${process.pid}`;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('applies each migration once and every start succeeds', async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const databases = [1, 2, 3].map(() => openPostgres(withDatabase(adminUrl, name), 2));
    try {
      const outcomes = await Promise.allSettled(databases.map((database) => database.migrate()));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const { rows } = await databases[0].pool!.query<{ count: string }>(
        'SELECT count(*) FROM drizzle.__drizzle_migrations',
      );
      const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
      expect(Number(rows[0].count)).toBe(journal.default.entries.length);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
