import { BalanceTransactionType, IndexState, type Locale } from '@linkwatch/shared';
import { formatNumber, translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { applyLedgerEntry } from '../../balance/ledger.ts';
import { notify } from '../../notifications/notifications.service.ts';
import { addRefunded, findActionById, findUserLocale, listReportedLinks } from '../actions.queries.ts';
import { applyIndexStates, type IndexResult } from '../check-indexing/apply.ts';
import { decideIndexState } from '../check-indexing/verdict.ts';
import { refreshDeadFeedsOfTask } from '../dead-feeds.ts';
import { recordReport } from '../report-changes.ts';
import type { ActionRow, DoneOutcome } from '../types.ts';
import {
  claimDueRequests,
  type DueRequest,
  markRequestsIndexed,
  markRequestsRefunded,
  REQUEST_STATE,
  scheduleRechecks,
} from './add-to-index.queries.ts';

/** A page nobody answered for is asked again an hour later. */
const NO_ANSWER_RETRY_MS = 3_600_000;

type Ctx = Pick<AppContext, 'db' | 'providers' | 'events' | 'log'>;

/**
 * Re-checks the pages an indexing request sent once their day has come (INDEXING_REFUND_AFTER_DAYS
 * after): indexed ones are done; a page still not indexed, confirmed by a second query as an index
 * check does, is refunded with a ledger row, a line in its task's report and a notification. With no
 * index check service configured the requests wait: nobody can tell, so nothing is refunded or kept.
 */
export async function recheckIndexRequests(ctx: Ctx, options: { limit?: number } = {}) {
  const { adapters, confirmAfterMs } = ctx.providers.indexCheck;
  if (adapters.length === 0) return { checked: 0, refunded: 0 };
  const due = await claimDueRequests(ctx.db, { limit: options.limit ?? 100 });
  const verdicts = await Promise.all(
    due.map(async (request) => ({
      request,
      verdict: await decideIndexState(adapters, request.url, {
        notIndexedBefore: request.state === REQUEST_STATE.Confirming,
      }),
    })),
  );
  let refunded = 0;
  for (const [actionId, group] of groupBy(verdicts, (v) => v.request.action_id)) {
    const settled = group.flatMap(({ request, verdict }) =>
      verdict.kind === 'state' ? [{ request, result: verdict as IndexResult }] : [],
    );
    refunded += await settle(ctx, actionId, settled);
    await later(
      ctx,
      group.flatMap(({ request, verdict }) =>
        verdict.kind === 'confirm-later'
          ? [{ id: request.id, state: REQUEST_STATE.Confirming, afterMs: confirmAfterMs }]
          : verdict.kind === 'no-answer'
            ? [{ id: request.id, state: request.state, afterMs: NO_ANSWER_RETRY_MS }]
            : [],
      ),
    );
  }
  return { checked: due.length, refunded };
}

/**
 * Writes one task's answers in one transaction: the links' index states (history, report flips),
 * then the refunds of the pages still not indexed: once each, even if two processes got here.
 */
async function settle(ctx: Ctx, actionId: number, settled: { request: DueRequest; result: IndexResult }[]) {
  if (settled.length === 0) return 0;
  let settledAction: ActionRow | undefined;
  const refund = await ctx.db.transaction(async (tx) => {
    const action = await findActionById(tx, { id: actionId });
    if (!action) return null;
    settledAction = action;
    const done: DoneOutcome<IndexResult>[] = settled.map(({ request, result }) => ({
      itemId: request.id,
      kind: 'done',
      linkId: request.link_id,
      error: null,
      result,
    }));
    await applyIndexStates(tx, action, done);
    const indexed = settled.filter((s) => s.result.state === IndexState.Indexed).map((s) => s.request.id);
    if (indexed.length > 0) await markRequestsIndexed(tx, { ids: indexed });
    const notIndexed = settled
      .filter((s) => s.result.state === IndexState.NotIndexed)
      .map((s) => s.request.id);
    return notIndexed.length > 0 ? refundNotIndexed(tx, action, notIndexed) : null;
  });
  if (refund) await tellRefund(ctx, refund);
  // A page found not indexed (or indexed at last) may be a tier 1 page its tier 2 links feed.
  if (settledAction) await refreshDeadFeedsOfTask(ctx.db, settledAction);
  return refund?.pages ?? 0;
}

async function refundNotIndexed(tx: Tx, action: ActionRow, requestIds: number[]) {
  const rows = await markRequestsRefunded(tx, { ids: requestIds });
  const credits = rows.reduce((sum, row) => sum + row.price, 0);
  if (credits > 0) {
    await applyLedgerEntry(tx, {
      userId: action.userId,
      value: credits,
      typeId: BalanceTransactionType.Refund,
      description: `task:${action.actionId}:not-indexed`,
      actionId: action.id,
    });
    await addRefunded(tx, { id: action.id, credits });
  }
  const refundedLinks = await listReportedLinks(tx, { linkIds: rows.map((r) => r.linkId) });
  const priceOf = new Map(rows.map((r) => [r.linkId, r.price]));
  await recordReport(
    tx,
    action,
    refundedLinks.map((link) => ({
      link,
      changes: [{ changesType: 'refund', old: null, new: String(priceOf.get(link.id) ?? 0) }],
    })),
  );
  return { action, pages: rows.length, credits };
}

/** The notification of a refund, in the user's language. */
async function tellRefund(ctx: Ctx, refund: { action: ActionRow; pages: number; credits: number }) {
  const { action, pages, credits } = refund;
  const locale = ((await findUserLocale(ctx.db, { userId: action.userId })) ?? 'en') as Locale;
  const days = Math.round(ctx.providers.indexing.refundAfterMs / 86_400_000);
  await notify(ctx, {
    userId: action.userId,
    type: 'info',
    message: translate(locale, 'tasks.notifications.notIndexedRefund', {
      count: pages,
      days,
      credits: translate(locale, 'common.credits', { count: credits, value: formatNumber(locale, credits) }),
    }),
    props: [{ actionName: translate(locale, `tasks.actions.${action.actionId}`), actionId: action.id }],
  });
}

/** Requests asked again later: a first "not indexed" to confirm, or a page nobody answered for. */
async function later(ctx: Ctx, rows: { id: number; state: number; afterMs: number }[]) {
  if (rows.length === 0) return;
  await scheduleRechecks(ctx.db, rows);
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
