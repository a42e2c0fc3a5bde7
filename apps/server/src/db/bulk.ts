import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rawRows, type Tx } from './client.ts';

/**
 * Many-row statements with the rows sent as one jsonb parameter. drizzle's multi-row insert and
 * inArray() build one parameter per value; for a batch of checked links that cost more CPU than
 * checking the pages did.
 */

/** PostgreSQL type of each column a bulk statement carries, by column name (code constants only). */
export type RowShape = Record<string, 'int' | 'bigint' | 'smallint' | 'real' | 'text' | 'boolean'>;

/** The rows as a relation named `v`, for `from`/`using` clauses. */
export function jsonRows(rows: readonly Record<string, unknown>[], shape: RowShape): SQL {
  const columns = Object.entries(shape)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(columns)})`;
}

/** Inserts rows keyed by column name; answers the `returning` columns of each inserted row. */
export async function insertRows<Returned = never>(
  tx: Tx,
  table: PgTable,
  shape: RowShape,
  rows: readonly Record<string, unknown>[],
  returning?: string,
): Promise<Returned[]> {
  if (rows.length === 0) return [];
  const names = sql.raw(Object.keys(shape).join(', '));
  return rawRows<Returned>(
    tx,
    sql`insert into ${table} (${names}) select ${names} from ${jsonRows(rows, shape)}${
      returning ? sql.raw(` returning ${returning}`) : sql``
    }`,
  );
}

/** `column = any(ids)` with the ids as one parameter. */
export function inIds(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
}
