import { disavowLine, type TDisavowEntry, type TDisavowVersionResource } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { DisavowEntryRow, DisavowVersion } from './disavow.queries.ts';

export function presentVersion(version: DisavowVersion): TDisavowVersionResource {
  return resource('disavow-versions', version.id, {
    number: version.number,
    reason: version.reason,
    actorId: version.actorId,
    actorName: version.actorName,
    createdAt: iso(version.createdAt),
    domains: version.domainCount,
    urls: version.urlCount,
    added: version.addedCount,
    removed: version.removedCount,
  });
}

export function presentEntry(entry: DisavowEntryRow): TDisavowEntry {
  return {
    kind: entry.kind,
    value: entry.value,
    line: disavowLine(entry),
    reason: entry.reason,
    addedAt: iso(entry.addedAt),
  };
}
