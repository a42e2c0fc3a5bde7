import { and, desc, eq, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import { inIds } from '../../db/bulk.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import {
  backlinks,
  type EvidenceChange,
  type EvidenceState,
  evidenceShots,
  linkEvidence,
  links,
  reportLinks,
} from '../../db/schema/index.ts';

/** What a link looked like before a check, read (without a lock) to tell a coming change early. */
export function listLinkStates(db: Queryable, params: { linkIds: number[] }) {
  return db
    .select({
      id: links.id,
      url: links.url,
      title: links.title,
      dateCheckData: links.dateCheckData,
      responseCode: links.responseCode,
      responseCodeGroup: links.responseCodeGroup,
      redirect: links.redirect,
      indexingCapabilityId: links.indexingCapabilityId,
      missedChecks: links.missedChecks,
    })
    .from(links)
    .where(inIds(links.id, params.linkIds));
}

/** The backlinks stored for the links (the state a check compares with). */
export function listBacklinksOf(db: Queryable, params: { linkIds: number[] }) {
  return db
    .select({
      linkId: backlinks.linkId,
      id: backlinks.id,
      href: backlinks.href,
      anchor: backlinks.anchor,
      attribute: backlinks.attribute,
      typeId: backlinks.typeId,
      textBefore: backlinks.textBefore,
      textAfter: backlinks.textAfter,
    })
    .from(backlinks)
    .where(inIds(backlinks.linkId, params.linkIds));
}

/** Each link's latest evidence: its state after is the state the next change starts from. */
export function listLatestEvidence(tx: Tx, params: { linkIds: number[] }) {
  return tx
    .selectDistinctOn([linkEvidence.linkId], {
      linkId: linkEvidence.linkId,
      after: linkEvidence.after,
      afterShotId: linkEvidence.afterShotId,
    })
    .from(linkEvidence)
    .where(inIds(linkEvidence.linkId, params.linkIds))
    .orderBy(linkEvidence.linkId, desc(linkEvidence.createdAt), desc(linkEvidence.id));
}

export async function insertShot(
  tx: Tx,
  shot: {
    userId: number;
    linkId: number;
    mime: string;
    width: number;
    height: number;
    marked: string;
    bytes: Buffer;
  },
): Promise<number> {
  const [row] = await tx.insert(evidenceShots).values(shot).returning({ id: evidenceShots.id });
  return row.id;
}

export async function insertEvidence(
  tx: Tx,
  row: {
    userId: number;
    linkId: number;
    actionId: number;
    changes: EvidenceChange[];
    before: EvidenceState | null;
    after: EvidenceState;
    beforeShotId: number | null;
    afterShotId: number | null;
  },
) {
  await tx.insert(linkEvidence).values(row);
}

/** The owner's link (null when it is another account's or gone). */
export async function findOwnLink(db: Queryable, params: { userId: number; linkId: number }) {
  const [link] = await db
    .select({ id: links.id, url: links.url, title: links.title })
    .from(links)
    .where(and(eq(links.id, params.linkId), eq(links.userId, params.userId)));
  return link ?? null;
}

/** The owner's report link: the link and the check it records (null when another account's). */
export async function findOwnReportLink(db: Queryable, params: { userId: number; reportLinkId: number }) {
  const [row] = await db
    .select({ id: reportLinks.id, linkId: reportLinks.linkId, actionId: reportLinks.actionId })
    .from(reportLinks)
    .where(and(eq(reportLinks.id, params.reportLinkId), eq(reportLinks.userId, params.userId)));
  return row ?? null;
}

/**
 * A link's evidence, newest first, with the dates of its screenshots (not their bytes); only what one
 * check (task) kept when `actionId` is given.
 */
export async function listEvidenceOfLink(
  db: Queryable,
  params: { userId: number; linkId: number; actionId?: number },
) {
  const rows = await db
    .select({
      id: linkEvidence.id,
      createdAt: linkEvidence.createdAt,
      changes: linkEvidence.changes,
      before: linkEvidence.before,
      after: linkEvidence.after,
      beforeShotId: linkEvidence.beforeShotId,
      afterShotId: linkEvidence.afterShotId,
    })
    .from(linkEvidence)
    .where(
      and(
        eq(linkEvidence.linkId, params.linkId),
        eq(linkEvidence.userId, params.userId),
        params.actionId === undefined ? undefined : eq(linkEvidence.actionId, params.actionId),
      ),
    )
    .orderBy(desc(linkEvidence.createdAt), desc(linkEvidence.id))
    .limit(100);
  const shotIds = rows
    .flatMap((r) => [r.beforeShotId, r.afterShotId])
    .filter((id): id is number => id !== null);
  const shots =
    shotIds.length === 0
      ? []
      : await db
          .select({
            id: evidenceShots.id,
            takenAt: evidenceShots.takenAt,
            marked: evidenceShots.marked,
            width: evidenceShots.width,
            height: evidenceShots.height,
          })
          .from(evidenceShots)
          .where(and(inArray(evidenceShots.id, shotIds), eq(evidenceShots.userId, params.userId)));
  return { rows, shots };
}

/** One screenshot of the owner's link, bytes included (null when not theirs or gone). */
export async function findShot(db: Queryable, params: { userId: number; linkId: number; shotId: number }) {
  const [shot] = await db
    .select()
    .from(evidenceShots)
    .where(
      and(
        eq(evidenceShots.id, params.shotId),
        eq(evidenceShots.linkId, params.linkId),
        eq(evidenceShots.userId, params.userId),
      ),
    );
  return shot ?? null;
}

/**
 * Retention: evidence older than `before` goes, then screenshots older than it that no evidence
 * left points to. Answers how many of each were deleted.
 */
export async function deleteEvidenceBefore(db: Queryable, params: { before: Date }) {
  const evidence = await db
    .delete(linkEvidence)
    .where(lt(linkEvidence.createdAt, params.before))
    .returning({ id: linkEvidence.id });
  const shots = await db
    .delete(evidenceShots)
    .where(
      and(
        lt(evidenceShots.takenAt, params.before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(linkEvidence)
            .where(
              or(
                eq(linkEvidence.beforeShotId, evidenceShots.id),
                eq(linkEvidence.afterShotId, evidenceShots.id),
              ),
            ),
        ),
      ),
    )
    .returning({ id: evidenceShots.id });
  return { evidence: evidence.length, shots: shots.length };
}
