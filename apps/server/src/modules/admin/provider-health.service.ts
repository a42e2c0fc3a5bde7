import type { AppContext } from '../../context.ts';
import { PROCESS_ID, type ProviderKind, providerHealth, rateLimitedInHour } from '../../providers/health.ts';
import { allObservations, forgetStaleObservations, saveObservations } from './provider-health.queries.ts';

/** How often a process copies what it saw of the providers into the table. */
export const PROVIDER_HEALTH_FLUSH_MS = 15_000;
const KEEP_MS = 24 * 60 * 60_000;

/** Copies what changed in this process's figures to `provider_health`; given back on a failure. */
export async function flushProviderHealth(ctx: AppContext) {
  const changed = providerHealth.takeChanged();
  try {
    await saveObservations(ctx.db, PROCESS_ID, changed);
    await forgetStaleObservations(ctx.db, new Date(Date.now() - KEEP_MS));
  } catch (error) {
    providerHealth.putBack(changed.map((row) => row.provider));
    throw error;
  }
}

export interface ProviderHealth {
  provider: string;
  kind: ProviderKind;
  requests: number;
  lastSeenAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  lastStatus: number | null;
  rateLimitedLastHour: number;
  remaining: number | null;
  remainingAt: Date | null;
}

const later = (a: Date | null, b: Date | null) => (a && (!b || a > b) ? a : b);

/**
 * Each provider over every process (this one's figures copied first): the latest error, the 429s of
 * the last hour summed, the latest quota reported. Sorted by group, then name.
 */
export async function providersHealth(ctx: AppContext): Promise<ProviderHealth[]> {
  await flushProviderHealth(ctx);
  const now = new Date();
  const byProvider = new Map<string, ProviderHealth>();
  for (const row of await allObservations(ctx.db)) {
    const seen = byProvider.get(row.provider) ?? {
      provider: row.provider,
      kind: row.kind as ProviderKind,
      requests: 0,
      lastSeenAt: null,
      lastErrorAt: null,
      lastError: null,
      lastStatus: null,
      rateLimitedLastHour: 0,
      remaining: null,
      remainingAt: null,
    };
    seen.requests += row.requests;
    seen.lastSeenAt = later(row.lastSeenAt, seen.lastSeenAt);
    if (row.lastErrorAt && later(row.lastErrorAt, seen.lastErrorAt) === row.lastErrorAt) {
      seen.lastErrorAt = row.lastErrorAt;
      seen.lastError = row.lastError;
      seen.lastStatus = row.lastStatus;
    }
    seen.rateLimitedLastHour += rateLimitedInHour(row.rateLimited, now);
    if (row.remainingAt && later(row.remainingAt, seen.remainingAt) === row.remainingAt) {
      seen.remaining = row.remaining;
      seen.remainingAt = row.remainingAt;
    }
    byProvider.set(row.provider, seen);
  }
  return [...byProvider.values()].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.provider.localeCompare(b.provider),
  );
}
