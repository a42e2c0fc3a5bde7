import {
  DISAVOW_LINES_MAX,
  type DisavowEntry,
  type DisavowMode,
  disavowFileLines,
  disavowFileName,
  disavowFileProblem,
  disavowFileText,
  hostOfUrl,
  isCoveredByDomain,
  normalizeDisavowDomain,
  normalizeDisavowUrl,
  type TDisavowChange,
} from '@linkwatch/shared';
import { getDomain } from 'tldts';
import type { AppContext } from '../../context.ts';
import { FieldError, notFound } from '../../errors.ts';
import {
  type DisavowEntryRow,
  donorsOfFilter,
  donorsOfLinks,
  entriesOf,
  findProject,
  findVersion,
  insertVersion,
  listVersions,
} from './disavow.queries.ts';

type Db = Pick<AppContext, 'db'>;
type Scope = { userId: number; projectId: number };

const keyOf = (entry: DisavowEntry) => `${entry.kind}:${entry.value}`;

async function ownProject(ctx: Db, scope: Scope) {
  const project = await findProject(ctx.db, { userId: scope.userId, id: scope.projectId });
  if (!project) throw notFound();
  return project;
}

export async function versionsOf(ctx: Db, scope: Scope) {
  await ownProject(ctx, scope);
  return listVersions(ctx.db, scope);
}

export async function versionWithEntries(ctx: Db, params: Scope & { number: number }) {
  await ownProject(ctx, params);
  const version = await findVersion(ctx.db, params);
  if (!version) throw notFound();
  return { version, entries: await entriesOf(ctx.db, version.id) };
}

/** A version's file: its name and its UTF-8 text (built by the shared rules, checked when it was saved). */
export async function versionFile(ctx: Db, params: Scope & { number: number }) {
  const project = await ownProject(ctx, params);
  const version = await findVersion(ctx.db, params);
  if (!version) throw notFound();
  const entries = await entriesOf(ctx.db, version.id);
  const lines = disavowFileLines({
    projectName: project.name,
    number: version.number,
    createdAt: version.createdAt,
    entries,
  });
  return {
    name: disavowFileName({ projectName: project.name, projectId: project.id, number: version.number }),
    text: disavowFileText(lines),
  };
}

/** What a version holds that `from` does not (added), and the other way round (removed). */
export function diffEntries<T extends DisavowEntry>(params: { from: readonly T[]; to: readonly T[] }) {
  const before = new Set(params.from.map(keyOf));
  const after = new Set(params.to.map(keyOf));
  return {
    added: params.to.filter((e) => !before.has(keyOf(e))),
    removed: params.from.filter((e) => !after.has(keyOf(e))),
  };
}

/** `…/diff?from=N`: against version N, or the one before (none before version 1: the empty list). */
export async function versionDiff(ctx: Db, params: Scope & { number: number; from?: number }) {
  await ownProject(ctx, params);
  const to = await findVersion(ctx.db, params);
  if (!to) throw notFound();
  const fromNumber = params.from ?? (to.number > 1 ? to.number - 1 : undefined);
  const from =
    fromNumber === undefined ? undefined : await findVersion(ctx.db, { ...params, number: fromNumber });
  if (fromNumber !== undefined && !from) throw new FieldError({ from: 'errors.notFound' });
  const diff = diffEntries({
    from: from ? await entriesOf(ctx.db, from.id) : [],
    to: await entriesOf(ctx.db, to.id),
  });
  return { from: from?.number ?? null, to: to.number, ...diff };
}

/**
 * A donor as an entry: in `domain` mode its registrable domain (private suffixes such as blogspot.com
 * count, so one blog is not every blog there), in `url` mode the URL. A donor on an IP address, or
 * a host with no registrable domain, can only be disavowed by URL.
 */
export function donorEntry(url: string, mode: DisavowMode): DisavowEntry | null {
  const normal = normalizeDisavowUrl(url);
  if (normal === 'badUrl') return null;
  if (mode === 'domain') {
    const host = hostOfUrl(normal === 'urlTooLong' ? url : normal);
    const registrable = getDomain(host, { allowPrivateDomains: true });
    const domain = registrable ? normalizeDisavowDomain(registrable) : null;
    if (domain) return { kind: 'domain', value: domain };
  }
  return normal === 'urlTooLong' ? null : { kind: 'url', value: normal };
}

