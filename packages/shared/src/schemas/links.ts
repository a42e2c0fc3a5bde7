import { z } from 'zod';
import {
  DEAD_FEED_REASONS,
  LINK_STATUSES,
  LinkCheckStatus,
  type LinkStatus,
  RobotsStatus,
} from '../constants.ts';
import { rules } from '../validation.ts';
import { ref, resource, single, ZPageMeta } from './common.ts';
import { ZCrawlerResource } from './crawlers.ts';
import { LINK_URL_MAX_LENGTH, NOT_AVAILABLE } from './link-limits.ts';

// Limits and option lists: in a zod-free file of their own (see there).
export {
  ANCHOR_SORT_FIELDS,
  EXPORT_DOWNLOAD_DAYS,
  EXPORT_FILE_FORMATS,
  EXPORT_FORMAT_ALIASES,
  EXPORT_FORMAT_DESCRIPTION,
  type ExportFileFormat,
  LINK_CHART_DAYS,
  LINK_SORT_FIELDS,
  LINK_UPLOAD_EXTENSIONS,
  LINK_UPLOAD_MAX_BYTES,
  LINK_UPLOAD_MAX_CELLS,
  LINK_UPLOAD_MAX_LINES,
  LINK_UPLOAD_MAX_UNPACKED_BYTES,
  LINK_UPLOAD_MAX_UNPACKED_ENTRY_BYTES,
  LINK_UPLOAD_READ_MEMORY_MB,
  LINK_UPLOAD_READ_SECONDS,
  LINK_URL_MAX_LENGTH,
  type LinkSortField,
  NOT_AVAILABLE,
  RESPONSE_CODE_GROUP_FILTERS,
  UPLOAD_INVALID_LIST_MAX,
  XLSX_EXPORT_MAX_ROWS,
} from './link-limits.ts';

const STATUS_NAMES: Record<number, LinkStatus> = {
  [LinkCheckStatus.Found]: 'found',
  [LinkCheckStatus.Missing]: 'missing',
  [LinkCheckStatus.Unread]: 'unread',
};

/**
 * The stored `check_status` of a link (or of a check history row: the same LinkCheckStatus) by name;
 * a link never checked is `unchecked`. This is the one vocabulary of a link's state: the links table,
 * the side panel, the check history and the exports all say it with `links.linkStatus.{name}`.
 */
export function linkStatusOf(checkStatus: number | null): LinkStatus {
  return checkStatus === null ? 'unchecked' : (STATUS_NAMES[checkStatus] ?? 'unread');
}

/**
 * Why a page that answered without an error was not read, for the code cell: its code alone (200)
 * would contradict "Page not read". robots.txt shuts out our crawler or Google's, or robots.txt could
 * not be read (5xx or no answer: crawlers hold back). Null when the code or its group says it already.
 */
export const NOT_READ_REASONS = ['robotsTxt', 'robotsUnreachable'] as const;
export type NotReadReason = (typeof NOT_READ_REASONS)[number];

export function notReadReason(link: {
  checkStatus: number | null;
  responseCode: number | null;
  responseCodeGroup: number | null;
  indexingCapabilityId: number | null;
}): NotReadReason | null {
  const code = link.responseCode;
  if (link.checkStatus !== LinkCheckStatus.Unread || link.responseCodeGroup !== null) return null;
  if (code === null || code >= 400) return null;
  if (link.indexingCapabilityId === RobotsStatus.RobotsTxt) return 'robotsTxt';
  if (code === 200) return 'robotsUnreachable';
  return null;
}

export interface PageVerdict {
  /** An i18n key of the `links` namespace. */
  key: string;
  params?: { code: number };
}

/**
 * What the robots cell says. A robots verdict only means something for a page that answered: a fetch
 * that failed says so (its reason is the code cell's), and a 404 is "not found", not the checker's
 * "Forbidden" (which it gives every 4xx because such a page cannot be indexed).
 */
export function pageVerdict(link: {
  responseCode: number | null;
  responseCodeGroup: number | null;
  indexingCapabilityId: number | null;
}): PageVerdict | null {
  const code = link.responseCode;
  if (link.responseCodeGroup !== null) return { key: 'pageVerdict.notFetched' };
  if (code === 404 || code === 410) return { key: `pageVerdict.gone${code}`, params: { code } };
  if (code !== null && code >= 500) return { key: 'pageVerdict.serverError', params: { code } };
  if (code !== null && code >= 400) return { key: 'pageVerdict.refused', params: { code } };
  if (link.indexingCapabilityId === null) return null;
  return { key: `robotsStatus.${link.indexingCapabilityId}` };
}

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

