import type { CheckResult, FoundBacklink } from '@linkwatch/checker';
import { LinkCheckStatus } from '@linkwatch/shared';
import { sql } from 'drizzle-orm';
import { inIds, insertRows, jsonRows } from '../../../db/bulk.ts';
import type { Tx } from '../../../db/client.ts';
import { backlinkCheckHistories, backlinks, links } from '../../../db/schema/index.ts';
import { recordReport } from '../report-changes.ts';
import type { ActionRow, DoneOutcome } from '../types.ts';
import { type CheckOutcome, decideOutcome } from './outcome.ts';

/**
 * What the check read, kept on the link and in its history. A first miss keeps the stored backlinks
 * (and so reads "found"): a link is missing only once a page that answered 200 lacked it twice in a row.
 */
function checkStatusOf({ outcome, countBacklinks }: Pick<Decided, 'outcome' | 'countBacklinks'>) {
  if (!outcome.pageRead) return LinkCheckStatus.Unread;
  return countBacklinks ? LinkCheckStatus.Found : LinkCheckStatus.Missing;
}

/** The columns of a link that a check compares with or copies into its report. */
const CHECKED_LINK = {
  id: links.id,
  userId: links.userId,
  projectId: links.projectId,
  campaignId: links.campaignId,
  url: links.url,
  title: links.title,
  dateCheckData: links.dateCheckData,
  responseCode: links.responseCode,
  responseCodeGroup: links.responseCodeGroup,
  redirect: links.redirect,
  indexingCapabilityId: links.indexingCapabilityId,
  missedChecks: links.missedChecks,
  countBacklinks: links.countBacklinks,
};
type Link = { [K in keyof typeof CHECKED_LINK]: (typeof links.$inferSelect)[K] };
type StoredBacklink = typeof backlinks.$inferSelect;

interface Decided {
  link: Link;
  result: CheckResult;
  outcome: CheckOutcome;
  /** The backlinks stored before this check. */
  previous: StoredBacklink[];
  countBacklinks: number | null;
}

/**
 * Writes a batch of check results onto their links: fields, backlinks, history rows and report
 * changes, each kind in one statement, so a batch costs a handful of round trips, not dozens per link.
 */
export async function applyCheckResults(tx: Tx, action: ActionRow, done: DoneOutcome<CheckResult>[]) {
  const linkIds = done.map((d) => d.linkId).filter((id): id is number => id !== null);
  if (linkIds.length === 0) return;
  const rows = await tx.select(CHECKED_LINK).from(links).where(inIds(links.id, linkIds)).for('update');
  const stored = await tx.select().from(backlinks).where(inIds(backlinks.linkId, linkIds));
  const decided = decideAll(rows, stored, done);

  await replaceBacklinks(tx, decided);
  await updateLinks(tx, decided);
  await insertHistories(tx, action, decided);
  await recordReport(
    tx,
    action,
    // The report names the page by the title this check read (a first check has none stored yet).
    decided.map(({ link, result, outcome }) => ({
      link: { ...link, title: (outcome.pageRead ? result.title : null) ?? link.title },
      changes: outcome.changes,
    })),
  );
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
    return { link, result, outcome, previous, countBacklinks };
  });
}

/** Most rechecks find the same backlinks: those rows are left as they are. */
async function replaceBacklinks(tx: Tx, decided: Decided[]) {
  const replaced = decided.filter(
    (d) => d.outcome.backlinks !== null && !sameBacklinks(d.previous, d.outcome.backlinks),
  );
  if (replaced.length === 0) return;
  await tx.delete(backlinks).where(
    inIds(
      backlinks.linkId,
      replaced.map((d) => d.link.id),
    ),
  );
  const rows = replaced.flatMap(({ link, outcome }) =>
    outcome.backlinks!.map((b) => ({
      user_id: link.userId,
      link_id: link.id,
      href: b.href,
      anchor: b.anchor,
      attribute: b.attribute,
      type_id: b.typeId,
      text_before: b.textBefore,
      text_after: b.textAfter,
    })),
  );
  await insertRows(tx, backlinks, BACKLINK_SHAPE, rows);
}

function sameBacklinks(stored: StoredBacklink[], found: FoundBacklink[]): boolean {
  // Stored rows come back in insertion order (ids grow), which is the page's order.
  const before = [...stored].sort((a, b) => a.id - b.id);
  return (
    before.length === found.length &&
    before.every(
      (row, at) =>
        row.href === found[at].href &&
        row.anchor === found[at].anchor &&
        row.attribute === found[at].attribute &&
        row.typeId === found[at].typeId &&
        row.textBefore === found[at].textBefore &&
        row.textAfter === found[at].textAfter,
    )
  );
}

const BACKLINK_SHAPE = {
  user_id: 'int',
  link_id: 'int',
  href: 'text',
  anchor: 'text',
  attribute: 'text',
  type_id: 'smallint',
  text_before: 'text',
  text_after: 'text',
} as const;

async function insertHistories(tx: Tx, action: ActionRow, decided: Decided[]) {
  const rows = decided.map(({ link, result, outcome, countBacklinks }) => ({
    link_id: link.id,
    action_id: action.id,
    status_id: checkStatusOf({ outcome, countBacklinks }),
    response_code: result.responseCode,
    response_code_group: result.responseCodeGroup,
    indexing_capability_id: result.indexingCapabilityId,
    count_backlinks: countBacklinks,
  }));
  await insertRows(tx, backlinkCheckHistories, HISTORY_SHAPE, rows);
}

const HISTORY_SHAPE = {
  link_id: 'int',
  action_id: 'int',
  status_id: 'smallint',
  response_code: 'int',
  response_code_group: 'smallint',
  indexing_capability_id: 'smallint',
  count_backlinks: 'int',
} as const;

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
    check_status: checkStatusOf({ outcome, countBacklinks }),
  }));
  await tx.execute(sql`
    update ${links} set
      response_code = v.response_code, response_code_group = v.response_code_group, redirect = v.redirect,
      title = v.title, meta_robots = v.meta_robots, x_robots_tag = v.x_robots_tag, canonical = v.canonical,
      indexing_capability_id = v.indexing_capability_id, count_backlinks = v.count_backlinks,
      missed_checks = v.missed_checks, check_status = v.check_status, date_check_data = now(), updated_at = now()
    from ${jsonRows(values, LINK_CHECK_SHAPE)}
    where ${links.id} = v.id`);
}

const LINK_CHECK_SHAPE = {
  id: 'int',
  response_code: 'int',
  response_code_group: 'smallint',
  redirect: 'text',
  title: 'text',
  meta_robots: 'text',
  x_robots_tag: 'text',
  canonical: 'text',
  indexing_capability_id: 'smallint',
  count_backlinks: 'int',
  missed_checks: 'smallint',
  check_status: 'smallint',
} as const;
