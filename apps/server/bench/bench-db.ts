import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openPostgres } from '../src/db/client.ts';

/** A database of its own for the bench, on the PostgreSQL the tests use; dropped at the end. */
export async function benchDatabase(adminUrl: string, name: string): Promise<Database> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  await database.migrate();
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

type Query = <T extends pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

/** Where a campaign is seeded: statements in one transaction, and statements on their own. */
export interface SeedConnection {
  transaction(work: (client: { query: Query }) => Promise<void>): Promise<void>;
  query: Query;
}

export function postgresSeed(pool: pg.Pool): SeedConnection {
  return {
    query: (text, params) => pool.query(text, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await work({ query: (text, params) => client.query(text, params) });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export function pgliteSeed(client: PGlite): SeedConnection {
  return {
    query: (text, params) => client.query(text, params),
    transaction: (work) =>
      client.transaction((tx) => work({ query: (text, params) => tx.query(text, params) })),
  };
}

/**
 * A million links in one campaign, in one INSERT … SELECT generate_series, with the spread a watched
 * campaign has after some checks: most answer 200, some 404/301/500 or fail, a fifth unchecked;
 * indexing and robots statuses mixed; one backlink on every checked link.
 */
export async function seedCampaign(
  db: SeedConnection,
  params: { userId: number; projectId: number; campaignId: number; count: number },
) {
  await db.transaction(async (client) => {
    // The bench's own rows are consistent by construction; skipping the per-row FK triggers makes the
    // load take seconds instead of minutes. Never done by the application.
    await client.query('SET LOCAL session_replication_role = replica');
    // Building the secondary indexes once afterwards is several times faster than a million inserts into them.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('links', 'backlinks') AND indexname NOT LIKE '%_pkey'`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`);
    await client.query(
      `INSERT INTO links (user_id, project_id, campaign_id, tier, url, title, list_type, indexing,
         indexing_capability_id, response_code, response_code_group, count_backlinks, date_check_data, created_at)
       SELECT $1, $2, $3, 1,
         'https://donor' || (g % 5000) || '.example.org/post/' || g,
         'Post ' || g,
         CASE WHEN g % 50 = 0 THEN 1 WHEN g % 97 = 0 THEN 3 ELSE 2 END,
         g % 3,
         CASE WHEN g % 5 = 0 THEN NULL ELSE 1 + g % 11 END,
         CASE WHEN g % 5 = 0 THEN NULL WHEN g % 13 = 0 THEN 404 WHEN g % 17 = 0 THEN 301 WHEN g % 19 = 0 THEN 500 WHEN g % 23 = 0 THEN NULL ELSE 200 END,
         CASE WHEN g % 5 <> 0 AND g % 23 = 0 AND g % 13 <> 0 AND g % 17 <> 0 AND g % 19 <> 0 THEN 1 + g % 4 END,
         CASE WHEN g % 5 = 0 THEN NULL ELSE g % 4 END,
         CASE WHEN g % 5 = 0 THEN NULL ELSE now() - (g % 60) * interval '1 day' END,
         now() - ((1000000 - g) % 90) * interval '1 day'
       FROM generate_series(1, $4) AS g`,
      [params.userId, params.projectId, params.campaignId, params.count],
    );
    await client.query(
      `INSERT INTO backlinks (user_id, link_id, href, anchor, attribute, type_id)
       SELECT user_id, id, 'https://site.example.com/', 'anchor ' || (id % 500),
         (ARRAY['dofollow','nofollow','ugc','sponsored'])[1 + id % 4], 1 + id % 4
       FROM links WHERE campaign_id = $1 AND date_check_data IS NOT NULL`,
      [params.campaignId],
    );
    for (const index of indexes) await client.query(index.indexdef);
    // The replica role skipped the counter triggers too: count the seeded rows once, as the test does.
    await client.query('SELECT link_counters_rebuild()');
  });
  await db.query('VACUUM ANALYZE links');
  await db.query('VACUUM ANALYZE backlinks');
  // The seed's gigabyte of writes is flushed now, not by the checkpoint it set off, spread over the
  // next minutes while the bench measures: a database that holds a million links wrote them long ago.
  await db.query('CHECKPOINT');
}
