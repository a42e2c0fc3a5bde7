import { type AlertEvent, IndexState, RobotsStatus, TaskStatus } from '@linkwatch/shared';

/** A change of a task's report, as alerts read it. */
export interface ChangeLine {
  projectId: number | null;
  url: string;
  changesType: string;
  old: string | null;
  new: string | null;
}

/** Lines listed per event in a message; the rest are counted. */
export const SAMPLES_PER_EVENT = 5;

export interface EventSummary {
  count: number;
  samples: { url: string; old: string | null; new: string | null }[];
}

/** A task's grouped news for one project: what the message says, in no language yet. */
export interface AlertPayload {
  projectId: number | null;
  projectName: string | null;
  actionId: number | null;
  /** The task's kind (ActionCode), for its name. */
  actionCode: number | null;
  events: Partial<Record<AlertEvent, EventSummary>>;
  balance?: number;
  /** The rule that asked for it (told to webhook receivers); absent in messages queued before. */
  rule?: { id: number; events: string[]; mode: string };
}

/** A digest: the day's payloads, in one message. */
export interface DigestPayload {
  entries: AlertPayload[];
}

const NOT_FOLLOWED = ['nofollow', 'ugc', 'sponsored'];
const relsOf = (value: string | null) =>
  new Set(
    (value ?? '')
      .toLowerCase()
      .split(/[\s,]+/)
      .filter((part) => NOT_FOLLOWED.includes(part)),
  );

/** The alert events one report change stands for (none for a change alerts do not watch). */
export function eventsOfChange(change: ChangeLine): AlertEvent[] {
  switch (change.changesType) {
    case 'lost':
      return ['linkLost'];
    case 'found':
      // A first sighting of a link is no "link back"; one that had been missed (old '0') is.
      return change.old === null ? [] : ['linkBack'];
    case 'rel': {
      const before = relsOf(change.old);
      return [...relsOf(change.new)].some((rel) => !before.has(rel)) ? ['relChanged'] : [];
    }
    case 'indexingCapability': {
      const blocked = (v: string | null) => v !== null && v !== String(RobotsStatus.Allow);
      return blocked(change.new) && !blocked(change.old) ? ['noindex'] : [];
    }
    case 'responseCode': {
      const gone = (v: string | null) => v !== null && /^\d+$/.test(v) && Number(v) >= 400;
      return gone(change.new) && !gone(change.old) ? ['pageGone'] : [];
    }
    case 'indexing':
      return change.new === String(IndexState.NotIndexed) && change.old === String(IndexState.Indexed)
        ? ['notIndexed']
        : [];
    default:
      return [];
  }
}

/** The events of a task's changes, per project, summarised: counts and the first few links. */
export function summarise(
  changes: ChangeLine[],
): Map<number | null, Partial<Record<AlertEvent, EventSummary>>> {
  const byProject = new Map<number | null, Partial<Record<AlertEvent, EventSummary>>>();
  for (const change of changes) {
    for (const event of eventsOfChange(change)) {
      const events = byProject.get(change.projectId) ?? {};
      byProject.set(change.projectId, events);
      const summary = events[event] ?? { count: 0, samples: [] };
      events[event] = summary;
      summary.count++;
      if (summary.samples.length < SAMPLES_PER_EVENT) {
        summary.samples.push({ url: change.url, old: change.old, new: change.new });
      }
    }
  }
  return byProject;
}

/** Tier 2 links newly feeding a dead tier 1 page, as one more event of their projects' news. */
export function addDeadFeeds(
  byProject: Map<number | null, Partial<Record<AlertEvent, EventSummary>>>,
  flagged: { projectId: number; url: string; reason: string | null }[],
) {
  for (const link of flagged) {
    const events = byProject.get(link.projectId) ?? {};
    byProject.set(link.projectId, events);
    const summary = events.tierOneDead ?? { count: 0, samples: [] };
    events.tierOneDead = summary;
    summary.count++;
    if (summary.samples.length < SAMPLES_PER_EVENT)
      summary.samples.push({ url: link.url, old: null, new: link.reason });
  }
}

export interface RuleView {
  events: string[];
  balanceThreshold: number | null;
}

/**
 * What of a task's news one project's rule asks for: the change events it watches, the task's end
 * (finished or failed), and a balance left below the threshold. Null when nothing is left to say.
 */
export function applyRule(params: {
  rule: RuleView;
  events: Partial<Record<AlertEvent, EventSummary>>;
  task: { statusId: number; totalCount: number; currentCount: number };
  balance: number;
}): { events: Partial<Record<AlertEvent, EventSummary>>; balance?: number } | null {
  const wanted = new Set(params.rule.events);
  const events: Partial<Record<AlertEvent, EventSummary>> = {};
  for (const [event, summary] of Object.entries(params.events) as [AlertEvent, EventSummary][]) {
    if (wanted.has(event)) events[event] = summary;
  }
  const end: AlertEvent = params.task.statusId === TaskStatus.Fail ? 'taskFailed' : 'taskFinished';
  if (wanted.has(end)) events[end] = { count: params.task.currentCount, samples: [] };
  const threshold = params.rule.balanceThreshold;
  const low = wanted.has('balanceLow') && threshold !== null && params.balance < threshold;
  if (low) events.balanceLow = { count: params.balance, samples: [] };
  if (Object.keys(events).length === 0) return null;
  return low ? { events, balance: params.balance } : { events };
}
