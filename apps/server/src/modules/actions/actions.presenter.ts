import { ActionCode, type Locale, type SkipReason } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { iso, resource } from '../../http/present.ts';
import type { RenderPreview } from './render-preview.ts';
import type { ActionRow, ProviderUnits } from './types.ts';

export function presentAction(
  action: ActionRow,
  locale: Locale,
  names: { project?: string | null; campaign?: string | null; actor?: string | null } = {},
) {
  return resource(
    'actions',
    action.id,
    {
      actionId: action.actionId,
      actionText: translate(locale, `tasks.actions.${action.actionId}`),
      statusId: action.statusId,
      statusText: translate(locale, `tasks.statuses.${action.statusId}`),
      totalCount: action.totalCount,
      currentCount: action.currentCount,
      successCount: action.successCount,
      errorCount: action.errorCount,
      totalErrorCount: action.totalErrorCount,
      price: action.price,
      cost: action.cost,
      refunded: action.refunded,
      message: action.message,
      filters: action.filters as Record<string, unknown>, // jsonb: always the object the task was started with
      skipped: action.skipped ?? null,
      days: dripDays(action),
      isAutostart: action.isAutostart,
      hasNewPeport: action.hasNewReport, // spec: spelt 'Peport'
      tier: action.tier,
      type: action.actionId,
      projectName: names.project ?? null,
      campaignName: names.campaign ?? null,
      startedAt: iso(action.startedAt),
      finishedAt: iso(action.finishedAt),
      createdAt: iso(action.createdAt),
      updatedAt: iso(action.updatedAt),
      // Issue 27: the person who started it (the owner or a member); left out for schedules.
      ...(names.actor ? { actorName: names.actor } : {}),
    },
    {
      project: { data: action.projectId ? { id: action.projectId, type: 'projects' as const } : null },
      campaign: { data: action.campaignId ? { id: action.campaignId, type: 'campaigns' as const } : null },
    },
  );
}

/** What a price preview computes (a link task's or a project task's), before its reasons are named. */
interface CostAttributes {
  cost: number;
  price: number;
  count: number;
  balance: number;
  selected: number;
  skipped: { reason: SkipReason; count: number }[];
  deadFeeds?: number;
  providerUnits?: ProviderUnits | null;
  render?: RenderPreview | null;
}

/** A price preview, each reason a link is left out for named in the user's language. */
export function presentActionCost(cost: { type: 'actionCosts'; attributes: CostAttributes }, locale: Locale) {
  const skipped = cost.attributes.skipped.map((s) => ({
    ...s,
    title: translate(locale, `tasks.skipReasons.${s.reason}`),
  }));
  return { type: cost.type, attributes: { ...cost.attributes, skipped } };
}

/** An indexing request's drip feed, as its filters hold it; null for other tasks. */
function dripDays(action: ActionRow): number | null {
  if (action.actionId !== ActionCode.AddToIndex) return null;
  const days = Number((action.filters as { days?: unknown }).days ?? 1);
  return Number.isInteger(days) ? days : 1;
}
