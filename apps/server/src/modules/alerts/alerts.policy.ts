import type { AlertEvent, PermissionKey } from '@linkwatch/shared';
import type { AlertPayload, DigestPayload } from './evaluate.ts';

/**
 * Which permission lets a team member hear of an alert event by e-mail (issue 27): what a check found
 * and how a task ended are the reports' and the tasks page's (`reports.read`, which `GET actions` also
 * asks for); the balance is `balance.read`'s. The owner hears of everything.
 */
export const ALERT_EVENT_PERMISSION: Record<AlertEvent, PermissionKey> = {
  linkLost: 'reports.read',
  linkBack: 'reports.read',
  relChanged: 'reports.read',
  noindex: 'reports.read',
  pageGone: 'reports.read',
  notIndexed: 'reports.read',
  tierOneDead: 'reports.read',
  taskFinished: 'reports.read',
  taskFailed: 'reports.read',
  balanceLow: 'balance.read',
};

const mayHear = (permissions: readonly string[], event: AlertEvent) =>
  permissions.includes(ALERT_EVENT_PERMISSION[event]);

/** A task's news cut to what a member may hear of; null when nothing is left. */
function alertFor(payload: AlertPayload, permissions: readonly string[]): AlertPayload | null {
  const events = Object.fromEntries(
    Object.entries(payload.events).filter(([event]) => mayHear(permissions, event as AlertEvent)),
  ) as AlertPayload['events'];
  if (Object.keys(events).length === 0) return null;
  const { balance, ...rest } = payload;
  return {
    ...rest,
    events,
    ...(balance !== undefined && mayHear(permissions, 'balanceLow') ? { balance } : {}),
  };
}

/** A message (one task's news, or a digest of them) as a member may read it; null: none of it. */
export function payloadForMember(
  payload: AlertPayload | DigestPayload,
  permissions: readonly string[],
): AlertPayload | DigestPayload | null {
  if (!('entries' in payload)) return alertFor(payload, permissions);
  const entries = payload.entries
    .map((entry) => alertFor(entry, permissions))
    .filter((entry): entry is AlertPayload => entry !== null);
  return entries.length > 0 ? { entries } : null;
}
