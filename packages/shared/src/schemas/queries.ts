import { z } from 'zod';
import { ActionCode, IndexState, TaskStatus, TIERS } from '../constants.ts';
import { pageOf, query, readList } from './list-query.ts';

/**
 * The query strings of list calls, parsed into typed values (pages, filters, sorts) from the pieces of
 * `list-query.ts`; each schema names every key its call reads, so the OpenAPI document, clients and the
 * fuzz suite see them all. The links', anchors' and reports' own are beside their schemas.
 */

/** `GET projects` and `GET campaigns`: the dropdowns' search and paging (up to 1000 a page). */
const dropdownPage = () => query.page({ maxSize: 1000 }, '1 to 1000');
const dropdownSearch = () => query.search().describe('name contains (empty, or at least 3 characters)');

export const ZProjectListQuery = z
  .object({ ...dropdownPage(), 'filter[query]': dropdownSearch() })
  .transform((q) => ({ page: pageOf(q), search: q['filter[query]'] }));
export type TProjectListQuery = z.output<typeof ZProjectListQuery>;

/** `GET categories`: the category dropdown and the sidebar's groups (same paging and search). */
export const ZCategoryListQuery = ZProjectListQuery;

export const ZCampaignListQuery = z
  .object({
    ...dropdownPage(),
    'filter[project]': query.id().describe('project id'),
    'filter[tier]': query.number(TIERS).describe('1 or 2'),
    'filter[query]': dropdownSearch(),
  })
  .transform((q) => ({
    page: pageOf(q),
    filters: { project: q['filter[project]'], tier: q['filter[tier]'], search: q['filter[query]'] },
  }));
export type TCampaignListQuery = z.output<typeof ZCampaignListQuery>;

const STATUS_NAMES: Record<string, number> = {
  waiting: TaskStatus.Waiting,
  process: TaskStatus.Process,
  done: TaskStatus.Done,
  fail: TaskStatus.Fail,
};
const STATUS_IDS = new Set<number>(Object.values(TaskStatus));
/** A task status by name (as the spec's task count call sends it) or by id. */
const readStatus = (value: string) => {
  const v = value.toLowerCase();
  const status = STATUS_NAMES[v] ?? (/^\d{1,3}$/.test(v) ? Number(v) : undefined);
  return status !== undefined && STATUS_IDS.has(status) ? status : undefined;
};
const statuses = 'waiting, process, done, fail (comma-separated), or status ids';

/** `GET actions`: the tasks page. */
export const ZActionListQuery = z
  .object({
    ...query.page({ maxSize: 200 }, '1 to 200'),
    'filter[statuses]': query.list(readStatus).describe(statuses),
    // Read only when `filter[statuses]` is absent, as the web app sends the list: `filter[statuses][]=2`.
    'filter[statuses][]': query.raw().describe(`${statuses}; the same as a list`),
    'filter[action]': query.number(Object.values(ActionCode)).describe('action code'),
    'filter[project]': query.id().describe('project id'),
    'filter[campaign]': query.id().describe('campaign id'),
    'filter[date]': query.day({ wholeDay: true }).describe('day the task was created, YYYY-MM-DD (UTC)'),
  })
  .transform((q, ctx) => ({
    page: pageOf(q),
    filters: {
      statuses:
        q['filter[statuses]'] ??
        readList(readStatus, ['filter[statuses]'])(q['filter[statuses][]'], ctx) ??
        [],
      action: q['filter[action]'],
      project: q['filter[project]'],
      campaign: q['filter[campaign]'],
      date: q['filter[date]'],
    },
  }));
export type TActionListQuery = z.output<typeof ZActionListQuery>;

/** Plain paged lists (`GET mailings`). */
export const ZPageQuery = z.object(query.page()).transform((q) => ({ page: pageOf(q) }));
export type TPageQuery = z.output<typeof ZPageQuery>;

/** `GET schedules/projects`. */
export const ZScheduleListQuery = z
  .object({ ...query.page(), 'filter[project]': query.id().describe('project id') })
  .transform((q) => ({ page: pageOf(q), project: q['filter[project]'] }));
export type TScheduleListQuery = z.output<typeof ZScheduleListQuery>;

/** `GET index-histories`: the index history page of a link, campaign or project. */
export const ZIndexHistoryListQuery = z
  .object({
    ...query.page(),
    'filter[link]': query.id().describe('link id'),
    'filter[campaign]': query.id().describe('campaign id'),
    'filter[project]': query.id().describe('project id'),
    'filter[tier]': query.number(TIERS).describe('1 or 2'),
    'filter[value]': query
      .number(Object.values(IndexState))
      .describe('0 unverified, 1 indexed, 2 not indexed'),
  })
  .transform((q) => ({
    page: pageOf(q),
    filters: {
      link: q['filter[link]'],
      campaign: q['filter[campaign]'],
      project: q['filter[project]'],
      tier: q['filter[tier]'],
      value: q['filter[value]'],
    },
  }));
export type TIndexHistoryListQuery = z.output<typeof ZIndexHistoryListQuery>;

const LINK_INCLUDES = ['backlinks', 'histories', 'indexHistories', 'crawlers'] as const;
export type LinkInclude = (typeof LINK_INCLUDES)[number];

/** `GET links/{id}`: what to include besides the link. A list of values (`include=a&include=b`) includes nothing. */
export const ZLinkShowQuery = z
  .object({
    include: query
      .raw()
      .transform((value, ctx) => {
        const names = (typeof value === 'string' ? value : '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (names.every((n) => (LINK_INCLUDES as readonly string[]).includes(n)))
          return new Set(names as LinkInclude[]);
        ctx.addIssue({ code: 'custom', message: 'validation.invalid', input: value });
        return z.NEVER;
      })
      .describe('comma-separated: backlinks, histories, indexHistories, crawlers'),
  })
  .transform((q) => ({ includes: q.include }));
