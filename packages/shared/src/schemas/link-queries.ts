import { z } from 'zod';
import {
  DEAD_FEED_REASONS,
  FilterKind,
  type FilterKindId,
  FilterMode,
  IndexState,
  LINK_STATUSES,
  LinkListType,
  LinkRole,
  Quality,
  REL_ATTRIBUTES,
  RobotsStatus,
  TIERS,
} from '../constants.ts';
import { DATE_MAX_TIME, rules } from '../validation.ts';
import {
  EXPORT_FILE_FORMATS,
  EXPORT_FORMAT_ALIASES,
  EXPORT_FORMAT_DESCRIPTION,
  LINK_SORT_FIELDS,
  RESPONSE_CODE_GROUP_FILTERS,
} from './links.ts';
import { pageOf, query, readIds } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// The links table's query strings: its filters (also what a bulk call or a task selects), page and sort.
// ---------------------------------------------------------------------------------------------------

/** `from` dates start at midnight; a bare `to` date includes that whole day. */
const dateFilter = (edge: 'from' | 'to') =>
  query.date().transform((date) => {
    if (!date) return undefined;
    if (edge === 'from') return new Date(date.time).toISOString();
    // The WHERE compares `to` exclusively: the next day for a bare date, the next millisecond otherwise.
    const end = date.time + (date.dayOnly ? 24 * 60 * 60 * 1000 : 1);
    return new Date(Math.min(end, DATE_MAX_TIME)).toISOString();
  });

const positive = () =>
  query.number().transform((n, ctx) => {
    if (n === undefined || n >= 1) return n;
    ctx.addIssue({ code: 'custom', message: 'validation.invalid', input: n });
    return undefined;
  });

/**
 * The filter of each spec filter kind (1 index capability, 2 indexing, 3 response code, 4 anchor,
 * 5 title): each can keep (1, include: the default) or leave out (2, exclude) what it names, set by
 * `filter[mode][<name>]`. The response-code kind governs the exact code, its group and its quality alike.
 */
export const FILTER_KIND_NAMES = {
  [FilterKind.IndexCapability]: 'indexingCapability',
  [FilterKind.Indexing]: 'indexing',
  [FilterKind.ResponseCode]: 'responseCode',
  [FilterKind.Anchor]: 'anchor',
  [FilterKind.Title]: 'title',
} as const satisfies Record<FilterKindId, string>;
type FilterKindName = (typeof FILTER_KIND_NAMES)[FilterKindId];

/** The filters a mode turns around, where they are more than `filter[<name>]`. */
const MODE_GOVERNS: Partial<Record<FilterKindName, string>> = {
  responseCode: 'filter[responseCode], filter[responseCodeGroup] and filter[quality]',
};

const modeKeys = Object.fromEntries(
  Object.values(FILTER_KIND_NAMES).map((name) => [
    `filter[mode][${name}]`,
    query
      .code(FilterMode)
      .describe(`${MODE_GOVERNS[name] ?? `filter[${name}]`}: 1 or include (default), 2 or exclude`),
  ]),
) as { [K in FilterKindName as `filter[mode][${K}]`]: ReturnType<typeof query.code<typeof FilterMode>> };

