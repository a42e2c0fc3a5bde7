import { z } from 'zod';
import { ScheduleAction } from '../constants.ts';
import { DATE_MAX_TIME, parseIsoDate, rules } from '../validation.ts';
import { ref, ZPageMeta } from './common.ts';
import { EXPORT_FILE_FORMATS, EXPORT_FORMAT_ALIASES, EXPORT_FORMAT_DESCRIPTION } from './links.ts';
import { pageOf, query, readIds } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// Reports, report recipients (mailings) and schedules: constants, requests and responses.
// ---------------------------------------------------------------------------------------------------

/** What a check can report about a link (spec point 3, report change `changesType`). */
export const REPORT_CHANGE_TYPES = [
  'lost',
  'found',
  'anchor',
  'rel',
  'kind',
  'responseCode',
  'redirect',
  'indexingCapability',
  'indexing',
  'title',
  // An indexing request's page still not indexed at its re-check: `new` holds the credits refunded.
  'refund',
] as const;
export type ReportChangeType = (typeof REPORT_CHANGE_TYPES)[number];

export function isReportChangeType(value: unknown): value is ReportChangeType {
  return typeof value === 'string' && (REPORT_CHANGE_TYPES as readonly string[]).includes(value);
}

/** The mail kinds a recipient can switch off (spec point 4, tabs: report, actions, wiki). */
export const MAILING_FLAGS = ['actions', 'report', 'wiki'] as const;
export type MailingFlag = (typeof MAILING_FLAGS)[number];

/** Recipients per account: enough for a team, few enough that an account cannot be used to spam. */
export const MAILINGS_MAX = 20;
/** Change lines listed in a task's report mail; the rest are counted and left to the report page. */
export const REPORT_MAIL_MAX_LINES = 20;

export const SCHEDULE_ACTIONS = [
  ScheduleAction.AutoCheckIndexing,
  ScheduleAction.AutoCheckBacklinks,
] as const;
export const SCHEDULE_INTERVAL_MAX_DAYS = 365;
/** `HH:MM`, 00:00 to 23:59; schedule times are UTC. */
export const SCHEDULE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}/;

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

const flag = z.boolean({ error: 'validation.invalid' });

/** `POST mailings/`: every flag defaults to on (spec point 3, report recipient). */
export const ZCreateMailingRequest = z.object({
  email: rules.email(),
  actions: flag.default(true),
  report: flag.default(true),
  wiki: flag.default(true),
});
export type TCreateMailingRequest = z.infer<typeof ZCreateMailingRequest>;

/** `PUT mailings/{id}`: only the fields sent change. */
export const ZUpdateMailingRequest = z.object({
  email: rules.email().optional(),
  actions: flag.optional(),
  report: flag.optional(),
  wiki: flag.optional(),
});
export type TUpdateMailingRequest = z.infer<typeof ZUpdateMailingRequest>;

/** `POST mailings/unsubscribe` (no login): without `type`, every kind of mail is switched off. */
export const ZUnsubscribeRequest = z.object({
  token: rules.text('validation.required').max(200, { error: 'validation.invalid' }),
  type: z.enum(MAILING_FLAGS, { error: 'validation.invalid' }).nullish(),
});
export type TUnsubscribeRequest = z.infer<typeof ZUnsubscribeRequest>;

/** `POST reports/actions`: the tasks whose reports were seen; none means all of them. */
export const ZMarkReportsSeenRequest = z.object({ actions: z.array(rules.id()).optional() }).nullish();

const scheduleAction = z.coerce
  .number({ error: 'validation.required' })
  .refine((v) => (SCHEDULE_ACTIONS as readonly number[]).includes(v), { error: 'validation.invalid' });

const interval = z.coerce
  .number({ error: 'validation.numeric' })
  .int({ error: 'validation.numeric' })
  // Checked before the minimum so a negative value gets the spec's own message.
  .refine((v) => v >= 0, { error: 'validation.intervalNegative' })
  .min(1, { error: 'validation.min_value' })
  .max(SCHEDULE_INTERVAL_MAX_DAYS, { error: 'validation.max_value' });

