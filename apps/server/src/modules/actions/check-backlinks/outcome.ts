import type { CheckResult, FoundBacklink } from '@linkwatch/checker';
import { type ReportChangeType, RobotsStatus } from '@linkwatch/shared';
import type { ReportChange } from '../report-changes.ts';

/** What a link looked like before this check. */
export interface PreviousState {
  checkedBefore: boolean;
  responseCode: number | null;
  responseCodeGroup: number | null;
  redirect: string | null;
  title: string | null;
  indexingCapabilityId: number | null;
  missedChecks: number;
  backlinks: { href: string; anchor: string; attribute: string; typeId: number }[];
}

/** What a backlink check can report (indexing changes come from the index check). */
type ChangeType = Exclude<ReportChangeType, 'indexing'>;

export interface CheckOutcome {
  /** The page answered 200 and was read: a fetch of its own kind, never a lost link, otherwise. */
  pageRead: boolean;
  /** New backlinks to store, or null to keep the stored ones (the page was not read, or a first miss). */
  backlinks: FoundBacklink[] | null;
  missedChecks: number;
  changes: ReportChange[];
}

/** A lost link is reported only when a page that answered 200 missed it on this many checks in a row. */
export const MISSES_BEFORE_LOST = 2;

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? null : String(v));
const joined = (values: string[]) => [...new Set(values)].sort().join(', ');

/**
 * Compares a check with the link's previous state. Timeouts, 429, 5xx and robots-blocked fetches are
 * outcomes of their own: they never count as a miss, so they never raise a false "lost".
 */
export function decideOutcome(previous: PreviousState, result: CheckResult): CheckOutcome {
  const pageRead =
    result.responseCode !== null && result.finalUrl !== '' && isOk(result) && result.robotsAllowed;
  const changes: ReportChange[] = [];
  const compare = (type: ChangeType, before: string | null, after: string | null) => {
    if (before !== after && (previous.checkedBefore || isWorthReportingFirst(type, after))) {
      changes.push({ changesType: type, old: before, new: after });
    }
  };

  compare(
    'responseCode',
    str(previous.responseCode ?? previous.responseCodeGroup),
    str(result.responseCode ?? result.responseCodeGroup),
  );
  compare('redirect', previous.redirect, result.redirect);
  compare('indexingCapability', str(previous.indexingCapabilityId), str(result.indexingCapabilityId));
  if (pageRead) compare('title', previous.title, result.title);

  if (!pageRead) return { pageRead, backlinks: null, missedChecks: previous.missedChecks, changes };

  const hadBacklinks = previous.backlinks.length > 0;
  if (result.backlinks.length === 0) {
    const missedChecks = previous.missedChecks + 1;
    const lostNow = hadBacklinks && missedChecks >= MISSES_BEFORE_LOST;
    if (lostNow) changes.push({ changesType: 'lost', old: String(previous.backlinks.length), new: '0' });
    // A first miss keeps the stored backlinks: one bad fetch is not yet a lost link.
    const keep = hadBacklinks && !lostNow;
    return { pageRead, backlinks: keep ? null : [], missedChecks, changes };
  }

  if (!hadBacklinks) {
    changes.push({
      changesType: 'found',
      old: previous.checkedBefore ? '0' : null,
      new: String(result.backlinks.length),
    });
  } else {
    compare(
      'anchor',
      joined(previous.backlinks.map((b) => b.anchor)),
      joined(result.backlinks.map((b) => b.anchor)),
    );
    compare(
      'rel',
      joined(previous.backlinks.map((b) => b.attribute)),
      joined(result.backlinks.map((b) => b.attribute)),
    );
    compare(
      'kind',
      joined(previous.backlinks.map((b) => String(b.typeId))),
      joined(result.backlinks.map((b) => String(b.typeId))),
    );
  }
  return { pageRead, backlinks: result.backlinks, missedChecks: 0, changes };
}

function isOk(result: CheckResult): boolean {
  const finalStatus = result.redirectChain.at(-1)?.status ?? result.responseCode;
  return finalStatus === 200;
}

/** On a link's first check only problems are news: an error code, a blocked page, a redirect. */
function isWorthReportingFirst(type: ChangeType, after: string | null): boolean {
  if (after === null) return false;
  if (type === 'responseCode') return after !== '200';
  if (type === 'indexingCapability') return after !== String(RobotsStatus.Allow);
  return type === 'redirect';
}