/** The filters, in the order they are checked. */
const linkFilterKeys = {
  'filter[campaign]': query.id().describe('campaign id'),
  'filter[project]': query.id().describe('project id'),
  'filter[tier]': query.number(TIERS).describe('1 or 2'),
  'filter[addedBy]': query
    .id()
    .describe('user id of the account person (owner or member) who added the link'),
  'filter[type]': query
    .number(Object.values(LinkListType))
    .describe('list type: 1 history, 2 active (default), 3 disallow'),
  'filter[query]': query
    .trimmed()
    .describe(
      'URL or title contains (case-insensitive); with filter[role], the donor URL, anchor or acceptor',
    ),
  'filter[role]': query
    .code(LinkRole)
    .describe(
      'where filter[query] looks: 1 or donor (the page), 3 or anchor, 4 or acceptor (the linked URL)',
    ),
  'filter[title]': query.trimmed().describe('title contains (case-insensitive)'),
  'filter[quality]': query
    .code(Quality)
    .describe('response quality: 1 or good (2xx), 3 or medium (3xx), 2 or bad (4xx, 5xx, no answer)'),
  'filter[responseCode]': positive().describe('exact response code, e.g. 404'),
  'filter[responseCodeGroup]': query
    .oneOf(RESPONSE_CODE_GROUP_FILTERS)
    .describe('1-4 (spec groups), good (2xx) or bad'),
  'filter[indexing]': query
    .number(Object.values(IndexState))
    .describe('0 unverified, 1 indexed, 2 not indexed'),
  'filter[indexingCapability]': query.number(Object.values(RobotsStatus)).describe('robots status 1-11'),
  'filter[attribute]': query
    .oneOf(REL_ATTRIBUTES, (v) => v.toLowerCase())
    .describe('dofollow, nofollow, ugc or sponsored: links having such a backlink'),
  'filter[anchor]': query.text().describe('links having a backlink with exactly this anchor'),
  'filter[linkStatus]': query
    .oneOf(LINK_STATUSES)
    .describe(
      'what the last check read: found (page answered 200 with the backlink), missing (answered 200 without it; a link that had it only after two such checks in a row), unread (no answer, a non-200 answer or robots.txt block) or unchecked',
    ),
  'filter[deadFeed]': query
    .oneOf(['any', ...DEAD_FEED_REASONS])
    .describe(
      'tier 2 links that feed a dead tier 1 page (issue 31): any, or one reason (error, missing, blocked, noindex, not_indexed)',
    ),
  'filter[createdFrom]': dateFilter('from').describe('ISO date (inclusive)'),
  'filter[createdTo]': dateFilter('to').describe('ISO date (inclusive, whole day)'),
  'filter[checkedFrom]': dateFilter('from').describe('ISO date of the last check (inclusive)'),
  'filter[checkedTo]': dateFilter('to').describe('ISO date of the last check (inclusive, whole day)'),
  ...modeKeys,
};
type LinkFilterInput = z.output<z.ZodObject<typeof linkFilterKeys>>;

const linkFilters = (q: LinkFilterInput) => ({
  campaign: q['filter[campaign]'],
  project: q['filter[project]'],
  tier: q['filter[tier]'],
  /** The person (the owner or a member) who added the link (issue 27). */
  addedBy: q['filter[addedBy]'],
  /** The tab: 1 history, 2 active, 3 disallow. */
  type: q['filter[type]'] ?? LinkListType.Active,
  query: q['filter[query]'],
  /** Where `query` looks (spec 4 link roles); none: the URL or the title. */
  role: q['filter[role]'],
  title: q['filter[title]'],
  /** spec 4 Quality of the response: 1 good, 2 bad, 3 medium. */
  quality: q['filter[quality]'],
  responseCode: q['filter[responseCode]'],
  responseCodeGroup: q['filter[responseCodeGroup]'],
  indexing: q['filter[indexing]'],
  indexingCapability: q['filter[indexingCapability]'],
  attribute: q['filter[attribute]'],
  anchor: q['filter[anchor]'],
  /** What the last check read: found, missing (see LinkCheckStatus), unread, or never checked. */
  linkStatus: q['filter[linkStatus]'],
  /** Tier 2 links that feed a dead tier 1 page: any, or for one reason (see DEAD_FEED_REASONS). */
  deadFeed: q['filter[deadFeed]'],
  /** ISO instants; a bare `YYYY-MM-DD` "to" date is read as the end of that day (UTC). */
  createdFrom: q['filter[createdFrom]'],
  createdTo: q['filter[createdTo]'],
  checkedFrom: q['filter[checkedFrom]'],
  checkedTo: q['filter[checkedTo]'],
  /** The kinds whose filter leaves out what it names (spec 4 Filter 2, exclude); the others keep it. */
  exclude: Object.values(FILTER_KIND_NAMES).filter(
    (name) => q[`filter[mode][${name}]`] === FilterMode.Exclude,
  ) as FilterKindName[],
});

export type { FilterKindName };
/**
 * The filters of the links table, the search page and every bulk call. Plain JSON on purpose:
 * a task (action) stores them as its `filters` and resolves them again when its worker runs.
 */
export type LinkFilters = ReturnType<typeof linkFilters>;

/** `GET links`: the table. */
export const ZLinkListQuery = z
  .object({
    ...query.page(),
    ...linkFilterKeys,
    sort: query
      .sort(LINK_SORT_FIELDS, '-id')
      .describe(`${LINK_SORT_FIELDS.join(', ')}; prefix - for descending; default -id`),
  })
  .transform((q) => ({ page: pageOf(q), filters: linkFilters(q), sort: q.sort }));

