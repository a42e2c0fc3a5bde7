import type { ReportChangeType, ReportFilters } from '@linkwatch/shared';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { belongsToAccount } from '../../db/account-people.ts';
import type { Queryable } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import {
  actions,
  campaigns,
  linkEvidence,
  links,
  reportChanges,
  reportLinks,
  users,
} from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';
import { taskStarterId } from '../actions/actions.queries.ts';

export type ReportLinkRow = typeof reportLinks.$inferSelect;
export type ReportChangeRow = typeof reportChanges.$inferSelect;

const ofTypes = (types: ReportChangeType[] | undefined) =>
  types?.length ? inArray(reportChanges.changesType, types) : undefined;

/**
 * The owner's report links matching the filters. With a change-type filter, a link matches when it has
 * at least one change of those types.
 */
export function reportLinkWhere(userId: number, filters: ReportFilters, options = { byType: true }): SQL {
  const types = options.byType ? filters.changesTypes : undefined;
  return and(
    eq(reportLinks.userId, userId),
    eq(reportLinks.projectId, filters.project),
    filters.campaign ? eq(reportLinks.campaignId, filters.campaign) : undefined,
    filters.action ? eq(reportLinks.actionId, filters.action) : undefined,
    filters.from ? gte(reportLinks.createdAt, filters.from) : undefined,
    filters.to ? lt(reportLinks.createdAt, filters.to) : undefined,
    filters.reportLinkIds ? inArray(reportLinks.id, filters.reportLinkIds) : undefined,
    types?.length
      ? sql`exists (select 1 from ${reportChanges} where ${reportChanges.reportLinkId} = ${reportLinks.id} and ${ofTypes(types)})`
      : undefined,
  )!;
}

/** Changes of the filtered report links, of the filtered types. */
export function reportChangeWhere(userId: number, filters: ReportFilters): SQL {
  return and(reportLinkWhere(userId, filters, { byType: false }), ofTypes(filters.changesTypes))!;
}

/**
 * The person who started the check that made the report link (issue 27: the task's starter, the owner
 * or a member, as the tasks page names them), named only while they belong to the account; null for
 * a schedule's check.
 */
const actorName = sql<string | null>`(
  select ${users.name} from ${actions} join ${users} on ${users.id} = ${taskStarterId}
  where ${actions.id} = ${reportLinks.actionId} and ${actions.userId} = ${reportLinks.userId}
    and ${belongsToAccount(actions.userId, users.id)})`;

const linkFields = { link: reportLinks, campaignName: campaigns.name, actorName };

/** Issue 31: whether the check that made the report link kept evidence of the link's change. */
const hasEvidence = sql<boolean>`exists (
  select 1 from ${linkEvidence} where ${linkEvidence.linkId} = ${reportLinks.linkId}
    and ${linkEvidence.actionId} = ${reportLinks.actionId} and ${linkEvidence.userId} = ${reportLinks.userId})`;

export async function listReportLinks(
  db: Queryable,
  params: { userId: number; filters: ReportFilters; page: PageQuery },
) {
  const where = reportLinkWhere(params.userId, params.filters);
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({ ...linkFields, hasEvidence })
        .from(reportLinks)
        .leftJoin(campaigns, eq(campaigns.id, reportLinks.campaignId))
        .where(where)
        .orderBy(desc(reportLinks.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ total: count() }).from(reportLinks).where(where),
  ]);
  return { rows, total };
}

/** The changes of the given report links, narrowed to the filtered types when there are some. */
export async function changesOf(
  db: Queryable,
  params: { reportLinkIds: number[]; types?: ReportChangeType[] },
): Promise<ReportChangeRow[]> {
  if (params.reportLinkIds.length === 0) return [];
  return db
    .select()
    .from(reportChanges)
    .where(and(inArray(reportChanges.reportLinkId, params.reportLinkIds), ofTypes(params.types)))
    .orderBy(asc(reportChanges.id));
}

