import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { campaigns, links, projects, schedules } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

export type Campaign = typeof campaigns.$inferSelect;

/** The one ownership look-up of a campaign: the user's campaign with its project's name and domains. */
export async function findCampaign(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .select({ campaign: campaigns, projectName: projects.name, projectDomains: projects.domains })
    .from(campaigns)
    .innerJoin(projects, eq(projects.id, campaigns.projectId))
    .where(and(eq(campaigns.id, params.id), eq(campaigns.userId, params.userId)));
  return row;
}

export interface CampaignFilters {
  project?: number;
  tier?: number;
  search?: string;
}

export async function listCampaigns(
  db: Queryable,
  params: { userId: number; page: PageQuery; filters: CampaignFilters },
) {
  const { filters } = params;
  const where = and(
    eq(campaigns.userId, params.userId),
    filters.project ? eq(campaigns.projectId, filters.project) : undefined,
    filters.tier ? eq(campaigns.tier, filters.tier) : undefined,
    filters.search ? ilike(campaigns.name, `%${escapeLike(filters.search)}%`) : undefined,
  );
  const activeLinks = sql<number>`(select count(*)::int from ${links} where ${links.campaignId} = ${campaigns.id} and ${links.listType} = 2)`;
  const [rows, [{ total }]] = await Promise.all([
    paginate(
      db
        .select({ campaign: campaigns, projectName: projects.name, linksCount: activeLinks })
        .from(campaigns)
        .innerJoin(projects, eq(projects.id, campaigns.projectId))
        .where(where)
        .orderBy(asc(campaigns.tier), asc(campaigns.name), asc(campaigns.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows, total };
}

export async function insertCampaign(
  db: Queryable,
  values: { userId: number; projectId: number; name: string; tier: number },
) {
  const [campaign] = await db.insert(campaigns).values(values).returning();
  return campaign;
}

/** Company settings: the name, and the weekdays and time of its scheduled checks; left out keeps. */
export type CampaignSettings = Partial<Pick<Campaign, 'name' | 'weekdays' | 'time'>>;

export async function updateCampaign(
  db: Queryable,
  params: { userId: number; id: number; values: CampaignSettings },
) {
  const [campaign] = await db
    .update(campaigns)
    .set({ ...params.values, updatedAt: new Date() })
    .where(and(eq(campaigns.id, params.id), eq(campaigns.userId, params.userId)))
    .returning();
  return campaign;
}

/** Answers whether the user's campaign existed; its links go with it. */
export async function deleteCampaign(db: Queryable, params: { userId: number; id: number }) {
  const deleted = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, params.id), eq(campaigns.userId, params.userId)))
    .returning({ id: campaigns.id });
  return deleted.length > 0;
}

/**
 * The user's schedules of one campaign with the cadence they follow (their period and start, the
 * campaign's time and weekdays): what a change of the campaign's time or weekdays moves.
 */
export function campaignScheduleCadences(db: Queryable, params: { userId: number; campaignId: number }) {
  return db
    .select({
      id: schedules.id,
      interval: schedules.interval,
      startAt: schedules.startAt,
      time: campaigns.time,
      weekdays: campaigns.weekdays,
    })
    .from(schedules)
    .innerJoin(campaigns, eq(campaigns.id, schedules.campaignId))
    .where(and(eq(schedules.campaignId, params.campaignId), eq(schedules.userId, params.userId)));
}

export async function setScheduleNextRun(
  db: Queryable,
  params: { userId: number; id: number; nextRunAt: Date },
) {
  await db
    .update(schedules)
    .set({ nextRunAt: params.nextRunAt })
    .where(and(eq(schedules.id, params.id), eq(schedules.userId, params.userId)));
}
