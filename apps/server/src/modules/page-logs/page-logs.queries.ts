import type { Queryable } from '../../db/client.ts';
import { pageLogs } from '../../db/schema/index.ts';

export async function logPageVisit(db: Queryable, params: { userId: number | null; page: string }) {
  await db.insert(pageLogs).values(params);
}
