import path from 'node:path';

export const SNAPSHOT_FILE = path.resolve(
  new URL('../../../../.data-test/pglite-snapshot.tar', import.meta.url).pathname,
);
/**
 * Migrated once per run; each test file's database is a clone of it with a random suffix. Named after
 * the run (the global setup's process, inherited by the test workers), so two runs on one PostgreSQL
 * (CI beside a developer's run) never drop each other's databases.
 */
export const TEMPLATE_DATABASE = process.env.LW_TEST_TEMPLATE ?? `lw_test_tpl_${process.pid}`;

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
