import { IndexState } from '@linkwatch/shared';
import type { Tx } from '../../../db/client.ts';
import { type ChangedLink, recordReport } from '../report-changes.ts';
import type { ActionRow, DoneOutcome } from '../types.ts';
import { insertIndexHistories, lockIndexedLinks, writeIndexStates } from './check-indexing.queries.ts';

/** What the providers agreed on for one page. */
export interface IndexResult {
  state: typeof IndexState.Indexed | typeof IndexState.NotIndexed;
  provider: string;
}

/**
 * Writes a batch of index states: the link's `indexing` and `dateCheckIndexing`, an index-history
 * entry per link, and a report line where a known state flipped (indexed → not indexed and back).
 */
export async function applyIndexStates(tx: Tx, action: ActionRow, done: DoneOutcome<IndexResult>[]) {
  const decided = done.filter((d): d is DoneOutcome<IndexResult> & { linkId: number } => d.linkId !== null);
  if (decided.length === 0) return;
  const before = await lockIndexedLinks(tx, { linkIds: decided.map((d) => d.linkId) });

  const values = decided.map((d) => ({ id: d.linkId, indexing: d.result.state }));
  await writeIndexStates(tx, values);
  await insertIndexHistories(
    tx,
    decided.map((d) => ({ link_id: d.linkId, value: d.result.state, provider: d.result.provider })),
  );

  const stateOf = new Map(decided.map((d) => [d.linkId, d.result.state]));
  const flipped: ChangedLink[] = before
    .filter((link) => link.indexing !== IndexState.Unverified && link.indexing !== stateOf.get(link.id))
    .map((link) => ({
      link,
      changes: [{ changesType: 'indexing', old: String(link.indexing), new: String(stateOf.get(link.id)) }],
    }));
  await recordReport(tx, action, flipped);
}
