import { z } from 'zod';
import { rules } from '../validation.ts';
import { listOf, ref, resource, single } from './common.ts';
import { ZCrawlerCountsQuery, ZCrawlerDeleteQuery } from './crawlers.ts';

/**
 * Why a task leaves a selected page out before charging. An indexing request (action 3) leaves pages out in the order they are tried: already
 * indexed, never backlink-checked, its last check not 200, the backlink missing from it (a donor page
 * that does not link to the customer is not worth indexing), blocked by robots.txt, noindex (meta or
 * X-Robots-Tag), canonical pointing to another page, no indexing service for that kind of page. Last,
 * every paid link task leaves out tier 2 links that feed a dead tier 1 page (`deadTierOne`, issue 31),
 * unless started with `includeDeadFeeds`.
 */
export const SKIP_REASONS = [
  'indexed',
  'unchecked',
  'notOk',
  'missing',
  'robots',
  'noindex',
  'canonical',
  'noIndexer',
  'deadTierOne',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

// ---------------------------------------------------------------------------------------------------
// Actions (the spec's paid tasks): responses, keys in the order the server sends them.
// ---------------------------------------------------------------------------------------------------

export const ZActionAttributes = z.object({
  actionId: z.number(),
  actionText: z.string(),
  statusId: z.number(),
  statusText: z.string(),
  totalCount: z.number(),
  currentCount: z.number(),
  successCount: z.number(),
  errorCount: z.number(),
  totalErrorCount: z.number(),
  /** Credits per link, and what the task was charged and refunded. */
  price: z.number(),
  cost: z.number(),
  refunded: z.number(),
  message: z.string().nullable(),
  /** The list filters the task was started with (and a move's target campaign). */
  filters: z.record(z.string(), z.unknown()),
  /** Selected pages an indexing request left out before charging, counted by reason (see SKIP_REASONS). */
  skipped: z.record(z.string(), z.number()).nullable(),
  /** The days an indexing request spreads its pages over (drip feed); null for other tasks. */
  days: z.number().nullable(),
  isAutostart: z.boolean(),
  hasNewPeport: z.boolean(), // spec: spelt 'Peport'
  tier: z.number().nullable(),
  /** The action code again (`actionId`), as the spec's task table reads it. */
  type: z.number(),
  projectName: z.string().nullable(),
  campaignName: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The person who started the task (issue 27), the owner or a member; absent for scheduled ones. */
  actorName: z.string().optional(),
});
export type TActionAttributes = z.infer<typeof ZActionAttributes>;

export const ZActionResource = resource('actions', ZActionAttributes).extend({
  relationships: z.object({
    project: z.object({ data: ref('projects').nullable() }),
    campaign: z.object({ data: ref('campaigns').nullable() }),
  }),
});
export type TActionResource = z.infer<typeof ZActionResource>;

export const ZActionResponse = single(ZActionResource);
export type TActionResponse = z.infer<typeof ZActionResponse>;
export const ZActionListResponse = listOf(ZActionResource);
export type TActionListResponse = z.infer<typeof ZActionListResponse>;

/** `GET actions/dates`: the days (`YYYY-MM-DD`, UTC) with tasks, newest first. */
export const ZActionDatesResponse = z.object({ data: z.array(z.string()) });

/**
 * `GET actions/list`: the actions a user can start, with their names; an action whose outside
 * service is not configured is listed unavailable, with the reason in the user's language.
 */
export const ZActionTypeListResponse = z.object({
  data: z.array(
    resource(
      'actionTypes',
      z.object({
        id: z.number(),
        name: z.string(),
        available: z.boolean(),
        unavailableReason: z.string().nullable(),
        /** Set when the action runs on the offline demo's stand-in service, not a real one. */
        demoNote: z.string().nullable(),
      }),
    ),
  ),
});

export const ZActionPriceResource = resource(
  'actionPrices',
  z.object({ action: z.number(), price: z.number(), customPrice: z.boolean() }),
);
export const ZActionPriceListResponse = z.object({ data: z.array(ZActionPriceResource) });

/** What the price preview of a pull from a backlink data service adds: that service's own units. */
export const ZProviderUnits = z.object({
  provider: z.string(),
  backlinks: z.number(),
  rows: z.number(),
  requests: z.number(),
  units: z.number(),
  unitsLeft: z.number().nullable(),
  tooMany: z.boolean(),
});
export type TProviderUnits = z.infer<typeof ZProviderUnits>;

/**
 * What a backlink check's rendered pages may add to its cost (issue 31), priced apart (PricedExtra
 * RenderedCheck) and charged only per page that was rendered: the kept links in projects that render
 * every page (`always`: that many renders at most, each page that answers 200) and in projects that
 * render when the link is missing from the HTML (`missing`: up to that many, the check decides).
 */
export const ZRenderPreview = z.object({
  /** Credits per rendered page, the user's price. */
  price: z.number(),
  always: z.number(),
  missing: z.number(),
  /** `price × always`: what the `always` pages add. */
  cost: z.number(),
  /** `price × (always + missing)`: the most rendering can add. */
  maxCost: z.number(),
});
export type TRenderPreview = z.infer<typeof ZRenderPreview>;

/** `GET actions/{action}/balance`: what starting the action on the selection would cost (no id). */
export const ZActionCostResponse = z.object({
  data: z.object({
    type: z.literal('actionCosts'),
    attributes: z.object({
      /** `price × count`: only the pages the task will work on are charged. */
      cost: z.number(),
      price: z.number(),
      count: z.number(),
      balance: z.number(),
      /** Every selected link; `count` plus the skipped ones. */
      selected: z.number(),
      /** What an indexing request leaves out before charging, by reason (empty for other tasks). */
      skipped: z.array(z.object({ reason: z.enum(SKIP_REASONS), count: z.number(), title: z.string() })),
      /**
       * Selected tier 2 links that feed a dead tier 1 page (issue 31), not left out for another reason:
       * left out and not charged (listed under `skipped` as `deadTierOne`) unless `includeDeadFeeds`
       * was given, then counted in `count` and charged. 0 for tier 1 links and free tasks.
       */
      deadFeeds: z.number().optional(),
      /** A pull from a backlink data service (action 10): what it takes of that service's units. */
      providerUnits: ZProviderUnits.nullable().optional(),
      /**
       * A backlink check (action 2) on a server that renders: what rendering may add on top of `cost`
       * (not part of it, not reserved). Null when no kept link is in a project that renders, or the
       * server renders nothing; absent for other tasks.
       */
      render: ZRenderPreview.nullable().optional(),
    }),
  }),
});
export type TActionCost = z.infer<typeof ZActionCostResponse>['data']['attributes'];

// ---------------------------------------------------------------------------------------------------
// Tasks over a project's crawler data (issue 13): started through the same `POST actions/{action}/start`
// and priced through `GET actions/{action}/balance`, with the crawlers calls' own query keys.
// ---------------------------------------------------------------------------------------------------

/** Action 10 "load to crawlers": the project whose main domain's backlinks are pulled from Ahrefs. */
export const ZLoadToCrawlersFilters = z.object({ project: rules.id() });
export type TLoadToCrawlersFilters = z.infer<typeof ZLoadToCrawlersFilters>;

/**
 * Action 17 "remove from crawlers": the project, and its ticked records (`ids`, crawler record ids),
 * or, without ids, the list filters given beside them (what `DELETE crawlers/delete` would select).
 */
export const ZRemoveFromCrawlersFilters = z.object({
  project: rules.id(),
  ids: z.array(rules.id()).min(1).optional(),
  source: z.number().int().optional(),
  status: z.number().int().optional(),
  dateFrom: z.string().optional(),
  dateTo: z.string().optional(),
  query: z.string().optional(),
});
export type TRemoveFromCrawlersFilters = z.infer<typeof ZRemoveFromCrawlersFilters>;

/** `POST actions/10/start?filter[project]=ID` (and its price preview). */
export const ZLoadToCrawlersQuery = ZCrawlerCountsQuery.transform(
  ({ project }): TLoadToCrawlersFilters => ({ project }),
);

/** `POST actions/17/start?filter[project]=ID&ids[]=…` or `…&filter[source]=1&filter[status]=3&filter[query]=…`. */
export const ZRemoveFromCrawlersQuery = ZCrawlerDeleteQuery.transform(
  ({ selection }): TRemoveFromCrawlersFilters => {
    if ('ids' in selection) return { project: selection.project, ids: selection.ids };
    const { project, ...filters } = selection.filters;
    const kept = Object.entries(filters).filter(([, value]) => value !== undefined);
    return { project, ...Object.fromEntries(kept) };
  },
);
