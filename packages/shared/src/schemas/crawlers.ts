import { z } from 'zod';
import { DATE_MAX_TIME, rules } from '../validation.ts';
import { listOf, ref, resource, single } from './common.ts';
import { CRAWLER_SOURCES, CRAWLER_STATUSES } from './crawler-codes.ts';
import { EXPORT_FILE_FORMATS, EXPORT_FORMAT_ALIASES, EXPORT_FORMAT_DESCRIPTION } from './link-limits.ts';
import { pageOf, query, readIds } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// Crawler data (issue 13; spec points 2, 3, 4, 7, 9): what backlink databases and search consoles
// report per project, followed over imports: New on first sight, Active while seen, RIP when gone.
// ---------------------------------------------------------------------------------------------------

export {
  CRAWLER_SOURCES,
  CRAWLER_STATUS,
  CRAWLER_STATUSES,
  CrawlerSource,
  type CrawlerSourceId,
  type CrawlerStatusId,
} from './crawler-codes.ts';

export const CRAWLER_SORT_FIELDS = ['firstSeenAt', 'lastSeenAt', 'link', 'status'] as const;
export type CrawlerSortField = (typeof CRAWLER_SORT_FIELDS)[number];

/** Spec point 9: xlsx, xls, csv; tsv too (an Ahrefs UTF-16 export is tab-separated). */
export const CRAWLER_UPLOAD_EXTENSIONS = ['csv', 'tsv', 'xlsx', 'xls'] as const;
export const CRAWLER_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const CRAWLER_UPLOAD_MAX_ROWS = 500_000;
/** The chart's span when no dates are given, and the longest span it draws. */
export const CRAWLER_CHART_DAYS = 30;
export const CRAWLER_CHART_MAX_DAYS = 366;
/** `POST crawlers/track`: the most referring pages one call adds to a campaign. */
export const CRAWLER_TRACK_MAX = 10_000;

/** The kinds of file an import recognises by its header row (`plain`: the spec's link + date columns). */
export const CRAWLER_FILE_FORMATS = [
  'plain',
  'ahrefs',
  'ahrefsLegacy',
  'semrush',
  'majestic',
  'gscLatestLinks',
  'gscTopSites',
] as const;
export type CrawlerFileFormat = (typeof CRAWLER_FILE_FORMATS)[number];

// ---------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------

/** `filter[project]` is required on every crawlers call: the records belong to a project. */
const requiredProject = () =>
  query.id().transform((id, ctx) => {
    if (id !== undefined) return id;
    ctx.addIssue({ code: 'custom', message: 'validation.required', input: undefined });
    return z.NEVER;
  });

/** `from` starts at the instant (midnight for a bare day); a bare `to` day includes that whole day. */
const dateEdge = (edge: 'from' | 'to') =>
  query.date().transform((date) => {
    if (!date) return undefined;
    if (edge === 'from') return new Date(date.time).toISOString();
    const end = date.time + (date.dayOnly ? 86_400_000 : 1);
    return new Date(Math.min(end, DATE_MAX_TIME)).toISOString();
  });

const crawlerFilterKeys = {
  'filter[project]': requiredProject().describe('project id (required)'),
  'filter[source]': query
    .number(CRAWLER_SOURCES)
    .describe('1 backlink data tool, 2 search console, 3 temporary'),
  'filter[status]': query.number(CRAWLER_STATUSES).describe('1 New, 2 Active, 3 RIP'),
  'filter[dateFrom]': dateEdge('from').describe('first seen on or after (ISO date, inclusive)'),
  'filter[dateTo]': dateEdge('to').describe('first seen on or before (ISO date, inclusive, whole day)'),
  'filter[query]': query.trimmed().describe('referring page URL contains (case-insensitive)'),
};
type CrawlerFilterInput = z.output<z.ZodObject<typeof crawlerFilterKeys>>;

