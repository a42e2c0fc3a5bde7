import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database.ts';
import { type Database, rawRows } from './client.ts';
import { functionStatements } from './migrate.ts';

type Definition = { signature: string; body: string; settings: string[] };

/** Each function of drizzle/functions/counters.sql as written: name(arguments), body, SET clauses. */
function fileDefinitions(): Definition[] {
  return functionStatements().map((statement) => {
    const head = /CREATE OR REPLACE FUNCTION (\w+)\(([^)]*)\)/.exec(statement);
    const body = /AS \$\$([\s\S]*)\$\$;?\s*$/.exec(statement);
    if (!head || !body) throw new Error(`not a function definition: ${statement.slice(0, 80)}`);
    const settings = [...statement.matchAll(/^SET (\w+) = (\w+)$/gm)].map(
      ([, name, value]) => `${name}=${value}`,
    );
    return { signature: `${head[1]}(${head[2]})`, body: body[1], settings };
  });
}

/**
 * The database's own counter functions (not an extension's), as PostgreSQL keeps them. Other features'
 * functions (the console's append-only audit trigger) are not the file's to define.
 */
async function liveDefinitions(database: Database): Promise<Definition[]> {
  const rows = await rawRows<{ signature: string; body: string; settings: string[] | null }>(
    database.db,
    sql`SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature,
          p.prosrc AS body, p.proconfig AS settings
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND p.proname LIKE '%counter%'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
  );
  return rows.map((row) => ({ ...row, settings: row.settings ?? [] }));
}

const bySignature = (definitions: Definition[]) =>
  [...definitions].sort((a, b) => a.signature.localeCompare(b.signature));

describe('the counter functions: drizzle/functions/counters.sql is their one source', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('the migrated database defines exactly the file’s functions, bodies and settings', async () => {
    expect(bySignature(await liveDefinitions(database))).toEqual(bySignature(fileDefinitions()));
  });

  it('a start applies the file again: a definition changed since (an older body, lost settings) is the file’s', async () => {
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION link_counters_on_links() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RETURN NULL; END $$`),
    );
    await database.migrate();
    expect(bySignature(await liveDefinitions(database))).toEqual(bySignature(fileDefinitions()));
  });
});
