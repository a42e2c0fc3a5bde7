import { sql } from 'drizzle-orm';
import { type Queryable, rawRowCount } from '../../../db/client.ts';
import { actionItems } from '../../../db/schema/index.ts';

/** A pull's one item (it points at no link). */
export function insertPullItem(db: Queryable, params: { actionId: number }) {
  return rawRowCount(db, sql`insert into ${actionItems} (action_id) values (${params.actionId})`);
}