const crawlerFilters = (q: CrawlerFilterInput) => ({
  project: q['filter[project]'],
  source: q['filter[source]'],
  status: q['filter[status]'],
  /** ISO instants compared with `first_seen_at`: `dateTo` is exclusive (the next day for a bare date). */
  dateFrom: q['filter[dateFrom]'],
  dateTo: q['filter[dateTo]'],
  query: q['filter[query]'],
});
/** What the crawlers table, delete, export and track select. Plain JSON (a task may store it). */
export type CrawlerFilters = ReturnType<typeof crawlerFilters>;

const crawlerSort = () =>
  query
    .sort(CRAWLER_SORT_FIELDS, '-firstSeenAt')
    .describe(`${CRAWLER_SORT_FIELDS.join(', ')}; prefix - for descending; default -firstSeenAt`);

/** `GET crawlers`. */
export const ZCrawlerListQuery = z
  .object({ ...query.page(), ...crawlerFilterKeys, sort: crawlerSort() })
  .transform((q) => ({ page: pageOf(q), filters: crawlerFilters(q), sort: q.sort }));
export type TCrawlerListQuery = z.output<typeof ZCrawlerListQuery>;

/** `GET crawlers/counts`: the project's records by status, of one source or all. */
export const ZCrawlerCountsQuery = z
  .object({
    'filter[project]': crawlerFilterKeys['filter[project]'],
    'filter[source]': crawlerFilterKeys['filter[source]'],
  })
  .transform((q) => ({ project: q['filter[project]'], source: q['filter[source]'] }));

/** `GET crawlers/chart`: new and lost records per day, from `dateFrom` to `dateTo` (days, UTC). */
export const ZCrawlerChartQuery = z
  .object({
    'filter[project]': crawlerFilterKeys['filter[project]'],
    'filter[source]': crawlerFilterKeys['filter[source]'],
    'filter[dateFrom]': query
      .day()
      .describe(`first day (YYYY-MM-DD); default ${CRAWLER_CHART_DAYS} days ago`),
    'filter[dateTo]': query.day({ wholeDay: true }).describe('last day (YYYY-MM-DD); default today'),
  })
  .transform((q) => ({
    project: q['filter[project]'],
    source: q['filter[source]'],
    dateFrom: q['filter[dateFrom]'],
    dateTo: q['filter[dateTo]'],
  }));

/** Ticked record ids, or everything the list filters select. */
export type CrawlerSelection = { ids: number[]; project: number } | { filters: CrawlerFilters };

const selectionKeys = {
  ...crawlerFilterKeys,
  'ids[]': query.ids().describe('crawler record ids'),
  ids: query.raw().describe('crawler record ids, comma-separated (the same as ids[])'),
};

const readSelection = (
  q: z.output<z.ZodObject<typeof selectionKeys>>,
  ctx: z.core.$RefinementCtx,
): CrawlerSelection => {
  const ids = q['ids[]'] ?? readIds(['ids'])(q.ids, ctx);
  if (ids.length > 0) return { ids: [...new Set(ids)], project: q['filter[project]'] };
  return { filters: crawlerFilters(q) };
};

/** `DELETE crawlers/delete`: `ids[]` (within `filter[project]`), else what the list filters select. */
export const ZCrawlerDeleteQuery = z
  .object(selectionKeys)
  .transform((q, ctx) => ({ selection: readSelection(q, ctx) }));

/** `GET crawlers/export`: like the list (ticked `ids[]` or the filters), as csv or xlsx. */
export const ZCrawlerExportQuery = z
  .object({
    format: query
      .format(EXPORT_FILE_FORMATS, 'csv', EXPORT_FORMAT_ALIASES)
      .describe(EXPORT_FORMAT_DESCRIPTION),
    ...selectionKeys,
    sort: crawlerSort(),
  })
  .transform((q, ctx) => ({ format: q.format, selection: readSelection(q, ctx), sort: q.sort }));

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

