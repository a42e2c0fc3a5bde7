import path from 'node:path';

export const SNAPSHOT_FILE = path.resolve(
  new URL('../../../../.data-test/pglite-snapshot.tar', import.meta.url).pathname,
);
/** Migrated once per run; each test file's database is a clone of it with a random suffix. */
export const TEMPLATE_DATABASE = 'lw_test_tpl';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
