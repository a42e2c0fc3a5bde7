import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrateWithFunctions } from './migrate.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers share this type, so queries are written once for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runs the same inside or outside a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PostgreSQL pool, for LISTEN/NOTIFY; null on PGlite. */
  pool: pg.Pool | null;
}

export function openPostgres(connection: string | pg.PoolConfig, poolSize = 10): Database {
  const config = typeof connection === 'string' ? { connectionString: connection } : connection;
  const pool = new pg.Pool({ ...config, max: poolSize });
  // An idle connection the server ends (a restart, an administrator, a dropped database) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () => migrateUnderLock(pool),
    close: () => pool.end(),
  };
}

/** Any fixed number: the advisory lock that lets one process at a time migrate a PostgreSQL database. */
const MIGRATION_LOCK = 7_340_001;

/**
 * Every process migrates at start, and an API and its workers often start together: without the lock
 * two of them apply the same migration at once and one fails with "relation already exists".
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateWithFunctions(drizzlePg(client, { schema }));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * PostgreSQL settings of the embedded database. Its memory is WebAssembly memory, which grows and is
 * never given back to the system: the 128 MB of shared buffers PostgreSQL reserves by default (a
 * server's cache, where one process here reads files the OS caches anyway) kept an idle server at
 * ~680 MB RSS, and each large statement raised the high-water mark for good (issue 25).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 32MB'];

/** An embedded database with the extensions the migrations create (pg_trgm for the link search). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ postgresqlconf: PGLITE_SETTINGS, ...options, extensions: { pg_trgm } });
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: null,
    migrate: () => migrateWithFunctions(db),
    close: () => client.close(),
  };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  if (!dataDir) return wrapPglite(await createPglite());
  await mkdir(dataDir, { recursive: true });
  return wrapPglite(await createPglite({ dataDir: path.join(dataDir, 'pgdata') }));
}

/**
 * A raw statement's rows. Both drivers answer `{ rows }`, which drizzle's type shared by the two does
 * not show, so this is the one place that says so.
 */
export async function rawRows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** How many rows a raw statement changed (node-postgres says `rowCount`, PGlite `affectedRows`). */
export async function rawRowCount(db: Queryable, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** The cheapest statement there is: whether the database answers at all (the health check). */
export async function ping(db: Queryable): Promise<void> {
  await db.execute(sql`select 1`);
}