const time = rules.text('validation.required').regex(SCHEDULE_TIME_PATTERN, { error: 'validation.invalid' });

/** A calendar day, `YYYY-MM-DD` (a full ISO timestamp is cut to its date), in the shared date range. */
const startAt = rules
  .text()
  .regex(DATE_PATTERN, { error: 'validation.invalid' })
  .transform((v) => v.slice(0, 10))
  .refine((v) => parseIsoDate(v) !== undefined, { error: 'validation.date' });

const campaign = rules.id('validation.required');

/** `POST schedules/` (spec point 3, save payload): creates, or updates the campaign's schedule of that action. */
export const ZCreateScheduleRequest = z.object({
  action: scheduleAction,
  interval: interval.default(1),
  /** The campaign's time of its checks (one for all of them); left out keeps the campaign's. */
  time: time.optional(),
  campaign,
  isActive: flag.default(true),
  startAt: startAt.nullish(),
});
export type TCreateScheduleRequest = z.infer<typeof ZCreateScheduleRequest>;

/** `PUT schedules/{id}`: the same body; fields left out keep their value. */
export const ZUpdateScheduleRequest = z.object({
  action: scheduleAction.optional(),
  interval: interval.optional(),
  time: time.optional(),
  campaign: campaign.nullish(),
  isActive: flag.optional(),
  startAt: startAt.nullish(),
});
export type TUpdateScheduleRequest = z.infer<typeof ZUpdateScheduleRequest>;

// ---------------------------------------------------------------------------------------------------
// Responses (the web infers its types from these)
// ---------------------------------------------------------------------------------------------------

export const ZReportChangeAttributes = z.object({
  reportLinkId: z.number(),
  changesType: z.enum(REPORT_CHANGE_TYPES),
  changesTypeText: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
  oldTitle: z.string().nullable(),
  newTitle: z.string().nullable(),
  title: z.string().nullable(),
  count: z.number(),
  status: z.number(),
});
export const ZReportChangeResource = z.object({
  id: z.number(),
  type: z.literal('reportChanges'),
  attributes: ZReportChangeAttributes,
});
export type TReportChangeResource = z.infer<typeof ZReportChangeResource>;

export const ZReportLinkResource = z.object({
  id: z.number(),
  type: z.literal('reportLinks'),
  attributes: z.object({
    url: z.string(),
    projectId: z.number().nullable(),
    campaignId: z.number().nullable(),
    campaignName: z.string().nullable(),
    /** The task (`actions` row) whose check produced this report. */
    actionId: z.number().nullable(),
    /**
     * The person who started that task (issue 27), the owner or a member; null for a schedule's, or
     * when not known (no longer a person of the account).
     */
    actorName: z.string().nullable(),
    linkId: z.number().nullable(),
    createdAt: z.string(),
    seen: z.boolean(),
    /**
     * Issue 31: the check kept evidence of this change (both states, their screenshots), read at
     * `GET reports/links/{id}/evidence`.
     */
    evidence: z.boolean(),
    changes: z.array(ZReportChangeAttributes.extend({ id: z.number() })),
  }),
  relationships: z.object({
    campaign: z.object({ data: ref('campaigns').nullable() }),
    action: z.object({ data: ref('actions').nullable() }),
    changes: z.object({ data: z.array(ref('reportChanges')) }),
  }),
});
export type TReportLinkResource = z.infer<typeof ZReportLinkResource>;

export const ZReportLinkListResponse = z.object({
  data: z.array(ZReportLinkResource),
  included: z.array(ZReportChangeResource),
  meta: ZPageMeta,
});

/** One change with the link it belongs to (`GET reports/changes/{type}`). */
export const ZReportChangeListResponse = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      type: z.literal('reportChanges'),
      attributes: ZReportChangeAttributes.extend({
        url: z.string(),
        campaignId: z.number().nullable(),
        campaignName: z.string().nullable(),
        actionId: z.number().nullable(),
        actorName: z.string().nullable(),
        createdAt: z.string(),
        seen: z.boolean(),
      }),
    }),
  ),
  meta: ZPageMeta,
});

