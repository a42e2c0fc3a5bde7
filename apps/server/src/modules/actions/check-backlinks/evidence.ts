import { type AcceptorSet, type CheckResult, hostsOf, type PageScreenshot } from '@linkwatch/checker';
import { EVIDENCE_CHANGE_TYPES } from '@linkwatch/shared';
import type { Tx } from '../../../db/client.ts';
import type {
  EvidenceBacklink,
  EvidenceChange,
  EvidenceState,
  ShotMissing,
} from '../../../db/schema/index.ts';
import {
  insertEvidence,
  insertShot,
  listBacklinksOf,
  listLatestEvidence,
  listLinkStates,
} from '../../evidence/evidence.queries.ts';
import type { ReportChange } from '../report-changes.ts';
import type { ActionRow, WorkerContext } from '../types.ts';
import { decideOutcome, type PreviousState } from './outcome.ts';

/**
 * Evidence of a link's state changes (issue 31): the changes a seller may be asked about — the link
 * found or lost, its rel, anchor or kind changed, the page's indexability or response code changed
 * (noindex appeared, the page gone or answering an error). Each is kept with the state before and
 * after: response code, headers, backlinks with the text around them and a screenshot of each.
 */
const EVIDENCE_CHANGES: ReadonlySet<string> = new Set(EVIDENCE_CHANGE_TYPES);

/** What a check adds for evidence: the screenshot taken when it saw a change, or why there is none. */
export interface EvidenceCapture {
  shot: PageScreenshot | null;
  missing: ShotMissing | null;
}

export type CheckedWithEvidence = CheckResult & { evidence?: EvidenceCapture };

type StoredState = Awaited<ReturnType<typeof listLinkStates>>[number];
type StoredBacklinkRow = Awaited<ReturnType<typeof listBacklinksOf>>[number];

/** The links' stored states and backlinks, read once per batch to tell which checks change something. */
export async function loadPreviousStates(ctx: WorkerContext, linkIds: number[]) {
  if (linkIds.length === 0) return new Map<number, { link: StoredState; backlinks: StoredBacklinkRow[] }>();
  const [states, stored] = await Promise.all([
    listLinkStates(ctx.db, { linkIds }),
    listBacklinksOf(ctx.db, { linkIds }),
  ]);
  const byLink = new Map<number, StoredBacklinkRow[]>();
  for (const b of stored) byLink.set(b.linkId, [...(byLink.get(b.linkId) ?? []), b]);
  return new Map(states.map((link) => [link.id, { link, backlinks: byLink.get(link.id) ?? [] }]));
}

export function previousStateOf(link: StoredState, backlinks: StoredBacklinkRow[]): PreviousState {
  return {
    checkedBefore: link.dateCheckData !== null,
    responseCode: link.responseCode,
    responseCodeGroup: link.responseCodeGroup,
    redirect: link.redirect,
    title: link.title,
    indexingCapabilityId: link.indexingCapabilityId,
    missedChecks: link.missedChecks,
    backlinks,
  };
}

export function evidenceChangesOf(changes: ReportChange[]) {
  return changes.filter((change): change is EvidenceChange => EVIDENCE_CHANGES.has(change.changesType));
}

/**
 * Before the batch is written: when this check changes the link's state, the page is photographed in
 * the browser (the link outlined, or the place it stood boxed), outside any transaction. No browser
 * configured (RENDER_BROWSERS=0): the evidence keeps code, headers and text and says so.
 */
export async function captureEvidence(
  ctx: WorkerContext,
  {
    previous,
    stored,
    result,
    acceptors,
  }: { previous: PreviousState; stored: StoredBacklinkRow[]; result: CheckResult; acceptors: AcceptorSet },
): Promise<EvidenceCapture | undefined> {
  if (evidenceChangesOf(decideOutcome(previous, result).changes).length === 0) return undefined;
  if (!ctx.renderer) return { shot: null, missing: 'no_browser' };
  if (!previous.checkedBefore && !ctx.evidenceShotsAtFirstCheck)
    return { shot: null, missing: 'first_check' };
  const present = result.backlinks.length > 0 ? result.backlinks : stored;
  const gone = stored.find((b) => b.textBefore || b.textAfter);
  try {
    const page = await ctx.renderer.render(result.finalUrl || result.url, {
      lookFor: hostsOf(acceptors),
      screenshot: {
        hrefs: present.map((b) => b.href),
        hosts: hostsOf(acceptors),
        placeText: gone?.textBefore || gone?.textAfter || null,
      },
    });
    if (!page.screenshot) {
      ctx.log.warn({ url: result.url, error: page.screenshotError }, 'evidence: no screenshot');
      return { shot: null, missing: 'failed' };
    }
    return { shot: page.screenshot, missing: null };
  } catch (error) {
    // A page the browser cannot load (it is gone, the host does not answer) has no picture to keep.
    ctx.log.info({ url: result.url, err: error }, 'evidence: the page could not be rendered');
    return { shot: null, missing: 'failed' };
  }
}

