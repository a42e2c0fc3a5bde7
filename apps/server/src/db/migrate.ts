import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type MigrationConfig, type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export const MIGRATIONS_FOLDER = path.resolve(new URL('../../drizzle', import.meta.url).pathname);

/** The counter functions' one source (docs/database.md): applied after the migrations, on every start. */
export const FUNCTIONS_FILE = path.join(MIGRATIONS_FOLDER, 'functions', 'counters.sql');

const BREAKPOINT = '--> statement-breakpoint';

/** The functions file's statements, split as drizzle splits a migration. */
export function functionStatements(): string[] {
  return readFileSync(FUNCTIONS_FILE, 'utf8')
    .split(BREAKPOINT)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** What drizzle's own `migrate()` of either driver uses: its dialect runs the pending migrations. */
type Migrator = {
  dialect: { migrate(migrations: MigrationMeta[], session: unknown, config: MigrationConfig): Promise<void> };
  session: unknown;
};

/**
 * drizzle's migrations, then the functions file. With migrations to apply, the functions follow the
 * last one in its transaction, so no statement ever runs a trigger whose body an older migration left
 * (or one calling a function a migration dropped). Then the file is applied again on its own: an edit
 * to it takes effect at the next start without a migration (every statement is CREATE OR REPLACE).
 */
export async function migrateWithFunctions<H extends PgQueryResultHKT, S extends Record<string, unknown>>(
  db: PgDatabase<H, S>,
): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  const migrations = readMigrationFiles(config);
  const functions = functionStatements();
  migrations.at(-1)?.sql.push(...functions);
  const { dialect, session } = db as unknown as Migrator;
  await dialect.migrate(migrations, session, config);
  await db.transaction(async (tx) => {
    for (const statement of functions) await tx.execute(sql.raw(statement));
  });
}
