import { sql } from 'drizzle-orm';
import { inIds } from '../../../db/bulk.ts';
import type { Tx } from '../../../db/client.ts';
import { indexRequests, links } from '../../../db/schema/index.ts';
import type { ActionRow, DoneOutcome } from '../types.ts';

/** A page a service took: which one, and when to see whether it got indexed. */
export interface SentResult {
  provider: string;
  recheckAt: Date;
}

/**
 * Writes a batch of sent pages: the link's `dateAddIndex`, and an index request to re-check it later
 * (and refund its price when it is still not indexed then).
 */
export async function applySentPages(tx: Tx, action: ActionRow, done: DoneOutcome<SentResult>[]) {
  const sent = done.filter((d): d is DoneOutcome<SentResult> & { linkId: number } => d.linkId !== null);
  if (sent.length === 0) return;
  await tx
    .update(links)
    .set({ dateAddIndex: sql`now()`, updatedAt: sql`now()` })
    .where(
      inIds(
        links.id,
        sent.map((d) => d.linkId),
      ),
    );
  // A batch is at most a few hundred pages: drizzle's insert is fine here.
  await tx.insert(indexRequests).values(
    sent.map((d) => ({
      userId: action.userId,
      actionId: action.id,
      linkId: d.linkId,
      provider: d.result.provider,
      price: action.price,
      recheckAt: d.result.recheckAt,
    })),
  );
}
