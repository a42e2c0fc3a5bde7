import {
  DATE_MAX_TIME,
  IndexState,
  LINK_STATUSES,
  LinkCheckStatus,
  LinkListType,
  type LinkStatus,
  REL_ATTRIBUTES,
  RESPONSE_CODE_GROUP_FILTERS,
  RobotsStatus,
  TIERS,
} from '@linkwatch/shared';
import { and, eq, getTableName, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { backlinks, links } from '../../db/schema/index.ts';
import { FieldError } from '../../errors.ts';
import {
  escapeLike,
  type RawQuery,
  readDateFilter,
  readFilter,
  readIdFilter,
  readNumberFilter,
} from '../../http/list-query.ts';

/**
 * The filters of the links table, the search page and every bulk call. Plain JSON on purpose:
 * a task (action) stores them as its `filters` and resolves them again when its worker runs.
 */
export interface LinkFilters {
  campaign?: number;
  project?: number;
  tier?: number;
  /** The tab: 1 history, 2 active, 3 disallow. */
  type: number;
  query?: string;
  responseCode?: number;
  responseCodeGroup?: (typeof RESPONSE_CODE_GROUP_FILTERS)[number];
  indexing?: number;
  indexingCapability?: number;
  attribute?: (typeof REL_ATTRIBUTES)[number];
  anchor?: string;
  /** What the last check read: found, missing (see LinkCheckStatus), unread, or never checked. */
  linkStatus?: LinkStatus;
  /** ISO instants; a bare `YYYY-MM-DD` "to" date is read as the end of that day (UTC). */
  createdFrom?: string;
  createdTo?: string;
  checkedFrom?: string;
  checkedTo?: string;
}

const LIST_TYPES = Object.values(LinkListType) as number[];
const INDEX_STATES = Object.values(IndexState) as number[];
const ROBOTS_STATUSES = Object.values(RobotsStatus) as number[];

function oneOf<T extends string | number>(
  query: RawQuery,
  name: string,
  allowed: readonly T[],
  read: (q: RawQuery, n: string) => T | undefined,
): T | undefined {
  const value = read(query, name);
  if (value !== undefined && !allowed.includes(value))
    throw new FieldError({ [`filter.${name}`]: 'validation.invalid' });
  return value;
}

const readString = (q: RawQuery, n: string) => readFilter(q, n);

/** `from` dates start at midnight; a bare `to` date includes that whole day. */
function readDate(query: RawQuery, name: string, edge: 'from' | 'to'): string | undefined {
  const date = readDateFilter(query, name);
  if (!date) return undefined;
  if (edge === 'from') return new Date(date.time).toISOString();
  // The WHERE compares `to` exclusively: the next day for a bare date, the next millisecond otherwise.
  const end = date.time + (date.dayOnly ? 24 * 60 * 60 * 1000 : 1);
  return new Date(Math.min(end, DATE_MAX_TIME)).toISOString();
}

export function readLinkFilters(query: RawQuery): LinkFilters {
  const positive = (name: string) => {
    const value = readNumberFilter(query, name);
    if (value !== undefined && value < 1) throw new FieldError({ [`filter.${name}`]: 'validation.invalid' });
    return value;
  };
  return {
    campaign: readIdFilter(query, 'campaign'),
    project: readIdFilter(query, 'project'),
    tier: oneOf(query, 'tier', TIERS, readNumberFilter),
    type: oneOf(query, 'type', LIST_TYPES, readNumberFilter) ?? LinkListType.Active,
    query: readFilter(query, 'query')?.trim() || undefined,
    responseCode: positive('responseCode'),
    responseCodeGroup: oneOf(
      query,
      'responseCodeGroup',
      RESPONSE_CODE_GROUP_FILTERS,
      (q, n) => readString(q, n) as LinkFilters['responseCodeGroup'],
    ),
    indexing: oneOf(query, 'indexing', INDEX_STATES, readNumberFilter),
    indexingCapability: oneOf(query, 'indexingCapability', ROBOTS_STATUSES, readNumberFilter),
    attribute: oneOf(
      query,
      'attribute',
      REL_ATTRIBUTES,
      (q, n) => readString(q, n)?.toLowerCase() as LinkFilters['attribute'],
    ),
    anchor: readFilter(query, 'anchor'),
    linkStatus: oneOf(query, 'linkStatus', LINK_STATUSES, (q, n) => readString(q, n) as LinkStatus),
    createdFrom: readDate(query, 'createdFrom', 'from'),
    createdTo: readDate(query, 'createdTo', 'to'),
    checkedFrom: readDate(query, 'checkedFrom', 'from'),
    checkedTo: readDate(query, 'checkedTo', 'to'),
  };
}

/** True when the query names at least one `filter[...]`: a bulk call then acts on what they select. */
export function hasAnyFilter(query: RawQuery): boolean {
  return Object.entries(query).some(
    ([key, value]) => key.startsWith('filter[') && value !== undefined && value !== '',
  );
}

/** 2xx; "bad" is any other answer, or a failure to get one (spec response-code groups). */
export const goodCode = sql`${links.responseCode} between 200 and 299`;
export const badCode = sql`((${links.responseCode} is not null and ${links.responseCode} not between 200 and 299) or ${links.responseCodeGroup} is not null)`;

function responseCodeGroupWhere(group: NonNullable<LinkFilters['responseCodeGroup']>): SQL {
  if (group === 'good') return goodCode;
  if (group === 'bad') return badCode;
  return eq(links.responseCodeGroup, Number(group));
}

function linkStatusWhere(status: LinkStatus): SQL {
  if (status === 'unchecked') return sql`${links.checkStatus} is null`;
  const id = {
    found: LinkCheckStatus.Found,
    missing: LinkCheckStatus.Missing,
    unread: LinkCheckStatus.Unread,
  };
  return eq(links.checkStatus, id[status]);
}

/**
 * `"table"."column"`, always. drizzle leaves columns unqualified in single-table queries, where a
 * correlated subquery's `"id"` would silently mean the inner table's id.
 */
export const qualified = (column: PgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const hasBacklinkWhere = (column: PgColumn, value: string) =>
  sql`exists (select 1 from ${backlinks} where ${qualified(backlinks.linkId)} = ${qualified(links.id)} and ${qualified(column)} = ${value})`;

/** The filters as a WHERE over `links`, always scoped to the owner. */
export function linkFiltersWhere(params: {
  userId: number;
  filters: LinkFilters;
  ignoreType?: boolean;
}): SQL {
  const f = params.filters;
  const pattern = f.query ? `%${escapeLike(f.query)}%` : undefined;
  return and(
    eq(links.userId, params.userId),
    f.campaign !== undefined ? eq(links.campaignId, f.campaign) : undefined,
    f.project !== undefined ? eq(links.projectId, f.project) : undefined,
    f.tier !== undefined ? eq(links.tier, f.tier) : undefined,
    params.ignoreType ? undefined : eq(links.listType, f.type),
    pattern ? or(ilike(links.url, pattern), ilike(links.title, pattern)) : undefined,
    f.responseCode !== undefined ? eq(links.responseCode, f.responseCode) : undefined,
    f.responseCodeGroup ? responseCodeGroupWhere(f.responseCodeGroup) : undefined,
    f.indexing !== undefined ? eq(links.indexing, f.indexing) : undefined,
    f.indexingCapability !== undefined ? eq(links.indexingCapabilityId, f.indexingCapability) : undefined,
    f.attribute ? hasBacklinkWhere(backlinks.attribute, f.attribute) : undefined,
    f.anchor !== undefined ? hasBacklinkWhere(backlinks.anchor, f.anchor) : undefined,
    f.linkStatus ? linkStatusWhere(f.linkStatus) : undefined,
    f.createdFrom ? gte(links.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lt(links.createdAt, new Date(f.createdTo)) : undefined,
    f.checkedFrom ? gte(links.dateCheckData, new Date(f.checkedFrom)) : undefined,
    f.checkedTo ? lt(links.dateCheckData, new Date(f.checkedTo)) : undefined,
  ) as SQL;
}
