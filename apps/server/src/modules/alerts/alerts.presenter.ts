import type { AlertChannel, AlertEvent, AlertMode } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { WebhookEndpoint } from '../webhooks/webhooks.queries.ts';
import type { AlertChannelRow, AlertRuleRow } from './alerts.queries.ts';
import { webhookEndpointOf } from './channels.ts';

/** A Slack webhook URL is a secret: only its host and the last characters of its path are shown. */
function slackTarget(url: string | null, kept = 4): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.host}/…${parsed.pathname.slice(-kept)}`;
  } catch {
    return null;
  }
}

/**
 * An endpoint the alerts page offers. Its URL may hold a token and members who read projects see the
 * page, so it is shortened as a Slack address is.
 */
export function presentWebhookTarget(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    target: slackTarget(endpoint.url, 8) ?? '',
    disabled: endpoint.disabledAt !== null,
  };
}

export function presentChannel(row: AlertChannelRow) {
  return resource('alertChannels', row.id, {
    kind: row.kind as 'slack' | 'telegram',
    status: row.status as 'pending' | 'active' | 'paused',
    target: row.kind === 'slack' ? slackTarget(row.slackUrl) : row.telegramChatTitle,
    lastError: row.lastError,
    createdAt: iso(row.createdAt),
  });
}

export function presentRule(params: { projectId: number; rule: AlertRuleRow | undefined }) {
  const { rule } = params;
  const names = rule?.channels ?? [];
  return resource('alertRules', rule?.id ?? 0, {
    projectId: params.projectId,
    events: (rule?.events ?? []) as AlertEvent[],
    channels: names.filter((name) => webhookEndpointOf(name) === null) as AlertChannel[],
    webhookIds: names.map(webhookEndpointOf).filter((id): id is number => id !== null),
    mode: (rule?.mode ?? 'immediate') as AlertMode,
    balanceThreshold: rule?.balanceThreshold ?? null,
  });
}
