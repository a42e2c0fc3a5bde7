import type { PgSelect } from 'drizzle-orm/pg-core';

/** One page of a list query (drizzle's dynamic query building): `paginate(query.$dynamic(), page)`. */
export function paginate<T extends PgSelect>(query: T, page: { number: number; size: number }): T {
  return query.limit(page.size).offset((page.number - 1) * page.size);
}
