import type { AlertChannel, AlertEvent, AlertMode } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { AlertChannelRow, AlertRuleRow } from './alerts.queries.ts';

/** A Slack webhook URL is a secret: only its host and the last characters of its path are shown. */
function slackTarget(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.host}/…${parsed.pathname.slice(-4)}`;
  } catch {
    return null;
  }
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
  return resource('alertRules', rule?.id ?? 0, {
    projectId: params.projectId,
    events: (rule?.events ?? []) as AlertEvent[],
    channels: (rule?.channels ?? []) as AlertChannel[],
    mode: (rule?.mode ?? 'immediate') as AlertMode,
    balanceThreshold: rule?.balanceThreshold ?? null,
  });
}
