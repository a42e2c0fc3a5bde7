import {
  IndexState,
  type LinkSelection,
  type Locale,
  normalizeUrl,
  type TUpdateLinkRequest,
} from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import { FieldError, notFound } from '../../errors.ts';
import type { PageQuery } from '../../http/present.ts';
import { findCampaign } from '../projects/campaigns.queries.ts';
import { refreshDeadFeedsOf } from '../tiers/dead-feeds.ts';
import {
  addLinksToDisallow,
  addLinksToHistory,
  deleteLinks,
  moveLinks,
  recoverLinksFromDisallow,
  recoverLinksFromHistory,
} from './links.bulk.ts';
import type { ShownLink } from './links.presenter.ts';
import {
  accountPeopleNames,
  backlinksOfLink,
  checkHistoriesOfLink,
  counterScope,
  countLinks,
  countLinksPerTab,
  crawlersOfLink,
  deleteBacklinksOfLink,
  deleteUserBacklink,
  findLink,
  findOtherLinkWithUrl,
  indexHistoriesOfLink,
  type Link,
  type LinkFilters,
  type LinkSort,
  linkFiltersWhere,
  listLinks,
  listProjectsOfSelection,
  type NewLink,
  recountBacklinks,
  saveLink,
} from './links.queries.ts';
import { noSelectedLinks, resolveSelection } from './links.selection.ts';
import { indexingCapabilityCounts, linkChart, linkStatistic, responseCodeCounts } from './links.stats.ts';

/** The links page's calls: the user's links under the list filters. */
interface FilteredLinks {
  userId: number;
  filters: LinkFilters;
}

/** The WHERE, and the counters' scope when the filters are only those the counters are kept by. */
function statsScope(params: FilteredLinks) {
  const { userId, filters } = params;
  return { where: linkFiltersWhere({ userId, filters }), scope: counterScope({ userId, filters }) };
}

/** `GET links`: a page of the links table, with its total (estimated past a point, see listLinks). */
export const pageOfLinks = (db: Queryable, params: FilteredLinks & { sort: LinkSort; page: PageQuery }) =>
  listLinks(db, params);

/** `GET links/count`: always exact. */
export function countOfLinks(db: Queryable, params: FilteredLinks) {
  const { where, scope } = statsScope(params);
  return countLinks(db, where, scope);
}

/** `GET links/counts`: the tabs' badges. */
export const countsPerTab = (db: Queryable, params: FilteredLinks) => countLinksPerTab(db, params);

export const statisticOfLinks = (db: Queryable, params: FilteredLinks & { locale: Locale }) =>
  linkStatistic(db, { ...statsScope(params), locale: params.locale });

export const indexingCapabilityOfLinks = (db: Queryable, params: FilteredLinks & { locale: Locale }) =>
  indexingCapabilityCounts(db, { ...statsScope(params), locale: params.locale });

export const responseCodesOfLinks = (db: Queryable, params: FilteredLinks & { locale: Locale }) =>
  responseCodeCounts(db, { ...statsScope(params), locale: params.locale });

export function chartOfLinks(db: Queryable, params: FilteredLinks) {
  const { where, scope } = statsScope(params);
  return linkChart(db, { where, scope });
}

/** `GET links/{id}`: one of the user's links, and what `include` asks for with it. */
export async function showLink(
  db: Queryable,
  params: { userId: number; id: number; includes: ReadonlySet<string> },
): Promise<ShownLink> {
  const { includes } = params;
  const link = await findLink(db, { userId: params.userId, id: params.id });
  if (!link) throw notFound();
  const people = [link.addedBy, link.movedBy].filter((id): id is number => id !== null);
  const [names, backlinks, histories, indexHistories, crawlers] = await Promise.all([
    accountPeopleNames(db, { accountId: params.userId, ids: [...new Set(people)] }),
    includes.has('backlinks') ? backlinksOfLink(db, link.id) : undefined,
    includes.has('histories') ? checkHistoriesOfLink(db, link.id) : undefined,
    includes.has('indexHistories') ? indexHistoriesOfLink(db, link.id) : undefined,
    includes.has('crawlers') ? crawlersOfLink(db, link) : undefined,
  ]);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const actors = { addedByName: nameOf(link.addedBy), movedByName: nameOf(link.movedBy) };
  return { link, actors, backlinks, histories, indexHistories, crawlers };
}

/** A unique index refused the row; drizzle may wrap the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** What a check learnt about a page: it no longer holds once the link points to another page. */
const resetCheckResults = {
  title: null,
  indexing: IndexState.Unverified,
  indexingCapabilityId: null,
  metaRobots: null,
  xRobotsTag: null,
  canonical: null,
  responseCode: null,
  responseCodeGroup: null,
  redirect: null,
  countBacklinks: null,
  countBacklinksT2: null,
  pa: null,
  semRushULinks: null,
  missedChecks: 0,
  checkStatus: null,
  dateAddIndex: null,
  dateCheckData: null,
  dateCheckIndexing: null,
  deadFeedReason: null,
  deadFeedSince: null,
} satisfies Partial<NewLink>;

