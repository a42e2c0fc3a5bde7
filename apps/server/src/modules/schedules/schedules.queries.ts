import { and, asc, count, eq, getTableColumns, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import { campaigns, projects, schedules, users } from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';

/** A schedule with its campaign's time and weekdays: the whole cadence the scheduler follows. */
const withCadence = { ...getTableColumns(schedules), time: campaigns.time, weekdays: campaigns.weekdays };
export type Schedule = typeof schedules.$inferSelect & { time: string; weekdays: number[] };
export type ScheduleValues = Pick<
  typeof schedules.$inferInsert,
  'campaignId' | 'actionId' | 'interval' | 'startAt' | 'isActive' | 'nextRunAt'
>;

const selectSchedules = (db: Queryable) =>
  db.select(withCadence).from(schedules).innerJoin(campaigns, eq(campaigns.id, schedules.campaignId));

/** A page of the owner's projects, with every campaign of them and their schedules. */
export async function scheduleGroups(
  db: Queryable,
  params: { userId: number; page: PageQuery; project?: number },
) {
  const where = and(
    eq(projects.userId, params.userId),
    params.project ? eq(projects.id, params.project) : undefined,
  );
  const [projectRows, [{ total }]] = await Promise.all([
    paginate(
      db.select().from(projects).where(where).orderBy(asc(projects.name), asc(projects.id)).$dynamic(),
      params.page,
    ),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  const projectIds = projectRows.map((p) => p.id);
  if (projectIds.length === 0) return { projects: projectRows, campaigns: [], schedules: [], total };
  const campaignRows = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.userId, params.userId), inArray(campaigns.projectId, projectIds)))
    .orderBy(asc(campaigns.tier), asc(campaigns.name), asc(campaigns.id));
  const scheduleRows = campaignRows.length
    ? await selectSchedules(db).where(
        and(
          eq(schedules.userId, params.userId),
          inArray(
            schedules.campaignId,
            campaignRows.map((c) => c.id),
          ),
        ),
      )
    : [];
  return { projects: projectRows, campaigns: campaignRows, schedules: scheduleRows, total };
}

export async function findSchedule(
  db: Queryable,
  params: { userId: number; id: number },
): Promise<Schedule | undefined> {
  const [row] = await selectSchedules(db).where(
    and(eq(schedules.id, params.id), eq(schedules.userId, params.userId)),
  );
  return row;
}

/**
 * One schedule per campaign and action: saving one that exists updates it, atomically, so a double
 * click cannot create two. `xmax = 0` only on a freshly inserted row: it tells created from updated.
 */
export async function upsertSchedule(db: Queryable, params: { userId: number; values: ScheduleValues }) {
  const { campaignId, actionId, ...rest } = params.values;
  const [row] = await db
    .insert(schedules)
    .values({ userId: params.userId, ...params.values })
    .onConflictDoUpdate({
      target: [schedules.campaignId, schedules.actionId],
      set: { ...rest, updatedAt: new Date() },
    })
    .returning({ id: schedules.id, created: sql<boolean>`(xmax = 0)` });
  return { id: row.id, created: Boolean(row.created), campaignId, actionId };
}

export async function updateSchedule(
  db: Queryable,
  params: { userId: number; id: number; values: ScheduleValues },
) {
  await db
    .update(schedules)
    .set(params.values)
    .where(and(eq(schedules.id, params.id), eq(schedules.userId, params.userId)));
}

export async function scheduleTaken(
  db: Queryable,
  params: { campaignId: number; actionId: number; exceptId: number },
) {
  const [row] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(
      and(
        eq(schedules.campaignId, params.campaignId),
        eq(schedules.actionId, params.actionId),
        ne(schedules.id, params.exceptId),
      ),
    );
  return row !== undefined;
}

/**
 * Claims due schedules for this process: the rows are locked (SKIP LOCKED, so another scheduler passes
 * them by) and moved to their next run before the lock is released, so each run is claimed once.
 */
export async function claimDueSchedules(
  db: Db,
  params: { limit: number; next: (schedule: Schedule) => Date },
): Promise<Schedule[]> {
  return db.transaction(async (tx) => {
    const due = await selectSchedules(tx)
      .where(and(eq(schedules.isActive, true), lte(schedules.nextRunAt, sql`now()`)))
      .orderBy(asc(schedules.nextRunAt))
      .limit(params.limit)
      // Only the schedule rows: a campaign being renamed meanwhile does not hold its schedules back.
      .for('update', { of: schedules, skipLocked: true });
    for (const schedule of due) {
      await tx
        .update(schedules)
        .set({ nextRunAt: params.next(schedule), lastRunAt: sql`now()` })
        .where(eq(schedules.id, schedule.id));
    }
    return due;
  });
}

/** What a scheduled run needs to know besides the schedule: names and the owner's language. */
export async function runContext(db: Queryable, schedule: Schedule) {
  const [row] = await db
    .select({ campaignName: campaigns.name, locale: users.locale })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(eq(campaigns.id, schedule.campaignId));
  return row;
}
