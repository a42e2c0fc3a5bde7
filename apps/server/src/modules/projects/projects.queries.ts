import { IndexState, type TProjectStatistic } from '@linkwatch/shared';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { campaigns, links, projects } from '../../db/schema/index.ts';
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
      .select({
        projectId: links.projectId,
        tierOne: sql<number>`count(*) filter (where ${links.tier} = 1)::int`,
        tierTwo: sql<number>`count(*) filter (where ${links.tier} = 2)::int`,
        indexed: sql<number>`count(*) filter (where ${links.indexing} = ${IndexState.Indexed})::int`,
        goodCode: sql<number>`count(*) filter (where ${links.responseCode} between 200 and 299)::int`,
        badCode: sql<number>`count(*) filter (where ${links.responseCode} is not null and ${links.responseCode} not between 200 and 299 or ${links.responseCodeGroup} is not null)::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(links)
      .where(
        and(
          eq(links.userId, params.userId),
          inArray(links.projectId, params.projectIds),
          eq(links.listType, 2),
        ),
      )
      .groupBy(links.projectId),
  ]);
  for (const row of campaignCounts) result.get(row.projectId)!.companies = row.companies;
  for (const { projectId, ...counts } of linkCounts) Object.assign(result.get(projectId)!, counts);
  return result;
}

export function sumStatistics(statistics: Iterable<TProjectStatistic>): TProjectStatistic {
  const total = emptyStatistic();
  for (const s of statistics)
    for (const key of Object.keys(total) as (keyof TProjectStatistic)[]) total[key] += s[key];
  return total;
}

export async function allProjectIds(db: Queryable, userId: number) {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.userId, userId));
  return rows.map((r) => r.id);
}
