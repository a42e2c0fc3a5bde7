import type { Locale } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { iso, resource } from '../../http/present.ts';
import type { ActionRow } from './types.ts';

export function presentAction(
  action: ActionRow,
  locale: Locale,
  names: { project?: string | null; campaign?: string | null } = {},
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
    },
    {
      project: { data: action.projectId ? { id: action.projectId, type: 'projects' as const } : null },
      campaign: { data: action.campaignId ? { id: action.campaignId, type: 'campaigns' as const } : null },
    },
  );
}