export const ZReportCountsResponse = z.object({
  data: z.object({
    id: z.number(),
    type: z.literal('reportCounts'),
    attributes: z.object({
      /** Report links matching the filters (changesType aside). */
      total: z.number(),
      /** Of those, not yet marked seen. */
      unseen: z.number(),
      /** New backlinks (changes of type found) and lost ones. */
      new: z.number(),
      lost: z.number(),
      /** Every change of the filtered links. */
      changes: z.number(),
      types: z.record(z.enum(REPORT_CHANGE_TYPES), z.number()),
    }),
  }),
});

export const ZReportCountResponse = z.object({ data: z.object({ count: z.number() }) });

/** `reports/trend`: backlinks found and lost per UTC day, oldest first, the last LINK_CHART_DAYS days. */
export const ZReportTrendResponse = z.object({
  data: z.object({
    id: z.number(),
    type: z.literal('reportTrend'),
    attributes: z.object({
      days: z.array(
        z.object({
          /** `YYYY-MM-DD` (UTC) */
          date: z.string(),
          /** Changes of type found: a check read the backlink on a page that lacked it (or was new). */
          found: z.number(),
          /** Changes of type lost: a page that answered 200 missed the backlink twice in a row. */
          lost: z.number(),
        }),
      ),
    }),
  }),
});

export const ZMailingResource = z.object({
  id: z.number(),
  type: z.literal('mailings'),
  attributes: z.object({
    email: z.string(),
    actions: z.boolean(),
    report: z.boolean(),
    wiki: z.boolean(),
    createdAt: z.string(),
  }),
});
export type TMailingResource = z.infer<typeof ZMailingResource>;
export const ZMailingResponse = z.object({ data: ZMailingResource });
export const ZMailingListResponse = z.object({ data: z.array(ZMailingResource), meta: ZPageMeta });

export const ZScheduleResource = z.object({
  id: z.number(),
  type: z.literal('schedules'),
  attributes: z.object({
    campaignId: z.number(),
    domains: z.array(z.string()),
    actionId: z.number(),
    actionText: z.string(),
    interval: z.number(),
    /** `YYYY-MM-DD` */
    startAt: z.string(),
    /** `HH:MM`, UTC: its campaign's time, one for all of the campaign's checks. */
    time: z.string(),
    /** Its campaign's ISO weekdays (1 Monday): a run on another day waits for the next of these. */
    weekdays: z.array(z.number()),
    isActive: z.boolean(),
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
  }),
});
export type TScheduleResource = z.infer<typeof ZScheduleResource>;
export const ZScheduleResponse = z.object({ data: ZScheduleResource });

/** Schedule project group (spec point 3). */
export const ZScheduleProjectResource = z.object({
  id: z.number(),
  type: z.literal('scheduleProjects'),
  attributes: z.object({
    name: z.string(),
    domains: z.array(z.string()),
    /** Campaigns in the project, and how many of them have an active schedule of each action. */
    total: z.number(),
    backlinks: z.number(),
    indexing: z.number(),
    isOpen: z.boolean(),
    campaigns: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        tier: z.number(),
        /** The campaign settings' weekdays and time of its scheduled checks. */
        weekdays: z.array(z.number()),
        time: z.string(),
        checkBacklinks: ZScheduleResource.nullable(),
        checkIndexing: ZScheduleResource.nullable(),
      }),
    ),
  }),
});
export type TScheduleProjectResource = z.infer<typeof ZScheduleProjectResource>;
export const ZScheduleProjectListResponse = z.object({
  data: z.array(ZScheduleProjectResource),
  meta: ZPageMeta,
});

// ---------------------------------------------------------------------------------------------------
// Query strings
// ---------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : undefined);

/** `filter[changesType]=lost` or a comma-separated list `lost,found`. */
const changesTypes = () =>
  query.text().transform((value, ctx): ReportChangeType[] | undefined => {
    if (!value) return undefined;
    const types = value.split(',').map((t) => t.trim());
    if (types.every(isReportChangeType)) return types;
    ctx.addIssue({ code: 'custom', message: 'validation.invalid', input: value });
    return undefined;
  });

