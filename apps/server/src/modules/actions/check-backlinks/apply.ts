import type { CheckResult, FoundBacklink } from '@linkwatch/checker';
import { LinkCheckStatus } from '@linkwatch/shared';
import type { Tx } from '../../../db/client.ts';
import { recordReport } from '../report-changes.ts';
import type { ActionRow, DoneOutcome } from '../types.ts';
import {
  type CheckedLink,
  insertCheckHistories,
  listStoredBacklinks,
  lockCheckedLinks,
  replaceBacklinks,
  type StoredBacklink,
  updateCheckedLinks,
} from './check-backlinks.queries.ts';
import { type CheckedWithEvidence, recordEvidence } from './evidence.ts';
import { type CheckOutcome, decideOutcome } from './outcome.ts';

/**
 * What the check read, kept on the link and in its history. A first miss keeps the stored backlinks
 * (and so reads "found"): a link is missing only once a page that answered 200 lacked it twice in a row.
 */
function checkStatusOf({ outcome, countBacklinks }: Pick<Decided, 'outcome' | 'countBacklinks'>) {
  if (!outcome.pageRead) return LinkCheckStatus.Unread;
  return countBacklinks ? LinkCheckStatus.Found : LinkCheckStatus.Missing;
}

interface Decided {
  link: CheckedLink;
  result: CheckedWithEvidence;
  outcome: CheckOutcome;
  /** The backlinks stored before this check. */
  previous: StoredBacklink[];
  countBacklinks: number | null;
}

/**
 * Writes a batch of check results onto their links: fields, backlinks, history rows and report
 * changes, each kind in one statement, so a batch costs a handful of round trips, not dozens per link.
 */
export async function applyCheckResults(tx: Tx, action: ActionRow, done: DoneOutcome<CheckedWithEvidence>[]) {
  const linkIds = done.map((d) => d.linkId).filter((id): id is number => id !== null);
  if (linkIds.length === 0) return;
  const rows = await lockCheckedLinks(tx, { linkIds });
  const stored = await listStoredBacklinks(tx, { linkIds });
  const decided = decideAll(rows, stored, done);

  await replaceChangedBacklinks(tx, decided);
  await updateLinks(tx, decided);
  await insertHistories(tx, action, decided);
  await recordEvidence(
    tx,
    action,
    decided.map(({ link, result, outcome, previous }) => ({
      link,
      result,
      previous,
      // An unread page shows no backlinks: the stored ones stay on the link, not in its evidence.
      backlinksAfter: outcome.pageRead ? (outcome.backlinks ?? previous) : [],
      changes: outcome.changes,
    })),
  );
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

function decideAll(
  rows: CheckedLink[],
  stored: StoredBacklink[],
  done: DoneOutcome<CheckResult>[],
): Decided[] {
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
async function replaceChangedBacklinks(tx: Tx, decided: Decided[]) {
  const replaced = decided.filter(
    (d) => d.outcome.backlinks !== null && !sameBacklinks(d.previous, d.outcome.backlinks),
  );
  if (replaced.length === 0) return;
  await replaceBacklinks(
    tx,
    replaced.map(({ link, outcome }) => ({ link, backlinks: outcome.backlinks! })),
  );
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
        row.textAfter === found[at].textAfter &&
        row.rendered === (found[at].rendered === true),
    )
  );
}

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
  await insertCheckHistories(tx, rows);
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
    check_status: checkStatusOf({ outcome, countBacklinks }),
  }));
  await updateCheckedLinks(tx, values);
}
