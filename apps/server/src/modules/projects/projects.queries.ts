import { IndexState, LinkListType, type TProjectStatistic } from '@linkwatch/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { campaigns, linkCounters, projects } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export type Project = typeof projects.$inferSelect;

export async function findProject(db: Queryable, params: { userId: number; id: number }) {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, params.id), eq(projects.userId, params.userId)));
  return project;
}

export async function listProjects(
  db: Queryable,
  params: { userId: number; page: PageQuery; search?: string; favoritesFirst: boolean },
) {
  const where = and(
    eq(projects.userId, params.userId),
    params.search ? ilike(projects.name, `%${escapeLike(params.search)}%`) : undefined,
  );
  const order = params.favoritesFirst
    ? [desc(projects.isFavorite), asc(projects.name)]
    : [asc(projects.name)];
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select()
        .from(projects)
        .where(where)
        .orderBy(...order, asc(projects.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { rows, total };
}

const emptyStatistic = (): TProjectStatistic => ({
  companies: 0,
  tierOne: 0,
  tierTwo: 0,
  indexed: 0,
  goodCode: 0,
  badCode: 0,
  total: 0,
});

/**
 * The link figures of a project's statistic, summed from link_counters (kept by triggers inside the
 * statements that change the links, see db/schema/counters.ts): a few rows a campaign instead of a count
 * over its links. The dashboard asks for them on every load, and counting a million links cost the
 * database ~1 s each time.
 */
const sumOf = (condition: SQL) =>
  sql<number>`coalesce(sum(${linkCounters.n}) filter (where ${condition}), 0)::int`;
const linkFigures = {
  tierOne: sumOf(sql`${linkCounters.kind} = 'links' and ${linkCounters.tier} = 1`),
  tierTwo: sumOf(sql`${linkCounters.kind} = 'links' and ${linkCounters.tier} = 2`),
  indexed: sumOf(
    sql`${linkCounters.kind} = 'indexing' and ${linkCounters.key} = ${String(IndexState.Indexed)}`,
  ),
  goodCode: sumOf(sql`${linkCounters.kind} = 'good'`),
  badCode: sumOf(sql`${linkCounters.kind} = 'bad'`),
  total: sumOf(sql`${linkCounters.kind} = 'links'`),
};
/** The counter rows the figures read: the owner's links on the Active tab, as the statistic always counted. */
const countedRows = (userId: number) =>
  and(
    eq(linkCounters.userId, userId),
    eq(linkCounters.listType, LinkListType.Active),
    inArray(linkCounters.kind, ['links', 'indexing', 'good', 'bad']),
  );

/** Statistic per project: campaigns, links by tier, indexed, good (2xx) and bad response codes. */
export async function projectStatistics(db: Queryable, params: { userId: number; projectIds: number[] }) {
  const result = new Map<number, TProjectStatistic>(params.projectIds.map((id) => [id, emptyStatistic()]));
  if (params.projectIds.length === 0) return result;
  const [campaignCounts, linkCounts] = await Promise.all([
    db
      .select({ projectId: campaigns.projectId, companies: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, params.userId), inArray(campaigns.projectId, params.projectIds)))
      .groupBy(campaigns.projectId),
    db
      .select({ projectId: linkCounters.projectId, ...linkFigures })
      .from(linkCounters)
      .where(and(countedRows(params.userId), inArray(linkCounters.projectId, params.projectIds)))
      .groupBy(linkCounters.projectId),
  ]);
  for (const row of campaignCounts) result.get(row.projectId)!.companies = row.companies;
  for (const { projectId, ...counts } of linkCounts) Object.assign(result.get(projectId)!, counts);
  return result;
}

/** The statistic over every project of the owner, in one statement (the dashboard's summary). */
export async function statisticTotals(db: Queryable, userId: number): Promise<TProjectStatistic> {
  const [totals] = await db
    .select({
      companies: sql<number>`(${db.select({ n: count() }).from(campaigns).where(eq(campaigns.userId, userId))})::int`,
      ...linkFigures,
    })
    .from(linkCounters)
    .where(countedRows(userId));
  return totals;
}
