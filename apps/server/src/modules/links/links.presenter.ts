import {
  DEAD_FEED_REASONS,
  type DeadFeedReason,
  type Locale,
  linkStatusOf,
  NOT_AVAILABLE,
  type NotReadReason,
  notReadReason,
  pageVerdict,
  urlWithoutProtocol,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { iso } from '../../http/present.ts';
import type { Backlink, CheckHistory, IndexHistory, Link, LinkCrawler } from './links.queries.ts';

/** The texts of the spec's codes, in the caller's language. */
export const linkTexts = (locale: Locale) => ({
  indexing: (value: number) => translate(locale, `links.indexing.${value}`),
  robotsStatus: (id: number | null) => (id === null ? null : translate(locale, `links.robotsStatus.${id}`)),
  responseCodeGroup: (id: number | null) =>
    id === null ? null : translate(locale, `links.responseCodeGroup.${id}`),
  backlinkType: (id: number) => translate(locale, `links.backlinkType.${id}`),
  notRead: (reason: NotReadReason | null) =>
    reason === null ? null : translate(locale, `links.notRead.${reason}`),
  crawler: (id: number | null) => (id === null ? null : translate(locale, `links.crawler.${id}`)),
  linkStatus: (status: string) => translate(locale, `links.linkStatus.${status}`),
  pageVerdict: (link: Parameters<typeof pageVerdict>[0]) => {
    const verdict = pageVerdict(link);
    return verdict && translate(locale, `links.${verdict.key}`, verdict.params);
  },
});

const metric = (value: number | null): number | typeof NOT_AVAILABLE => value ?? NOT_AVAILABLE;

/** `https://a.com/x?y` → `/x?y`. */
function withoutDomain(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** Issue 31: the reason its tier 1 page is dead and since when, read as the shared list spells them. */
function feedsDeadTierOne(link: Link): { reason: DeadFeedReason; since: string } | null {
  const reason = DEAD_FEED_REASONS.find((r) => r === link.deadFeedReason);
  if (!reason || !link.deadFeedSince) return null;
  return { reason, since: iso(link.deadFeedSince)! };
}

const toMany = <T extends string>(type: T, ids: number[]) => ({ data: ids.map((id) => ({ id, type })) });

export interface LinkRelations {
  backlinks?: number[];
  histories?: number[];
  indexHistories?: number[];
  crawlers?: number[];
}

/** Who added the link and who last moved it, named within the account (`GET links/{id}`). */
export interface LinkActors {
  addedByName: string | null;
  movedByName: string | null;
}

export function presentLink(
  link: Link,
  options: {
    locale: Locale;
    num?: number;
    relations?: LinkRelations;
    actors?: LinkActors;
    /** The list's "Added by" column (`GET links`): the person while of the account, else null. */
    addedBy?: { id: number | null; name: string | null };
    /** The list's "found after JavaScript" (`GET links`): every backlink of the last check was rendered-only. */
    rendered?: boolean;
  },
) {
  const t = linkTexts(options.locale);
  const rel = options.relations ?? {};
  const linkStatus = linkStatusOf(link.checkStatus);
  const notRead = notReadReason(link);
  return {
    id: link.id,
    type: 'links' as const,
    attributes: {
      num: options.num ?? null,
      url: link.url,
      urlWithoutDomain: withoutDomain(link.url),
      urlWithoutProtocol: urlWithoutProtocol(link.url),
      title: link.title,
      comment: link.comment,
      countBacklinks: metric(link.countBacklinks),
      countBacklinksT2: metric(link.countBacklinksT2),
      dateAddIndex: iso(link.dateAddIndex),
      dateCheckData: iso(link.dateCheckData),
      dateCheckIndexing: iso(link.dateCheckIndexing),
      disallow: link.listType === 3,
      history: link.listType === 1,
      listType: link.listType,
      indexing: link.indexing,
      indexingText: t.indexing(link.indexing),
      indexingCapabilityId: link.indexingCapabilityId,
      indexingCapabilityText: t.robotsStatus(link.indexingCapabilityId),
      metaRobots: link.metaRobots,
      responseCode: link.responseCode,
      responseCodeGroup: link.responseCodeGroup,
      responseCodeGroupText: t.responseCodeGroup(link.responseCodeGroup),
      notReadReason: notRead,
      notReadReasonText: t.notRead(notRead),
      linkStatus,
      linkStatusText: t.linkStatus(linkStatus),
      pageVerdictText: t.pageVerdict(link),
      semRushULinks: metric(link.semRushULinks),
      pa: metric(link.pa),
      redirect: link.redirect,
      campaignId: link.campaignId,
      projectId: link.projectId,
      tier: link.tier,
      feedsDeadTierOne: feedsDeadTierOne(link),
      createdAt: iso(link.createdAt)!,
      updatedAt: iso(link.updatedAt)!,
      ...(options.addedBy ? { addedById: options.addedBy.id, addedByName: options.addedBy.name } : {}),
      ...(options.actors ? { ...options.actors, movedAt: iso(link.movedAt) } : {}),
      ...(options.rendered !== undefined ? { rendered: options.rendered } : {}),
    },
    relationships: {
      campaign: { data: { id: link.campaignId, type: 'campaigns' as const } },
      ...(rel.backlinks ? { backlinks: toMany('backlinks', rel.backlinks) } : {}),
      ...(rel.histories ? { histories: toMany('backlinkCheckHistories', rel.histories) } : {}),
      ...(rel.indexHistories ? { indexHistories: toMany('indexHistories', rel.indexHistories) } : {}),
      ...(rel.crawlers ? { crawlers: toMany('crawlers', rel.crawlers) } : {}),
    },
  };
}

/** The donor is the watched page; the acceptor is where its link points (the user's site). */
export function presentBacklink(backlink: Backlink, options: { locale: Locale; donor: string }) {
  return {
    id: backlink.id,
    type: 'backlinks' as const,
    attributes: {
      linkId: backlink.linkId,
      donor: options.donor,
      acceptor: backlink.href,
      href: backlink.href,
      attribute: backlink.attribute,
      anchor: backlink.anchor,
      typeId: backlink.typeId,
      typeText: linkTexts(options.locale).backlinkType(backlink.typeId),
      textBefore: backlink.textBefore,
      textAfter: backlink.textAfter,
      rendered: backlink.rendered,
      createdAt: iso(backlink.createdAt)!,
      updatedAt: iso(backlink.updatedAt)!,
    },
  };
}

/** A check of the link in the words the links table uses for its state (one vocabulary). */
export function presentCheckHistory(entry: CheckHistory, locale: Locale) {
  const t = linkTexts(locale);
  const linkStatus = linkStatusOf(entry.statusId);
  const notRead = notReadReason({ ...entry, checkStatus: entry.statusId });
  return {
    id: entry.id,
    type: 'backlinkCheckHistories' as const,
    attributes: {
      linkId: entry.linkId,
      statusId: entry.statusId,
      linkStatus,
      statusText: t.linkStatus(linkStatus),
      crawlerId: entry.crawlerId,
      crawlerText: t.crawler(entry.crawlerId),
      responseCode: entry.responseCode,
      responseCodeGroup: entry.responseCodeGroup,
      responseCodeGroupText: t.responseCodeGroup(entry.responseCodeGroup),
      notReadReason: notRead,
      notReadReasonText: t.notRead(notRead),
      indexingCapabilityId: entry.indexingCapabilityId,
      countBacklinks: metric(entry.countBacklinks),
      date: iso(entry.date)!,
      removedAt: iso(entry.removedAt),
    },
  };
}

export function presentIndexHistory(
  entry: IndexHistory,
  options: { locale: Locale; url: string; campaignId: number },
) {
  return {
    id: entry.id,
    type: 'indexHistories' as const,
    attributes: {
      linkId: entry.linkId,
      value: entry.value,
      valueText: linkTexts(options.locale).indexing(entry.value),
      provider: entry.provider,
      url: options.url,
      campaignId: options.campaignId,
      createdAt: iso(entry.createdAt)!,
    },
  };
}

/** A crawler record of the link's page, as `GET crawlers` shows it (the link panel's "seen by … since"). */
export function presentLinkCrawler(row: LinkCrawler, locale: Locale) {
  return {
    id: row.id,
    type: 'crawlers' as const,
    attributes: {
      link: row.link,
      source: row.source,
      sourceText: translate(locale, `crawlers.source.${row.source}`),
      status: row.status,
      statusText: translate(locale, `crawlers.status.${row.status}`),
      targetUrl: row.target_url,
      anchor: row.anchor,
      nofollow: row.nofollow,
      seenOn: row.seen_on,
      firstSeenAt: new Date(row.first_seen_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      removedAt: row.removed_at === null ? null : new Date(row.removed_at).toISOString(),
      tracked: row.campaign_ids.length > 0,
    },
    relationships: { campaigns: toMany('campaigns', row.campaign_ids) },
  };
}

/** A link with the records its `include` named (undefined when not named). */
export interface ShownLink {
  link: Link;
  actors?: LinkActors;
  backlinks?: Backlink[];
  histories?: CheckHistory[];
  indexHistories?: IndexHistory[];
  crawlers?: LinkCrawler[];
}

/** `GET links/{id}`: the link, its relationships to what `include` named, and those records as `included`. */
export function presentShownLink(
  shown: ShownLink,
  options: { locale: Locale; includes: ReadonlySet<string> },
) {
  const { link } = shown;
  const { locale } = options;
  const relations = {
    backlinks: shown.backlinks?.map((b) => b.id),
    histories: shown.histories?.map((h) => h.id),
    indexHistories: shown.indexHistories?.map((h) => h.id),
    crawlers: shown.crawlers?.map((c) => c.id),
  };
  const included = [
    ...(shown.backlinks ?? []).map((b) => presentBacklink(b, { locale, donor: link.url })),
    ...(shown.histories ?? []).map((h) => presentCheckHistory(h, locale)),
    ...(shown.indexHistories ?? []).map((h) =>
      presentIndexHistory(h, { locale, url: link.url, campaignId: link.campaignId }),
    ),
    ...(shown.crawlers ?? []).map((c) => presentLinkCrawler(c, locale)),
  ];
  const data = presentLink(link, { locale, relations, actors: shown.actors });
  return options.includes.size > 0 ? { data, included } : { data };
}