/** The counts, statistic and chart calls over what the table's filters select. */
export const ZLinkFilterQuery = z.object(linkFilterKeys).transform((q) => ({ filters: linkFilters(q) }));

// ---------------------------------------------------------------------------------------------------
// Selections: which links a bulk call (or a task) works on.
// ---------------------------------------------------------------------------------------------------

/**
 * Ticked ids, or everything the list filters select. JSON-safe, so a task can store it and resolve
 * it again in its worker.
 */
export type LinkSelection = { ids: number[] } | { filters: LinkFilters };

const ZLinkFilters = z.object(linkFilterKeys);

/** The filter keys as sent: a selection reads them only when no ids are ticked. */
const rawFilterKeys = Object.fromEntries(
  Object.entries(linkFilterKeys).map(([key, piece]) => [key, query.raw().describe(piece.description ?? key)]),
) as { [K in keyof typeof linkFilterKeys]: ReturnType<typeof query.raw> };

const selectionKeys = {
  'links[]': query.ids().describe('link ids'),
  links: query.raw().describe('link ids, comma-separated (the same as links[])'),
  ...rawFilterKeys,
};

/** True when the query names at least one `filter[...]` (any, even one we do not know): a bulk call then acts on what they select. */
export const hasAnyFilter = (q: Record<string, unknown>) =>
  Object.entries(q).some(([key, value]) => key.startsWith('filter[') && value !== undefined && value !== '');

/**
 * `links[]=…` wins over filters (which are then not read); neither answers 422 'No selected links'
 * rather than touching every link.
 */
export function readLinkSelection(
  q: { 'links[]'?: number[]; links?: string | string[] } & Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
): LinkSelection {
  const selection = readOptionalSelection(q, ctx);
  if (!selection) {
    ctx.addIssue({
      code: 'custom',
      message: 'errors.noSelectedLinks',
      path: ['links'],
      params: { summary: 'errors.noSelectedLinks' },
      input: undefined,
    });
    return z.NEVER;
  }
  return selection;
}

/** A selection, or undefined when the query ticks no link and names no filter. */
function readOptionalSelection(
  q: { 'links[]'?: number[]; links?: string | string[] } & Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
): LinkSelection | undefined {
  const ids = q['links[]'] ?? readIds(['links'])(q.links, ctx);
  if (ids.length > 0) return { ids: [...new Set(ids)] };
  if (!hasAnyFilter(q)) return undefined;
  return { filters: parseLinkFilters(q, ctx) };
}

/** The filter keys of a query kept as sent, read now (their issues at their own keys). */
function parseLinkFilters(q: Record<string, unknown>, ctx: z.core.$RefinementCtx): LinkFilters {
  const filters = ZLinkFilters.safeParse(q);
  if (filters.success) return linkFilters(filters.data);
  for (const issue of filters.error.issues) ctx.addIssue({ ...issue, input: undefined });
  return z.NEVER;
}

/**
 * The list filters as one JSON object (a disavow change's `filter`): the links table's own `filter[...]`
 * keys and rules, as the web app sends them in the query string, with strings or numbers for values. A
 * key the list does not read is an issue, not ignored: a typo would otherwise widen the selection.
 */
export function readLinkFilterObject(
  object: Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
): LinkFilters | undefined {
  const values: Record<string, string | string[]> = {};
  let broken = false;
  for (const [key, value] of Object.entries(object)) {
    const known = Object.hasOwn(linkFilterKeys, key);
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (value === undefined || value === null) continue;
    if (!known || !scalar) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: [key], input: undefined });
      broken = true;
      continue;
    }
    values[key] = String(value);
  }
  const filters = ZLinkFilters.safeParse(values);
  if (!filters.success) {
    for (const issue of filters.error.issues) ctx.addIssue({ ...issue, input: undefined });
    return undefined;
  }
  return broken ? undefined : linkFilters(filters.data);
}

/** Bulk calls (`links/history`, `links/delete`, …): `links[]` ids, or the list filters, select the links. */
export const ZLinkSelectionQuery = z
  .looseObject(selectionKeys)
  .transform((q, ctx) => ({ selection: readLinkSelection(q, ctx) }));

/**
 * `links/move`: the target campaign, then the selection. Its ownership is the server's to check, and
 * before it says 'No selected links' (an undefined selection), as it always did.
 */
