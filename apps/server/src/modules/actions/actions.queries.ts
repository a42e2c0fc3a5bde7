import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import { actions, campaigns, projects } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export interface ActionFilters {
  statuses?: number[];
  action?: number;
  project?: number;
  campaign?: number;
  /** A day (YYYY-MM-DD) the task was created on. */
  date?: string;
}

export async function listActions(
  db: Queryable,
  params: { userId: number; page: PageQuery; filters: ActionFilters },
) {
  const { filters } = params;
  const where = and(
    eq(actions.userId, params.userId),
    filters.statuses?.length ? inArray(actions.statusId, filters.statuses) : undefined,
    filters.action ? eq(actions.actionId, filters.action) : undefined,
    filters.project ? eq(actions.projectId, filters.project) : undefined,
    filters.campaign ? eq(actions.campaignId, filters.campaign) : undefined,
    filters.date ? gte(actions.createdAt, new Date(`${filters.date}T00:00:00Z`)) : undefined,
    filters.date
      ? lt(actions.createdAt, new Date(new Date(`${filters.date}T00:00:00Z`).getTime() + 86_400_000))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({ action: actions, project: projects.name, campaign: campaigns.name })
        .from(actions)
        .leftJoin(projects, eq(projects.id, actions.projectId))
        .leftJoin(campaigns, eq(campaigns.id, actions.campaignId))
        .where(where)
        .orderBy(desc(actions.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ total: count() }).from(actions).where(where),
  ]);
  return { rows, total };
}

export async function findAction(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .select({ action: actions, project: projects.name, campaign: campaigns.name })
    .from(actions)
    .leftJoin(projects, eq(projects.id, actions.projectId))
    .leftJoin(campaigns, eq(campaigns.id, actions.campaignId))
    .where(and(eq(actions.id, params.id), eq(actions.userId, params.userId)));
  return row;
}

/** Days that have tasks, newest first, for the tasks page's date filter. */
export async function actionDates(db: Queryable, userId: number) {
  const rows = await db
    .select({ day: sql<string>`to_char(${actions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')` })
    .from(actions)
    .where(eq(actions.userId, userId))
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`)
    .limit(366);
  return rows.map((r) => r.day);
}
