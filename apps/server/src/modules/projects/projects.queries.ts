import { IndexState, LinkListType, type TProjectStatistic } from '@linkwatch/shared';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { campaigns, linkCounters, projects } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export type Project = typeof projects.$inferSelect;

export async function insertProject(db: Queryable, values: typeof projects.$inferInsert) {
  const [project] = await db.insert(projects).values(values).returning();
  return project;
}

export async function updateOwnProject(
  db: Queryable,
  params: { userId: number; id: number; values: Partial<typeof projects.$inferInsert> },
) {
  const [project] = await db
    .update(projects)
    .set(params.values)
    .where(and(eq(projects.id, params.id), eq(projects.userId, params.userId)))
    .returning();
  return project;
}

/** Deletes the owner's project; answers whether there was one. */
export async function deleteOwnProject(db: Queryable, params: { userId: number; id: number }) {
  const deleted = await db
    .delete(projects)
    .where(and(eq(projects.id, params.id), eq(projects.userId, params.userId)))
    .returning({ id: projects.id });
  return deleted.length > 0;
}

export async function findProject(db: Queryable, params: { userId: number; id: number }) {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, params.id), eq(projects.userId, params.userId)));
  return project;
}

/** A page of the owner's projects and their total, in one statement (the total rides on each row). */
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
  const rows = await paginate(
    db
      .select({ project: projects, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(projects)
      .where(where)
      .orderBy(...order, asc(projects.id))
      .$dynamic(),
    params.page,
  );
  if (rows.length > 0 || params.page.number === 1) {
    return { rows: rows.map((row) => row.project), total: rows[0]?.total ?? 0 };
  }
  // A page past the end has no row to carry the total.
  return { rows: [], total: await db.$count(projects, where) };
}

/**
 * The link figures of a project's statistic, summed from link_counters (kept by triggers inside the
 * statements that change the links, see db/schema/counters.ts): a few rows a campaign instead of a count
 * over its links. The dashboard asks for them on every load, and counting a million links cost the
 * database ~1 s each time.
 */
const sumOf = (condition: SQL, name: string) =>
  sql<number>`coalesce(sum(${linkCounters.n}) filter (where ${condition}), 0)::int`.as(name);
const linkFigures = () => ({
  tierOne: sumOf(sql`${linkCounters.kind} = 'links' and ${linkCounters.tier} = 1`, 'tier_one'),
  tierTwo: sumOf(sql`${linkCounters.kind} = 'links' and ${linkCounters.tier} = 2`, 'tier_two'),
  indexed: sumOf(
    sql`${linkCounters.kind} = 'indexing' and ${linkCounters.key} = ${String(IndexState.Indexed)}`,
    'indexed',
  ),
  goodCode: sumOf(sql`${linkCounters.kind} = 'good'`, 'good_code'),
  badCode: sumOf(sql`${linkCounters.kind} = 'bad'`, 'bad_code'),
  total: sumOf(sql`${linkCounters.kind} = 'links'`, 'total'),
});
/** The counter rows the figures read: the owner's links on the Active tab, as the statistic always counted. */
const countedRows = (userId: number) =>
  and(
    eq(linkCounters.userId, userId),
    eq(linkCounters.listType, LinkListType.Active),
    inArray(linkCounters.kind, ['links', 'indexing', 'good', 'bad']),
  );

/**
 * Statistic per project: campaigns, links by tier, indexed, good (2xx) and bad response codes; one
 * statement, each project's figures summed beside it.
 */
export async function projectStatistics(db: Queryable, params: { userId: number; projectIds: number[] }) {
  const result = new Map<number, TProjectStatistic>();
  if (params.projectIds.length === 0) return result;
  const figures = db
    .select(linkFigures())
    .from(linkCounters)
    .where(and(countedRows(params.userId), eq(linkCounters.projectId, projects.id)))
    .as('figures');
  const rows = await db
    .select({
      projectId: projects.id,
      companies: db.$count(
        campaigns,
        and(eq(campaigns.userId, params.userId), eq(campaigns.projectId, projects.id)),
      ),
      tierOne: figures.tierOne,
      tierTwo: figures.tierTwo,
      indexed: figures.indexed,
      goodCode: figures.goodCode,
      badCode: figures.badCode,
      total: figures.total,
    })
    .from(projects)
    .leftJoinLateral(figures, sql`true`)
    .where(and(eq(projects.userId, params.userId), inArray(projects.id, params.projectIds)));
  for (const { projectId, ...statistic } of rows) result.set(projectId, statistic);
  return result;
}

/** The statistic over every project of the owner, in one statement (the dashboard's summary). */
export async function statisticTotals(db: Queryable, userId: number): Promise<TProjectStatistic> {
  const [totals] = await db
    .select({ companies: db.$count(campaigns, eq(campaigns.userId, userId)), ...linkFigures() })
    .from(linkCounters)
    .where(countedRows(userId));
  return totals;
}