/** spec point 5: 'Please, select a project.', as the whole answer's message, not only the field's. */
const requiredProject = () =>
  query.id().transform((id, ctx): number => {
    if (id !== undefined) return id;
    ctx.addIssue({
      code: 'custom',
      message: 'reports.errors.selectProject',
      params: { summary: 'reports.errors.selectProject' },
      input: undefined,
    });
    return z.NEVER;
  });

/** The report page's filters, in the order they are checked; `filter[project]` is required. */
const reportFilterKeys = {
  'filter[project]': requiredProject().describe('project id (required)'),
  'filter[dateFrom]': query.day().describe('first day, YYYY-MM-DD (UTC)'),
  'filter[dateTo]': query.day().describe('last day, YYYY-MM-DD (UTC, inclusive)'),
  'links[]': query.ids().describe('report link ids (export of a selection)'),
  links: query.raw().describe('report link ids, comma-separated (the same as links[])'),
  'filter[campaign]': query.id().describe('campaign id'),
  'filter[action]': query.id().describe('task id'),
  'filter[changesType]': changesTypes().describe('change types, comma-separated (lost, found, title, …)'),
};
type ReportFilterInput = z.output<z.ZodObject<typeof reportFilterKeys>>;

/** The filters of every report call, the days as a span. */
function reportFilters(q: ReportFilterInput, ctx: z.core.$RefinementCtx) {
  const lastDay = dayStart(q['filter[dateTo]']);
  const reportLinkIds = q['links[]'] ?? readIds(['links'])(q.links, ctx);
  return {
    project: q['filter[project]'],
    campaign: q['filter[campaign]'],
    /** The task (actions row) whose check produced the report. */
    action: q['filter[action]'],
    changesTypes: q['filter[changesType]'],
    /** Inclusive start of the first day, exclusive end of the last day. */
    from: dayStart(q['filter[dateFrom]']),
    to: lastDay ? new Date(Math.min(lastDay.getTime() + DAY_MS, DATE_MAX_TIME)) : undefined,
    /** Ticked report links (export of a selection). */
    reportLinkIds: reportLinkIds.length ? reportLinkIds : undefined,
  };
}
export type ReportFilters = ReturnType<typeof reportFilters>;

/** `reports/counts`. */
export const ZReportCountsQuery = z
  .object(reportFilterKeys)
  .transform((q, ctx) => ({ filters: reportFilters(q, ctx) }));

/** `reports/trend`: the owner's whole account, one project or one campaign. */
export const ZReportTrendQuery = z
  .object({
    'filter[project]': query.id().describe('project id'),
    'filter[campaign]': query.id().describe('campaign id'),
  })
  .transform((q) => ({ project: q['filter[project]'], campaign: q['filter[campaign]'] }));

/** `reports/links`. */
export const ZReportQuery = z
  .object({ ...reportFilterKeys, ...query.page() })
  .transform((q, ctx) => ({ filters: reportFilters(q, ctx), page: pageOf(q) }));
export type TReportQuery = z.output<typeof ZReportQuery>;

/** `reports/changes/{type}`: the same keys, its page checked first. */
export const ZReportChangesQuery = z
  .object({ ...query.page(), ...reportFilterKeys })
  .transform((q, ctx) => ({ filters: reportFilters(q, ctx), page: pageOf(q) }));

/** `reports/export`. */
export const ZReportExportQuery = z
  .object({
    format: query
      .format(EXPORT_FILE_FORMATS, 'csv', EXPORT_FORMAT_ALIASES)
      .describe(EXPORT_FORMAT_DESCRIPTION),
    ...reportFilterKeys,
  })
  .transform((q, ctx) => ({ format: q.format, filters: reportFilters(q, ctx) }));

/** `POST reports/actions`: the tasks whose reports were seen, when no body names them. */
export const ZMarkReportsSeenQuery = z
  .object({
    'actions[]': query.ids().describe('task ids; none means all'),
    actions: query.raw().describe('task ids, comma-separated (the same as actions[])'),
  })
  .transform((q, ctx) => ({ actions: q['actions[]'] ?? readIds(['actions'])(q.actions, ctx) }));