/** `reports/changes/{type}`: changes of one type, newest first, each with its link. */
export async function listChangesOfType(
  db: Queryable,
  params: { userId: number; filters: ReportFilters; type: ReportChangeType; page: PageQuery },
) {
  const where = reportChangeWhere(params.userId, { ...params.filters, changesTypes: [params.type] });
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({ change: reportChanges, ...linkFields })
        .from(reportChanges)
        .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
        .leftJoin(campaigns, eq(campaigns.id, reportLinks.campaignId))
        .where(where)
        .orderBy(desc(reportChanges.id))
        .$dynamic(),
      params.page,
    ),
    db
      .select({ total: count() })
      .from(reportChanges)
      .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
      .where(where),
  ]);
  return { rows, total };
}

/** Changes per type, and report links (all and unseen), for the filters without the type filter. */
export async function reportCounts(db: Queryable, params: { userId: number; filters: ReportFilters }) {
  const where = reportLinkWhere(params.userId, params.filters, { byType: false });
  const [byType, [links]] = await Promise.all([
    db
      .select({ type: reportChanges.changesType, count: count() })
      .from(reportChanges)
      .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
      .where(where)
      .groupBy(reportChanges.changesType),
    db
      .select({
        total: count(),
        unseen: sql<number>`count(*) filter (where ${reportLinks.seenAt} is null)::int`,
      })
      .from(reportLinks)
      .where(where),
  ]);
  return { byType, total: links.total, unseen: Number(links.unseen) };
}

/**
 * Marks reports seen: the tasks lose their "new report" mark and their report links get `seen_at`.
 * No task ids means every task of the user.
 */
export async function markReportsSeen(db: Queryable, params: { userId: number; actionIds?: number[] }) {
  const ids = params.actionIds?.length ? params.actionIds : undefined;
  await db
    .update(actions)
    .set({ hasNewReport: false })
    .where(
      and(
        eq(actions.userId, params.userId),
        eq(actions.hasNewReport, true),
        ids ? inArray(actions.id, ids) : undefined,
      ),
    );
  await db
    .update(reportLinks)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(reportLinks.userId, params.userId),
        isNull(reportLinks.seenAt),
        ids ? inArray(reportLinks.actionId, ids) : undefined,
      ),
    );
}

export async function countReportChanges(db: Queryable, where: SQL) {
  const [row] = await db
    .select({ count: count() })
    .from(reportChanges)
    .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
    .where(where);
  return row.count;
}

/**
 * `reports/trend`: found and lost changes per UTC day (of their check) since `from`, of the owner's
 * report links, narrowed to a project or a campaign when asked.
 */
export async function foundLostPerDay(
  db: Queryable,
  params: { userId: number; project?: number; campaign?: number; from: Date },
) {
  const day = sql<string>`to_char(${reportLinks.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      date: day,
      found: sql<number>`count(*) filter (where ${reportChanges.changesType} = 'found')::int`,
      lost: sql<number>`count(*) filter (where ${reportChanges.changesType} = 'lost')::int`,
    })
    .from(reportChanges)
    .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
    .where(
      and(
        eq(reportLinks.userId, params.userId),
        params.project ? eq(reportLinks.projectId, params.project) : undefined,
        params.campaign ? eq(reportLinks.campaignId, params.campaign) : undefined,
        gte(reportLinks.createdAt, params.from),
        inArray(reportChanges.changesType, ['found', 'lost']),
      ),
    )
    .groupBy(sql`1`);
}

/** The export's next changes after `afterId`, oldest first: a keyset chunk, an index range scan. */
export function exportChunk(db: Queryable, params: { where: SQL; afterId: number; limit: number }) {
  return (
    db
      .select({
        change: reportChanges,
        link: reportLinks,
        campaignName: campaigns.name,
        pageTitle: links.title,
      })
      .from(reportChanges)
      .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
      .leftJoin(campaigns, eq(campaigns.id, reportLinks.campaignId))
      // The page's title as the links table shows it, for changes recorded before a title was read.
      .leftJoin(links, and(eq(links.id, reportLinks.linkId), eq(links.userId, reportLinks.userId)))
      .where(and(params.where, gt(reportChanges.id, params.afterId)))
      .orderBy(asc(reportChanges.id))
      .limit(params.limit)
  );
}
