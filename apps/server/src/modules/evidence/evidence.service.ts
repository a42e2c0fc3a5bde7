import type { TLinkEvidence } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { EvidenceState } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { findOwnLink, findOwnReportLink, findShot, listEvidenceOfLink } from './evidence.queries.ts';

type Shot = NonNullable<TLinkEvidence['after']['shot']>;

function stateOf(state: EvidenceState, shot: Shot | null): TLinkEvidence['after'] {
  return { ...state, shot, shotMissing: shot ? null : (state.shotMissing ?? 'not_kept') };
}

/** A link's evidence, newest first; 404 when the link is not the account's. */
export async function evidenceOfLink(ctx: AppContext, params: { userId: number; linkId: number }) {
  const link = await findOwnLink(ctx.db, params);
  if (!link) throw notFound();
  return { link, evidence: presentEvidence(await listEvidenceOfLink(ctx.db, params)) };
}

/**
 * The evidence of the change a report link records: what the same check kept for the same link
 * (none when retention removed it, or the link is gone); 404 when the report link is not the account's.
 */
export async function evidenceOfReportLink(
  ctx: AppContext,
  params: { userId: number; reportLinkId: number },
) {
  const report = await findOwnReportLink(ctx.db, params);
  if (!report) throw notFound();
  const { linkId, actionId } = report;
  if (linkId === null || actionId === null) return { linkId, evidence: [] };
  const found = await listEvidenceOfLink(ctx.db, { userId: params.userId, linkId, actionId });
  return { linkId, evidence: presentEvidence(found) };
}

function presentEvidence({ rows, shots }: Awaited<ReturnType<typeof listEvidenceOfLink>>): TLinkEvidence[] {
  const byId = new Map(
    shots.map((s) => [
      s.id,
      { ...s, takenAt: s.takenAt.toISOString(), marked: s.marked as Shot['marked'] } satisfies Shot,
    ]),
  );
  const shotOf = (id: number | null) => (id === null ? null : (byId.get(id) ?? null));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    changes: row.changes,
    before: row.before ? stateOf(row.before, shotOf(row.beforeShotId)) : null,
    after: stateOf(row.after, shotOf(row.afterShotId)),
  }));
}

/** A screenshot's bytes; 404 unless it is of the account's link. */
export async function evidenceShot(
  ctx: AppContext,
  params: { userId: number; linkId: number; shotId: number },
) {
  const shot = await findShot(ctx.db, params);
  if (!shot) throw notFound();
  return shot;
}

/** The screenshots of one evidence row, bytes included, for the PDF sheet. */
export async function shotsFor(
  ctx: AppContext,
  params: { userId: number; linkId: number; evidence: TLinkEvidence },
) {
  const load = async (shot: Shot | null) =>
    shot ? ((await findShot(ctx.db, { ...params, shotId: shot.id }))?.bytes ?? null) : null;
  const [before, after] = await Promise.all([
    load(params.evidence.before?.shot ?? null),
    load(params.evidence.after.shot),
  ]);
  return { before, after };
}
