import type { PgSelect } from 'drizzle-orm/pg-core';
import type { PageQuery } from '../http/present.ts';

/** One page of a list query (drizzle's dynamic query building): `paginate(query.$dynamic(), page)`. */
export function paginate<T extends PgSelect>(query: T, page: PageQuery): T {
  return query.limit(page.size).offset((page.number - 1) * page.size);
}
