import type { AppContext } from '../../context.ts';
import { deleteEvidenceBefore } from './evidence.queries.ts';

const DAY_MS = 86_400_000;
/** Old evidence goes at most this often: the scheduler ticks every few seconds, the cut moves by days. */
const PRUNE_EVERY_MS = 3_600_000;
let lastPruned = 0;

/** Deletes evidence (and screenshots) older than EVIDENCE_RETENTION_DAYS; answers what went. */
export async function pruneEvidence(ctx: AppContext, now = new Date()) {
  const before = new Date(now.getTime() - ctx.config.evidence.retentionDays * DAY_MS);
  const deleted = await deleteEvidenceBefore(ctx.db, { before });
  if (deleted.evidence + deleted.shots > 0) ctx.log.info(deleted, 'evidence: old evidence deleted');
  return deleted;
}

/** The scheduler's hook: prunes once an hour per process (several processes pruning is harmless). */
export async function pruneEvidenceWhenDue(ctx: AppContext) {
  if (Date.now() - lastPruned < PRUNE_EVERY_MS) return;
  lastPruned = Date.now();
  await pruneEvidence(ctx);
}
