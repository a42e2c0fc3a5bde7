import type { CheckResult } from '@linkwatch/checker';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  actions,
  backlinkCheckHistories,
  backlinks,
  links,
  reportChanges,
  reportLinks,
} from '../../../db/schema/index.ts';
import type { ActionRow } from '../catalog.ts';
import { decideOutcome } from './outcome.ts';

/** Check history status: 1 backlinks present, 2 no backlinks, 3 page not read (error, block, non-200). */
const HISTORY_STATUS = { Found: 1, Missing: 2, Unread: 3 } as const;

/** Writes one check's result onto its link: fields, backlinks, a history row, and report changes. */
export async function applyCheckResult(
  tx: Tx,
  params: { action: ActionRow; linkId: number; result: CheckResult },
) {
  const { action, result } = params;
  const [link] = await tx.select().from(links).where(eq(links.id, params.linkId)).for('update');
  if (!link) return;
  const stored = await tx.select().from(backlinks).where(eq(backlinks.linkId, link.id));
  const outcome = decideOutcome(
    {
      checkedBefore: link.dateCheckData !== null,
      responseCode: link.responseCode,
      responseCodeGroup: link.responseCodeGroup,
      redirect: link.redirect,
      title: link.title,
      indexingCapabilityId: link.indexingCapabilityId,
      missedChecks: link.missedChecks,
      backlinks: stored,
    },
    result,
  );

  if (outcome.backlinks !== null) {
    await tx.delete(backlinks).where(eq(backlinks.linkId, link.id));
    if (outcome.backlinks.length > 0) {
      await tx.insert(backlinks).values(
        outcome.backlinks.map((b) => ({
          userId: link.userId,
          linkId: link.id,
          href: b.href,
          anchor: b.anchor,
          attribute: b.attribute,
          typeId: b.typeId,
          textBefore: b.textBefore,
          textAfter: b.textAfter,
        })),
      );
    }
  }
  const countBacklinks =
    outcome.backlinks?.length ?? (outcome.pageRead ? stored.length : (link.countBacklinks ?? null));

  await tx
    .update(links)
    .set({
      responseCode: result.responseCode,
      responseCodeGroup: result.responseCodeGroup,
      redirect: result.redirect,
      title: outcome.pageRead ? result.title : link.title,
      metaRobots: result.metaRobots,
      xRobotsTag: result.xRobotsTag,
      canonical: result.canonical,
      indexingCapabilityId: result.indexingCapabilityId,
      countBacklinks,
      missedChecks: outcome.missedChecks,
      dateCheckData: new Date(),
    })
    .where(eq(links.id, link.id));

  await tx.insert(backlinkCheckHistories).values({
    linkId: link.id,
    actionId: action.id,
    statusId: !outcome.pageRead
      ? HISTORY_STATUS.Unread
      : countBacklinks
        ? HISTORY_STATUS.Found
        : HISTORY_STATUS.Missing,
    responseCode: result.responseCode,
    responseCodeGroup: result.responseCodeGroup,
    indexingCapabilityId: result.indexingCapabilityId,
    countBacklinks,
  });

  if (outcome.changes.length === 0) return;
  const [reportLink] = await tx
    .insert(reportLinks)
    .values({
      userId: link.userId,
      actionId: action.id,
      linkId: link.id,
      campaignId: link.campaignId,
      projectId: link.projectId,
      url: link.url,
    })
    .returning({ id: reportLinks.id });
  await tx.insert(reportChanges).values(
    outcome.changes.map((change) => ({
      reportLinkId: reportLink.id,
      changesType: change.changesType,
      old: change.old,
      new: change.new,
      ...(change.changesType === 'title' ? { oldTitle: change.old, newTitle: change.new } : {}),
      title: link.title,
    })),
  );
  await tx.update(actions).set({ hasNewReport: true }).where(eq(actions.id, action.id));
}
