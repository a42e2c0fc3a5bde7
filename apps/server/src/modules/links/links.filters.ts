import {
  LinkCheckStatus,
  type LinkFilters,
  LinkRole,
  type LinkRoleId,
  type LinkStatus,
  Quality,
  type QualityId,
} from '@linkwatch/shared';
import { and, eq, getTableName, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from '../../db/like.ts';
import { backlinks, links } from '../../db/schema/index.ts';

export type { LinkFilters };

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

const hasBacklinkLike = (column: PgColumn, pattern: string) =>
  sql`exists (select 1 from ${backlinks} where ${qualified(backlinks.linkId)} = ${qualified(links.id)} and ${qualified(column)} ilike ${pattern})`;

/** spec 4 link roles: the text searched in the donor page's URL, a backlink's anchor or its acceptor. */
function roleWhere(role: LinkRoleId | undefined, pattern: string): SQL {
  if (role === LinkRole.Donor) return ilike(links.url, pattern);
  if (role === LinkRole.Anchor) return hasBacklinkLike(backlinks.anchor, pattern);
  if (role === LinkRole.Acceptor) return hasBacklinkLike(backlinks.href, pattern);
  return or(ilike(links.url, pattern), ilike(links.title, pattern)) as SQL;
}

/** spec 4 Quality of the answer: good 2xx, medium 3xx, bad 4xx/5xx or no answer (a failure group). */
function qualityWhere(quality: QualityId): SQL {
  if (quality === Quality.Good) return goodCode;
  if (quality === Quality.Medium) return sql`${links.responseCode} between 300 and 399`;
  return sql`(${links.responseCode} >= 400 or ${links.responseCodeGroup} is not null)`;
}

type Filters = Partial<LinkFilters> & Pick<LinkFilters, 'type'>;

/**
 * A filter of one of spec 4's kinds, kept (include) or turned around (exclude): a link whose value is
 * not known (never checked, no title) is not the value named, so it stays when that value is left out.
 */
function kindWhere(f: Filters, kind: NonNullable<LinkFilters['exclude']>[number], where: SQL | undefined) {
  if (!where || !f.exclude?.includes(kind)) return where;
  return sql`(${where}) is not true`;
}

/** The filters as a WHERE over `links`, always scoped to the owner. */
export function linkFiltersWhere(params: {
  userId: number;
  /** As the query schemas parse them; a caller of its own (the bench) names only what it filters by. */
  filters: Partial<LinkFilters> & Pick<LinkFilters, 'type'>;
  ignoreType?: boolean;
}): SQL {
  const f = params.filters;
  const pattern = f.query ? `%${escapeLike(f.query)}%` : undefined;
  const title = f.title ? `%${escapeLike(f.title)}%` : undefined;
  const kind = (name: Parameters<typeof kindWhere>[1], where: SQL | undefined) => kindWhere(f, name, where);
  return and(
    eq(links.userId, params.userId),
    f.campaign !== undefined ? eq(links.campaignId, f.campaign) : undefined,
    f.project !== undefined ? eq(links.projectId, f.project) : undefined,
    f.tier !== undefined ? eq(links.tier, f.tier) : undefined,
    params.ignoreType ? undefined : eq(links.listType, f.type),
    pattern ? roleWhere(f.role, pattern) : undefined,
    kind('title', title ? ilike(links.title, title) : undefined),
    f.quality ? qualityWhere(f.quality) : undefined,
    kind('responseCode', f.responseCode !== undefined ? eq(links.responseCode, f.responseCode) : undefined),
    f.responseCodeGroup ? responseCodeGroupWhere(f.responseCodeGroup) : undefined,
    kind('indexing', f.indexing !== undefined ? eq(links.indexing, f.indexing) : undefined),
    kind(
      'indexingCapability',
      f.indexingCapability !== undefined ? eq(links.indexingCapabilityId, f.indexingCapability) : undefined,
    ),
    f.attribute ? hasBacklinkWhere(backlinks.attribute, f.attribute) : undefined,
    kind('anchor', f.anchor !== undefined ? hasBacklinkWhere(backlinks.anchor, f.anchor) : undefined),
    f.linkStatus ? linkStatusWhere(f.linkStatus) : undefined,
    f.createdFrom ? gte(links.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lt(links.createdAt, new Date(f.createdTo)) : undefined,
    f.checkedFrom ? gte(links.dateCheckData, new Date(f.checkedFrom)) : undefined,
    f.checkedTo ? lt(links.dateCheckData, new Date(f.checkedTo)) : undefined,
  ) as SQL;
}
