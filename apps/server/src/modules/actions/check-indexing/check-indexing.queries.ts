import { sql } from 'drizzle-orm';
import { inIds, insertRows, jsonRows } from '../../../db/bulk.ts';
import type { Tx } from '../../../db/client.ts';
import { indexHistories, links } from '../../../db/schema/index.ts';
import { REPORTED_LINK } from '../actions.queries.ts';

/** The links a batch decided on, with the index state they had, locked until the batch is written. */
export function lockIndexedLinks(tx: Tx, params: { linkIds: number[] }) {
  return tx
    .select({ ...REPORTED_LINK, indexing: links.indexing })
    .from(links)
    .where(inIds(links.id, params.linkIds))
    .for('update');
}

/** Each link's new index state, checked now. */
export async function writeIndexStates(tx: Tx, values: { id: number; indexing: number }[]) {
  await tx.execute(sql`
    update ${links} set indexing = v.indexing, date_check_indexing = now(), updated_at = now()
    from ${jsonRows(values, { id: 'int', indexing: 'smallint' })}
    where ${links.id} = v.id`);
}

/** An index-history entry per link: the state and the provider that told it. */
export async function insertIndexHistories(
  tx: Tx,
  rows: { link_id: number; value: number; provider: string }[],
) {
  await insertRows(tx, indexHistories, { link_id: 'int', value: 'smallint', provider: 'text' }, rows);
}