/** `PUT links/{id}`: spec point 3, "save payload: url without protocol, and comment". */
export const ZUpdateLinkRequest = z.object({
  url: rules.websiteAddressWithoutDomain().max(LINK_URL_MAX_LENGTH, { error: 'validation.max' }),
  comment: rules.optionalString(2000),
});
export type TUpdateLinkRequest = z.infer<typeof ZUpdateLinkRequest>;

// ---------------------------------------------------------------------------------------------------
// Responses (the web infers its types from these)
// ---------------------------------------------------------------------------------------------------

const nullableDate = z.string().nullable();
const metric = z.union([z.number(), z.literal(NOT_AVAILABLE)]);

export const ZLinkAttributes = z.object({
  num: z.number().nullable(),
  url: z.string(),
  urlWithoutDomain: z.string(),
  urlWithoutProtocol: z.string(),
  title: z.string().nullable(),
  comment: z.string().nullable(),
  countBacklinks: metric,
  countBacklinksT2: metric,
  dateAddIndex: nullableDate,
  dateCheckData: nullableDate,
  dateCheckIndexing: nullableDate,
  disallow: z.boolean(),
  history: z.boolean(),
  listType: z.number(),
  indexing: z.number(),
  indexingText: z.string(),
  indexingCapabilityId: z.number().nullable(),
  indexingCapabilityText: z.string().nullable(),
  metaRobots: z.string().nullable(),
  responseCode: z.number().nullable(),
  responseCodeGroup: z.number().nullable(),
  responseCodeGroupText: z.string().nullable(),
  /** The code cell of a page that answered but was not read: why not ("Blocked by robots.txt"). */
  notReadReason: z.enum(NOT_READ_REASONS).nullable(),
  notReadReasonText: z.string().nullable(),
  /** What the last check read: found, missing, unread (see `filter[linkStatus]`) or unchecked. */
  linkStatus: z.enum(LINK_STATUSES),
  linkStatusText: z.string(),
  /**
   * The robots cell: the indexing capability's text for a page that answered, else why there is none
   * ("Page not fetched", "Not found (404)", "Server error (503)"); null before the first check.
   */
  pageVerdictText: z.string().nullable(),
  semRushULinks: metric,
  pa: metric,
  redirect: z.string().nullable(),
  campaignId: z.number(),
  projectId: z.number(),
  tier: z.number(),
  /**
   * A tier 2 link whose tier 1 page (the page it links to) is no longer worth strengthening (issue 31):
   * why (see DEAD_FEED_REASONS) and since when; null while every tier 1 page it feeds is alive, and on
   * tier 1 links. Tier 2 tasks leave such links out unless `includeDeadFeeds` is given.
   */
  feedsDeadTierOne: z.object({ reason: z.enum(DEAD_FEED_REASONS), since: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Who added the link and who last moved it between campaigns or lists (issue 27), by name, and when
   * it moved: on `GET links/{id}`; `GET links` gives `addedByName` with `addedById` (the table's "Added
   * by" column and its `filter[addedBy]`). Null when not known, or no longer a person of the account.
   */
  addedById: z.number().nullable().optional(),
  addedByName: z.string().nullable().optional(),
  movedByName: z.string().nullable().optional(),
  movedAt: nullableDate.optional(),
  /**
   * On `GET links` (issue 31): the link was found only in the page as the browser rendered it, "found
   * after JavaScript" (every backlink of its last check has `rendered`); the table shows a badge.
   */
  rendered: z.boolean().optional(),
});
export type TLinkAttributes = z.infer<typeof ZLinkAttributes>;

const toMany = (type: string) => z.object({ data: z.array(ref(type)) });

export const ZLinkResource = z.object({
  id: z.number(),
  type: z.literal('links'),
  attributes: ZLinkAttributes,
  relationships: z.object({
    campaign: z.object({ data: ref('campaigns') }),
    backlinks: toMany('backlinks').optional(),
    histories: toMany('backlinkCheckHistories').optional(),
    indexHistories: toMany('indexHistories').optional(),
    /** What crawler data (backlink databases, search consoles) says of this page: `include=crawlers`. */
    crawlers: toMany('crawlers').optional(),
  }),
});
export type TLinkResource = z.infer<typeof ZLinkResource>;

export const ZBacklinkResource = z.object({
  id: z.number(),
  type: z.literal('backlinks'),
  attributes: z.object({
    linkId: z.number(),
    donor: z.string(),
    acceptor: z.string(),
    href: z.string(),
    attribute: z.string(),
    anchor: z.string(),
    typeId: z.number(),
    typeText: z.string(),
    textBefore: z.string().nullable(),
    textAfter: z.string().nullable(),
    /** Found only in the page as rendered by the browser: "found after JavaScript". */
    rendered: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
});

export const ZCheckHistoryResource = z.object({
  id: z.number(),
  type: z.literal('backlinkCheckHistories'),
  attributes: z.object({
    linkId: z.number(),
    /** LinkCheckStatus, as the link stores it: 1 found, 2 missing, 3 unread. */
    statusId: z.number(),
    /** The same state by name and text as the links table's `linkStatus` (one vocabulary). */
    linkStatus: z.enum(LINK_STATUSES),
    statusText: z.string(),
    crawlerId: z.number().nullable(),
    crawlerText: z.string().nullable(),
    responseCode: z.number().nullable(),
    responseCodeGroup: z.number().nullable(),
    responseCodeGroupText: z.string().nullable(),
    notReadReason: z.enum(NOT_READ_REASONS).nullable(),
    notReadReasonText: z.string().nullable(),
    indexingCapabilityId: z.number().nullable(),
    countBacklinks: metric,
    date: z.string(),
    removedAt: nullableDate,
  }),
});

export const ZIndexHistoryResource = z.object({
  id: z.number(),
  type: z.literal('indexHistories'),
  attributes: z.object({
    linkId: z.number(),
    value: z.number(),
    valueText: z.string(),
    /** The index check provider(s) that answered, e.g. "serper" or "serper+serpapi"; null before providers. */
    provider: z.string().nullable(),
    url: z.string(),
    campaignId: z.number(),
    createdAt: z.string(),
  }),
});

/**
 * `meta.page.estimated`: past 10,000 links the list's total is PostgreSQL's estimate (shown as
 * "about N"); `links/count` gives the exact number.
 */
export const ZLinkListResponse = z.object({
  data: z.array(ZLinkResource),
  meta: z.object({ page: ZPageMeta.shape.page.extend({ estimated: z.boolean() }) }),
});
export const ZLinkResponse = z.object({
  data: ZLinkResource,
  included: z
    .array(z.union([ZBacklinkResource, ZCheckHistoryResource, ZIndexHistoryResource, ZCrawlerResource]))
    .optional(),
});
export const ZIndexHistoryListResponse = z.object({ data: z.array(ZIndexHistoryResource), meta: ZPageMeta });

/** One bar of a summary: `key` is the code (or rel), `title` its text in the caller's language. */
export const ZKeyValueTitle = z.object({
  key: z.union([z.number(), z.string()]),
  value: z.number(),
  title: z.string(),
});
export type TKeyValueTitle = z.infer<typeof ZKeyValueTitle>;

/** `{ data: { id, type, attributes } }` of a single resource. */
const singleOf = <T extends z.ZodType>(type: string, attributes: T) => single(resource(type, attributes));

export const ZCountResponse = z.object({ data: z.object({ count: z.number() }) });
export const ZMoveResponse = z.object({
  data: z.object({ count: z.number(), moved: z.number(), skipped: z.number() }),
});

export const ZLinkCountsResponse = singleOf(
  'linkCounts',
  z.object({ active: z.number(), history: z.number(), disallow: z.number() }),
);
export const ZLinkStatisticResponse = singleOf(
  'linkStatistics',
  z.object({
    total: z.number(),
    backlinkTypes: z.array(ZKeyValueTitle),
    indexing: z.array(ZKeyValueTitle),
    indexCapability: z.array(ZKeyValueTitle),
    attributes: z.array(ZKeyValueTitle),
  }),
);
export const ZKeyValueTitleListResponse = z.object({ data: z.array(ZKeyValueTitle) });
export const ZLinkCodesResponse = singleOf(
  'linkCodes',
  z.object({
    codes: z.array(ZKeyValueTitle),
    groups: z.array(ZKeyValueTitle),
    good: z.number(),
    bad: z.number(),
    unchecked: z.number(),
    /** Links by what their last check read (`filter[linkStatus]`); unchecked is above. */
    found: z.number(),
    missing: z.number(),
    unread: z.number(),
  }),
);
export const ZLinkChartResponse = singleOf(
  'linkChart',
  z.object({
    days: z.array(
      z.object({ date: z.string(), added: z.number(), checked: z.number(), indexed: z.number() }),
    ),
  }),
);

export const ZUploadResponse = singleOf(
  'linkUploads',
  z.object({
    campaignId: z.number(),
    total: z.number(),
    added: z.number(),
    duplicates: z.number(),
    invalidCount: z.number(),
    invalid: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
    /** The file's first line when it read as a column title ("URL") and was skipped, not counted invalid. */
    header: z.object({ line: z.number(), value: z.string() }).nullable().optional(),
  }),
);
export type TUploadResult = z.infer<typeof ZUploadResponse>['data']['attributes'];

export const ZExportMailedResponse = singleOf(
  'linkExports',
  z.object({ mailed: z.literal(true), count: z.number() }),
);

// ---------------------------------------------------------------------------------------------------
// Anchors
// ---------------------------------------------------------------------------------------------------

export const ZAnchorResource = z.object({
  /** md5 of the anchor text: stable, and usable as `filter[anchorId]` when the anchor is empty. */
  id: z.string(),
  type: z.literal('anchors'),
  attributes: z.object({
    anchor: z.string(),
    countLinks: z.number(),
    countBacklinks: z.number(),
    /** Share of this anchor among every backlink of the selection, in percent (two decimals). */
    countAnchor: z.number(),
    /** Links with this anchor that the search engine has indexed. */
    indexed: z.number(),
    /** Up to 5 acceptor URLs (where the backlinks point). */
    acceptors: z.array(z.string()),
    campaigns: z.array(z.object({ id: z.number(), name: z.string() })),
    attributes: z.array(z.string()),
    typeIds: z.array(z.number()),
    typeTexts: z.array(z.string()),
  }),
  /**
   * Anchor summary (spec point 3): the pages (links) and backlinks behind the anchor, the first
   * ANCHOR_RELATED_MAX of each in `included`; `meta.total` counts them all (anchors/links pages the rest).
   */
  relationships: z.object({
    links: z.object({ data: z.array(ref('links')), meta: z.object({ total: z.number() }) }),
    backlinks: z.object({ data: z.array(ref('backlinks')), meta: z.object({ total: z.number() }) }),
  }),
});
/** The most pages and backlinks an anchor of the table carries with it (its expanded row). */
export const ANCHOR_RELATED_MAX = 20;

/** A page (link) behind an anchor, as `GET anchors` includes it. */
export const ZAnchorIncludedLink = z.object({
  id: z.number(),
  type: z.literal('links'),
  attributes: z.object({
    url: z.string(),
    indexing: z.number(),
    indexingText: z.string(),
    tier: z.number(),
    campaignId: z.number(),
  }),
});
/** A backlink behind an anchor, as `GET anchors` includes it: its page is `relationships.link`. */
export const ZAnchorIncludedBacklink = z.object({
  id: z.number(),
  type: z.literal('backlinks'),
  attributes: z.object({
    anchor: z.string(),
    /** The acceptor URL the backlink points to. */
    acceptor: z.string(),
    attribute: z.string(),
    typeId: z.number(),
    typeText: z.string(),
  }),
  relationships: z.object({ link: z.object({ data: ref('links') }) }),
});
export const ZAnchorListResponse = z.object({
  data: z.array(ZAnchorResource),
  included: z.array(z.union([ZAnchorIncludedLink, ZAnchorIncludedBacklink])),
  meta: ZPageMeta,
});

/** One backlink of an anchor: the expanded row of the anchors table. */
export const ZAnchorLinkResource = z.object({
  id: z.number(),
  type: z.literal('anchorLinks'),
  attributes: z.object({
    anchor: z.string(),
    linkId: z.number(),
    url: z.string(),
    indexing: z.number(),
    indexingText: z.string(),
    acceptor: z.string(),
    campaignId: z.number(),
    campaignName: z.string(),
    attribute: z.string(),
    typeId: z.number(),
    typeText: z.string(),
    tier: z.number(),
  }),
});
export const ZAnchorLinkListResponse = z.object({ data: z.array(ZAnchorLinkResource), meta: ZPageMeta });

export const ZAnchorCountsResponse = singleOf(
  'anchorCounts',
  z.object({
    /** Distinct anchors per tier tab (the tier filter is ignored for these two). */
    tierOne: z.number(),
    tierTwo: z.number(),
    anchors: z.number(),
    backlinks: z.number(),
    links: z.number(),
  }),
);
export const ZAnchorStatisticResponse = singleOf(
  'anchorStatistics',
  z.object({
    attributes: z.array(ZKeyValueTitle),
    backlinkTypes: z.array(ZKeyValueTitle),
    indexing: z.array(ZKeyValueTitle),
  }),
);
export const ANCHOR_CHART_TOP = 10;
export const ZAnchorChartResponse = singleOf(
  'anchorChart',
  z.object({ items: z.array(ZKeyValueTitle), other: z.number(), total: z.number() }),
);
export const ANCHOR_KINDS = ['url', 'brand', 'image', 'empty', 'text'] as const;
export const ZAnchorChartInfoResponse = singleOf(
  'anchorChartInfo',
  z.object({
    anchors: z.number(),
    backlinks: z.number(),
    links: z.number(),
    /** Backlinks per anchor kind: a URL, the project's brand, empty (image links), other text. */
    kinds: z.array(ZKeyValueTitle),
  }),
);
