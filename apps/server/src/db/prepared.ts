import type { Queryable } from './client.ts';

/**
 * A statement drizzle builds once per database and then runs with its placeholders filled, for the
 * few run on every request (the session's lookup): building a select costs drizzle ~120 µs of the
 * API's CPU each time, and on PostgreSQL a named statement is also parsed once per connection.
 */
export function preparedOnce<Prepared>(build: (db: Queryable) => Prepared): (db: Queryable) => Prepared {
  const built = new WeakMap<Queryable, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
