import type { Db } from '../db/client.ts';

type Query = (...args: unknown[]) => unknown;

/**
 * The SQL statements `work` sends through the database's client (outside transactions: what a read
 * runs), in order: for tests that hold a call to what it asks of the database (which tables it reads,
 * how many statements it takes) where that is what keeps it fast. Nothing else must use the database
 * meanwhile.
 */
export async function statementsOf(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  // drizzle keeps its driver's client (a pg Pool or a PGlite) as $client; both are asked through query().
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const statements: string[] = [];
  const own = Object.hasOwn(client, 'query');
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text: string }).text));
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    if (own) client.query = query;
    else delete (client as { query?: Query }).query;
  }
  return statements;
}

/** The tables a statement reads or writes, by name (`from "links"`, `join "links"`, …). */
export function tablesOf(statement: string): string[] {
  return [...statement.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]);
}