/**
 * `PUT links/{id}`: the url comes without protocol (spec point 3); the link keeps the scheme it had.
 * A changed page starts unchecked, and its backlinks go: they were found on the old page.
 */
export async function updateLink(
  db: Queryable,
  params: { userId: number; id: number; input: TUpdateLinkRequest },
): Promise<Link> {
  const current = await findLink(db, params);
  if (!current) throw notFound();
  const scheme = current.url.startsWith('https:') ? 'https' : 'http';
  const url = normalizeUrl(`${scheme}://${params.input.url}`);
  if (!url) throw new FieldError({ url: 'validation.websiteAddressWithoutDomain' });
  const comment = params.input.comment || null;
  if (url === current.url) return saveLink(db, { id: current.id, values: { comment } });

  const taken = await findOtherLinkWithUrl(db, { campaignId: current.campaignId, url, exceptId: current.id });
  if (taken) throw new FieldError({ url: 'validation.unique' });
  let saved: Link;
  try {
    saved = await db.transaction(async (tx) => {
      await deleteBacklinksOfLink(tx, current.id);
      return saveLink(tx, { id: current.id, values: { url, comment, ...resetCheckResults } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FieldError({ url: 'validation.unique' });
    throw error;
  }
  // Another page: the tier 2 links that fed the old tier 1 page (or now feed the new one, or lost the
  // backlinks of this tier 2 page) are flagged as they now stand (issue 31).
  await refreshDeadFeedsOf(db, [saved.projectId]);
  return saved;
}

/** `DELETE backlinks/{id}`: the link's backlink count follows. */
export async function deleteBacklink(db: Queryable, params: { userId: number; id: number }) {
  const { linkId } = await db.transaction(async (tx) => {
    const deleted = await deleteUserBacklink(tx, params);
    if (!deleted) throw notFound();
    await recountBacklinks(tx, deleted.linkId);
    return deleted;
  });
  // A tier 2 page's backlinks say which tier 1 pages it feeds (issue 31).
  const link = await findLink(db, { userId: params.userId, id: linkId });
  if (link) await refreshDeadFeedsOf(db, [link.projectId]);
}

/** The bulk calls of the links table (spec point 7), by the name their route gives. */
const BULK_OPERATIONS = {
  addToHistory: addLinksToHistory,
  recoverFromHistory: recoverLinksFromHistory,
  addToDisallow: addLinksToDisallow,
  recoverFromDisallow: recoverLinksFromDisallow,
  delete: deleteLinks,
};

export type BulkOperation = keyof typeof BULK_OPERATIONS;

/** A bulk call: an empty selection is refused; answers how many links changed. */
export async function changeSelectedLinks(
  db: Queryable,
  params: { userId: number; actorId: number; selection: LinkSelection; operation: BulkOperation },
): Promise<number> {
  const { userId, actorId } = params;
  const { selection, where } = await resolveSelection(db, { userId, selection: params.selection });
  // Read before: deleted links take their project with them. Only tier 1 pages are fed (issue 31).
  const projects = await listProjectsOfSelection(db, { where, tierOne: true });
  const changed = await BULK_OPERATIONS[params.operation](db, { userId, actorId, selection });
  await refreshDeadFeedsOf(db, projects);
  return changed;
}

/** The move target: one of the user's campaigns, named by the `campaign` query parameter. */
async function findTargetCampaign(db: Queryable, params: { userId: number; id: number }) {
  const found = await findCampaign(db, params);
  if (!found) throw new FieldError({ campaign: 'validation.invalid' });
  return found.campaign;
}

/** `POST links/move`: `moved` links went to the target; `skipped` were already there. */
export async function moveSelectedLinks(
  db: Queryable,
  params: { userId: number; actorId: number; targetId: number; selection?: LinkSelection },
) {
  const { userId, actorId } = params;
  const target = await findTargetCampaign(db, { userId, id: params.targetId });
  if (!params.selection) throw noSelectedLinks();
  const { selection, where, total } = await resolveSelection(db, { userId, selection: params.selection });
  // A move can take a tier 1 page away from its project or make a tier 2 page a tier 1 one (issue 31).
  const projects = await listProjectsOfSelection(db, { where });
  const { moved } = await moveLinks(db, { userId, actorId, selection, target });
  if (moved > 0) await refreshDeadFeedsOf(db, [...projects, target.projectId]);
  return { moved, skipped: total - moved };
}