/** The fields a recorded link carries into its evidence. */
export interface EvidenceInput {
  link: {
    id: number;
    userId: number;
    url: string;
    dateCheckData: Date | null;
    responseCode: number | null;
    responseCodeGroup: number | null;
    indexingCapabilityId: number | null;
  };
  result: CheckedWithEvidence;
  /** The backlinks stored before this check. */
  previous: EvidenceBacklink[];
  /** The backlinks the page showed this time (none when it could not be read). */
  backlinksAfter: EvidenceBacklink[];
  /** All the check's report changes: the evidence keeps those of EVIDENCE_CHANGE_TYPES. */
  changes: ReportChange[];
}

function backlinksOf(rows: EvidenceInput['previous']): EvidenceBacklink[] {
  return rows.map((b) => ({
    href: b.href,
    anchor: b.anchor,
    attribute: b.attribute,
    typeId: b.typeId,
    textBefore: b.textBefore ?? null,
    textAfter: b.textAfter ?? null,
  }));
}

/**
 * In the batch's transaction, after the links were written: one evidence row per link whose state
 * changed. The state before is the latest evidence's state after (with its headers and screenshot)
 * when there is one, else what was stored on the link (no headers, no screenshot kept then).
 */
export async function recordEvidence(tx: Tx, action: ActionRow, inputs: EvidenceInput[]) {
  const changed = inputs
    .map((input) => ({ ...input, changes: evidenceChangesOf(input.changes) }))
    .filter((input) => input.changes.length > 0);
  if (changed.length === 0) return;
  const latest = new Map(
    (await listLatestEvidence(tx, { linkIds: changed.map((c) => c.link.id) })).map((row) => [
      row.linkId,
      row,
    ]),
  );
  const now = new Date().toISOString();
  for (const { link, result, previous, backlinksAfter, changes } of changed) {
    const capture = result.evidence ?? { shot: null, missing: 'not_kept' as const };
    const afterShotId = capture.shot
      ? await insertShot(tx, {
          userId: link.userId,
          linkId: link.id,
          mime: capture.shot.mime,
          width: capture.shot.width,
          height: capture.shot.height,
          marked: capture.shot.marked,
          bytes: capture.shot.image,
        })
      : null;
    const last = latest.get(link.id);
    const before: EvidenceState | null =
      link.dateCheckData === null
        ? null
        : {
            at: last?.after.at ?? link.dateCheckData.toISOString(),
            url: link.url,
            finalUrl: last?.after.finalUrl ?? null,
            responseCode: link.responseCode,
            responseCodeGroup: link.responseCodeGroup,
            indexingCapabilityId: link.indexingCapabilityId,
            headers: last?.after.headers ?? null,
            backlinks: backlinksOf(previous),
            shotMissing: last?.afterShotId ? null : (last?.after.shotMissing ?? 'not_kept'),
          };
    const after: EvidenceState = {
      at: now,
      url: link.url,
      finalUrl: result.finalUrl || null,
      responseCode: result.responseCode,
      responseCodeGroup: result.responseCodeGroup,
      indexingCapabilityId: result.indexingCapabilityId,
      headers: result.responseHeaders ?? null,
      backlinks: backlinksOf(backlinksAfter),
      shotMissing: afterShotId ? null : (capture.missing ?? 'failed'),
    };
    await insertEvidence(tx, {
      userId: link.userId,
      linkId: link.id,
      actionId: action.id,
      changes,
      before,
      after,
      beforeShotId: before ? (last?.afterShotId ?? null) : null,
      afterShotId,
    });
  }
}