/** The entries the chosen links and filters turn into, de-duplicated. */
async function chosenEntries(ctx: Db, params: Scope & { change: TDisavowChange }): Promise<DisavowEntry[]> {
  const { change } = params;
  const urls: string[] = [];
  if (change.links && change.links.length > 0) {
    const ids = [...new Set(change.links)];
    const found = await donorsOfLinks(ctx.db, { ...params, ids });
    // Another account's or another project's link reads as one that does not exist, like anywhere else.
    if (found.length !== ids.length) throw notFound();
    urls.push(...found.map((link) => link.url));
  }
  if (change.filter) {
    urls.push(
      ...(await donorsOfFilter(ctx.db, {
        ...params,
        filters: change.filter.filters,
        spamScoreAbove: change.filter.spamScoreAbove,
        limit: DISAVOW_LINES_MAX * 4,
      })),
    );
  }
  const entries = new Map<string, DisavowEntry>();
  for (const url of urls) {
    const entry = donorEntry(url, change.mode);
    if (entry) entries.set(keyOf(entry), entry);
  }
  return [...entries.values()];
}

/**
 * The list after a change: the current entries less the removed ones, plus the new ones (which keep
 * the date they first entered the list if they were there already); then a URL, or a subdomain,
 * that a listed `domain:` covers is left out, as Google would ignore it anyway.
 */
export function applyChange(params: {
  current: readonly DisavowEntryRow[];
  add: readonly DisavowEntry[];
  remove: readonly DisavowEntry[];
  reason: string;
  now: Date;
}): DisavowEntryRow[] {
  const removed = new Set(params.remove.map(keyOf));
  const next = new Map<string, DisavowEntryRow>();
  for (const entry of params.current) if (!removed.has(keyOf(entry))) next.set(keyOf(entry), entry);
  for (const entry of params.add)
    if (!next.has(keyOf(entry)))
      next.set(keyOf(entry), { ...entry, reason: params.reason, addedAt: params.now });
  const domains = new Set([...next.values()].filter((e) => e.kind === 'domain').map((e) => e.value));
  return [...next.values()].filter((entry) => {
    if (entry.kind === 'url') return !isCoveredByDomain(hostOfUrl(entry.value), domains);
    const parent = entry.value.split('.').slice(1).join('.');
    return !parent.includes('.') || !isCoveredByDomain(parent, domains);
  });
}

/** One change: the next version of the project's list, checked against Google's limits before it is saved. */
export async function changeDisavowList(
  ctx: Db,
  params: Scope & { actorId: number; change: TDisavowChange },
) {
  const { change } = params;
  await ownProject(ctx, params);
  const chosen = await chosenEntries(ctx, params);
  const picked = (change.links?.length ?? 0) > 0 || change.filter !== undefined;
  if (picked && chosen.length === 0 && !change.add?.length && !change.remove?.length)
    throw new FieldError({ links: 'disavow.errors.noLinks' }, 'disavow.errors.noLinks');
  const saved = await ctx.db.transaction(async (tx) => {
    const project = await findProject(tx, { userId: params.userId, id: params.projectId, lock: true });
    if (!project) throw notFound();
    const latest = await findVersion(tx, params);
    const current = latest ? await entriesOf(tx, latest.id) : [];
    const listed = new Set(current.map(keyOf));
    const missing = (change.remove ?? []).flatMap((entry, i) => (listed.has(keyOf(entry)) ? [] : [i]));
    if (missing.length > 0)
      throw new FieldError(
        Object.fromEntries(missing.map((i) => [`remove.${i}`, 'disavow.errors.notListed'])),
      );
    const now = new Date();
    const next = applyChange({
      current,
      add: [...chosen, ...(change.add ?? [])],
      remove: change.remove ?? [],
      reason: change.reason,
      now,
    });
    const { added, removed } = diffEntries({ from: current, to: next });
    if (added.length === 0 && removed.length === 0)
      throw new FieldError({ list: 'disavow.errors.noChange' }, 'disavow.errors.noChange');
    const number = (latest?.number ?? 0) + 1;
    const lines = disavowFileLines({ projectName: project.name, number, createdAt: now, entries: next });
    const problem = disavowFileProblem(lines);
    if (problem) {
      const message = `disavow.errors.${problem}`;
      throw new FieldError({ list: { key: message, params: { max: DISAVOW_LINES_MAX } } }, message, {
        max: DISAVOW_LINES_MAX,
      });
    }
    const version = await insertVersion(
      tx,
      {
        userId: params.userId,
        projectId: params.projectId,
        number,
        reason: change.reason,
        actorId: params.actorId,
        domainCount: next.filter((e) => e.kind === 'domain').length,
        urlCount: next.filter((e) => e.kind === 'url').length,
        addedCount: added.length,
        removedCount: removed.length,
      },
      next,
    );
    return version;
  });
  const version = await findVersion(ctx.db, { ...params, number: saved.number });
  return version ?? { ...saved, actorName: null };
}