/** The multipart fields of `POST crawlers/upload` beside `file`. */
export const ZCrawlerUploadFields = z.object({
  project: rules.id('validation.required'),
  source: z.coerce
    .number({ error: 'validation.required' })
    .refine((n) => (CRAWLER_SOURCES as readonly number[]).includes(n), { error: 'validation.invalid' }),
});
export type TCrawlerUploadFields = z.infer<typeof ZCrawlerUploadFields>;

const optionalDate = rules.date().optional();

/**
 * `POST crawlers/track`: add the referring pages not yet tracked as links of `campaign` (of the same
 * project). `ids` selects records; without ids, `filter` (the list filters) does.
 */
export const ZCrawlerTrackRequest = z.object({
  project: rules.id('validation.required'),
  campaign: rules.id('validation.required'),
  ids: z.array(rules.id()).max(CRAWLER_TRACK_MAX, { error: 'validation.max' }).optional(),
  filter: z
    .object({
      source: z.union(CRAWLER_SOURCES.map((s) => z.literal(s))).optional(),
      status: z.union(CRAWLER_STATUSES.map((s) => z.literal(s))).optional(),
      dateFrom: optionalDate,
      dateTo: optionalDate,
      query: rules.optionalString(2000),
    })
    .optional(),
});
export type TCrawlerTrackRequest = z.infer<typeof ZCrawlerTrackRequest>;

// ---------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------

export const ZCrawlerAttributes = z.object({
  /** The referring page (the "link" of spec point 3's crawler link record). */
  link: z.string(),
  source: z.number(),
  sourceText: z.string(),
  status: z.number(),
  statusText: z.string(),
  targetUrl: z.string().nullable(),
  anchor: z.string().nullable(),
  nofollow: z.boolean().nullable(),
  /** The date the file gave for the row (the spec's second column, or the export's last seen), YYYY-MM-DD. */
  seenOn: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  removedAt: z.string().nullable(),
  /** The referring page is a link of one of the project's campaigns (by normalised URL). */
  tracked: z.boolean(),
});
export type TCrawlerAttributes = z.infer<typeof ZCrawlerAttributes>;

export const ZCrawlerResource = resource('crawlers', ZCrawlerAttributes).extend({
  relationships: z.object({ campaigns: z.object({ data: z.array(ref('campaigns')) }) }),
});
export type TCrawlerResource = z.infer<typeof ZCrawlerResource>;

export const ZCrawlerCampaignResource = resource(
  'campaigns',
  z.object({ name: z.string(), tier: z.number() }),
);

export const ZCrawlerListResponse = listOf(ZCrawlerResource).extend({
  included: z.array(ZCrawlerCampaignResource),
});
export type TCrawlerListResponse = z.infer<typeof ZCrawlerListResponse>;

export const ZCrawlerCountsResponse = single(
  resource('crawlerCounts', z.object({ active: z.number(), new: z.number(), rip: z.number() })),
);
export type TCrawlerCounts = z.infer<typeof ZCrawlerCountsResponse>['data']['attributes'];

export const ZCrawlerChartResponse = z.object({
  data: z.array(z.object({ date: z.string(), new: z.number(), lost: z.number() })),
});
export type TCrawlerChartDay = z.infer<typeof ZCrawlerChartResponse>['data'][number];

export const ZCrawlerUploadResponse = single(
  resource(
    'crawlerImports',
    z.object({
      rows: z.number(),
      new: z.number(),
      active: z.number(),
      rip: z.number(),
      format: z.enum(CRAWLER_FILE_FORMATS),
      /** Rows not imported (not an address, or a date that does not read), as the link upload lists its lines. */
      invalidCount: z.number(),
      invalid: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
    }),
  ),
);
export type TCrawlerUploadResult = z.infer<typeof ZCrawlerUploadResponse>['data']['attributes'];

export const ZCrawlerDeleteResponse = z.object({ data: z.object({ deleted: z.number() }) });
export const ZCrawlerTrackResponse = z.object({ data: z.object({ added: z.number(), already: z.number() }) });
export type TCrawlerTrackResult = z.infer<typeof ZCrawlerTrackResponse>['data'];