export const ZLinkMoveQuery = z
  .looseObject({
    campaign: query
      .raw()
      .transform((raw, ctx) => {
        if (raw === undefined || raw === '') {
          ctx.addIssue({ code: 'custom', message: 'validation.required', input: raw });
          return z.NEVER;
        }
        const id = rules.id().safeParse(Array.isArray(raw) ? raw[0] : raw);
        if (id.success) return id.data;
        ctx.addIssue({ code: 'custom', message: 'validation.invalid', input: raw });
        return z.NEVER;
      })
      .describe('target campaign id'),
    ...selectionKeys,
  })
  .transform((q, ctx) => ({ target: q.campaign, selection: readOptionalSelection(q, ctx) }));

/**
 * `GET links/export`: ticked links (`links[]`, or `links=1,2`), else (unlike bulk calls) whatever the
 * table shows, which may be every active link. The filters are read only when no link is ticked.
 */
export const ZLinkExportQuery = z
  .looseObject({
    format: query
      .format(EXPORT_FILE_FORMATS, 'csv', EXPORT_FORMAT_ALIASES)
      .describe(EXPORT_FORMAT_DESCRIPTION),
    ...selectionKeys,
    'links[]': query.ids().describe('link ids (optional)'),
  })
  .transform((q, ctx) => {
    const ids = q['links[]'] ?? readIds(['links'])(q.links, ctx);
    const selection: LinkSelection = ids.length > 0 ? { ids } : { filters: parseLinkFilters(q, ctx) };
    return { format: q.format, selection };
  });

const campaignSelectionKeys = {
  campaign: query
    .raw()
    .transform((raw, ctx) => readIdAt(raw, undefined, ctx))
    .describe('campaign id: every active link of the campaign'),
  includeDeadFeeds: query
    .oneOf(['true', 'false', '1', '0'], (value) => value.toLowerCase())
    .describe('a paid task: also work on (and charge for) tier 2 links that feed a dead tier 1 page'),
  ...selectionKeys,
};

/**
 * Which links a task works on: `campaign={id}` means every active link of the campaign, `links[]=…`
 * a selection; either narrowed by the list filters.
 */
function campaignSelection(
  q: z.output<z.ZodObject<typeof campaignSelectionKeys>> & Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
) {
  const campaignId = q.campaign ?? readIdAt(q['filter[campaign]'], 'filter[campaign]', ctx);
  const scoped = campaignId ? { 'filter[campaign]': String(campaignId), ...q } : q;
  const includeDeadFeeds = q.includeDeadFeeds === 'true' || q.includeDeadFeeds === '1';
  return { campaignId, selection: readLinkSelection(scoped, ctx), includeDeadFeeds };
}

/** `GET actions/{action}/balance`: what a task on this selection would cost. */
export const ZActionCostQuery = z
  .looseObject(campaignSelectionKeys)
  .transform((q, ctx) => campaignSelection(q, ctx));

/**
 * `POST actions/{action}/start`: the selection, and what the task remembers as its `filters`: the list
 * filters as sent, the campaign, and the target campaign of a moving task.
 */
export const ZActionSelectionQuery = z
  .looseObject({
    ...campaignSelectionKeys,
    targetCampaign: query.raw().describe('campaign id a moving task moves the links to'),
    days: query.raw().describe('an indexing request: the days its pages are spread over (1–14)'),
  })
  .transform((q, ctx) => {
    const { campaignId, selection, includeDeadFeeds } = campaignSelection(q, ctx);
    const filters: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(q)) if (key.startsWith('filter[')) filters[key] = value;
    if (q.campaign) filters.campaign = q.campaign;
    const target = q.targetCampaign ?? q.target;
    if (typeof target === 'string' && target !== '')
      filters.targetCampaign = readIdAt(target, 'targetCampaign', ctx);
    if (typeof q.days === 'string' && q.days !== '') filters.days = q.days;
    return { campaignId, selection, filters, includeDeadFeeds };
  });
export type TActionSelectionQuery = z.output<typeof ZActionSelectionQuery>;

/**
 * An id by the shared rule alone (its first value; none when empty), its issue at `key` when given: a
 * task's campaign was always read so, U+0000 included ('may only contain numeric characters').
 */
function readIdAt(raw: unknown, key: string | undefined, ctx: z.core.$RefinementCtx): number | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  const parsed = rules.id().safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({
    code: 'custom',
    message: parsed.error.issues[0].message,
    input: undefined,
    ...(key && { path: [key] }),
  });
  return undefined;
}
