import type { CheckResult } from '@linkwatch/checker';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  actions,
  backlinkCheckHistories,
  backlinks,
  links,
  reportChanges,
  reportLinks,
} from '../../../db/schema/index.ts';
import type { ActionRow, DoneOutcome } from '../catalog.ts';
import { type CheckOutcome, decideOutcome } from './outcome.ts';

/** Check history status: 1 backlinks present, 2 no backlinks, 3 page not read (error, block, non-200). */
const HISTORY_STATUS = { Found: 1, Missing: 2, Unread: 3 } as const;

type Link = typeof links.$inferSelect;
type StoredBacklink = typeof backlinks.$inferSelect;

interface Decided {
  link: Link;
  result: CheckResult;
  outcome: CheckOutcome;
  countBacklinks: number | null;
}

/**
 * Writes a batch of check results onto their links: fields, backlinks, history rows and report
 * changes, each kind in one statement, so a batch costs a handful of round trips, not dozens per link.
 */
export async function applyCheckResults(tx: Tx, action: ActionRow, done: DoneOutcome<CheckResult>[]) {
  const linkIds = done.map((d) => d.linkId).filter((id): id is number => id !== null);
  if (linkIds.length === 0) return;
  const rows = await tx.select().from(links).where(inArray(links.id, linkIds)).for('update');
  const stored = await tx.select().from(backlinks).where(inArray(backlinks.linkId, linkIds));
  const decided = decideAll(rows, stored, done);

  await replaceBacklinks(tx, decided);
  await updateLinks(tx, decided);
  await tx.insert(backlinkCheckHistories).values(
    decided.map(({ link, result, outcome, countBacklinks }) => ({
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
    })),
  );
  await recordReport(tx, action, decided);
}

function decideAll(rows: Link[], stored: StoredBacklink[], done: DoneOutcome<CheckResult>[]): Decided[] {
  const byLink = new Map<number, StoredBacklink[]>();
  for (const b of stored) byLink.set(b.linkId, [...(byLink.get(b.linkId) ?? []), b]);
  const resultOf = new Map(done.map((d) => [d.linkId, d.result]));
  return rows.map((link) => {
    const result = resultOf.get(link.id)!;
    const previous = byLink.get(link.id) ?? [];
    const outcome = decideOutcome(
      {
        checkedBefore: link.dateCheckData !== null,
        responseCode: link.responseCode,
        responseCodeGroup: link.responseCodeGroup,
        redirect: link.redirect,
        title: link.title,
        indexingCapabilityId: link.indexingCapabilityId,
        missedChecks: link.missedChecks,
        backlinks: previous,
      },
      result,
    );
    const countBacklinks =
      outcome.backlinks?.length ?? (outcome.pageRead ? previous.length : link.countBacklinks);
    return { link, result, outcome, countBacklinks };
  });
}

async function replaceBacklinks(tx: Tx, decided: Decided[]) {
  const replaced = decided.filter((d) => d.outcome.backlinks !== null);
  if (replaced.length === 0) return;
  await tx.delete(backlinks).where(
    inArray(
      backlinks.linkId,
      replaced.map((d) => d.link.id),
    ),
  );
  const rows = replaced.flatMap(({ link, outcome }) =>
    outcome.backlinks!.map((b) => ({
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
  // Parameters per statement are limited; a page can carry many backlinks.
  for (let i = 0; i < rows.length; i += 1_000) await tx.insert(backlinks).values(rows.slice(i, i + 1_000));
}

async function updateLinks(tx: Tx, decided: Decided[]) {
  const values = decided.map(({ link, result, outcome, countBacklinks }) => ({
    id: link.id,
    response_code: result.responseCode,
    response_code_group: result.responseCodeGroup,
    redirect: result.redirect,
    title: outcome.pageRead ? result.title : link.title,
    meta_robots: result.metaRobots,
    x_robots_tag: result.xRobotsTag,
    canonical: result.canonical,
    indexing_capability_id: result.indexingCapabilityId,
    count_backlinks: countBacklinks,
    missed_checks: outcome.missedChecks,
  }));
  await tx.execute(sql`
    update ${links} set
      response_code = v.response_code, response_code_group = v.response_code_group, redirect = v.redirect,
      title = v.title, meta_robots = v.meta_robots, x_robots_tag = v.x_robots_tag, canonical = v.canonical,
      indexing_capability_id = v.indexing_capability_id, count_backlinks = v.count_backlinks,
      missed_checks = v.missed_checks, date_check_data = now(), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      id int, response_code int, response_code_group smallint, redirect text, title text, meta_robots text,
      x_robots_tag text, canonical text, indexing_capability_id smallint, count_backlinks int, missed_checks smallint)
    where ${links.id} = v.id`);
}

async function recordReport(tx: Tx, action: ActionRow, decided: Decided[]) {
  const changed = decided.filter((d) => d.outcome.changes.length > 0);
  if (changed.length === 0) return;
  const inserted = await tx
    .insert(reportLinks)
    .values(
      changed.map(({ link }) => ({
        userId: link.userId,
        actionId: action.id,
        linkId: link.id,
        campaignId: link.campaignId,
        projectId: link.projectId,
        url: link.url,
      })),
    )
    .returning({ id: reportLinks.id, linkId: reportLinks.linkId });
  const reportIdOf = new Map(inserted.map((r) => [r.linkId, r.id]));
  await tx.insert(reportChanges).values(
    changed.flatMap(({ link, outcome }) =>
      outcome.changes.map((change) => ({
        reportLinkId: reportIdOf.get(link.id)!,
        changesType: change.changesType,
        old: change.old,
        new: change.new,
        ...(change.changesType === 'title' ? { oldTitle: change.old, newTitle: change.new } : {}),
        title: link.title,
      })),
    ),
  );
  await tx.update(actions).set({ hasNewReport: true }).where(eq(actions.id, action.id));
}
