import { SKIP_REASONS, type SkipReason, TaskStatus } from '@linkwatch/shared';
import { and, count, desc, eq, gte, inArray, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inIds, insertRows } from '../../db/bulk.ts';
import { type Db, type Queryable, rawRowCount, rawRows, type Tx } from '../../db/client.ts';
import { paginate } from '../../db/paginate.ts';
import {
  actionItems,
  actionPrices,
  actions,
  campaigns,
  links,
  projects,
  reportChanges,
  reportLinks,
  userActionPrices,
  users,
} from '../../db/schema/index.ts';
import type { PageQuery } from '../../http/present.ts';
import { type ActionRow, ITEM_STATUS, type LeaveOutRule } from './types.ts';

/**
 * The statements of tasks and their items, prices and reports. Each kind of task keeps its own in
 * `<kind>/<kind>.queries.ts`; the worker's claims and writes are in worker/claims.ts and worker/record.ts.
 */

/** A task that has not ended yet: waiting for its first batch, or running. */
export const RUNNING = [TaskStatus.Waiting, TaskStatus.Process];

export interface ActionFilters {
  statuses?: number[];
  action?: number;
  project?: number;
  campaign?: number;
  /** A day (YYYY-MM-DD) the task was created on. */
  date?: string;
}

/** The person who started a task (issue 27): the account's owner or a login of its team. */
const actors = alias(users, 'actors');

/**
 * Who started a task, by user id: its actor; a task from before the owner was recorded names none and
 * was the owner's, unless a schedule started it (then no one: null). Reports and the tasks page alike.
 */
export const taskStarterId = sql<number | null>`coalesce(${actions.actorId},
  case when ${actions.scheduleId} is null and not ${actions.isAutostart} then ${actions.userId} end)`;

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
        .select({ action: actions, project: projects.name, campaign: campaigns.name, actor: actors.name })
        .from(actions)
        .leftJoin(projects, eq(projects.id, actions.projectId))
        .leftJoin(campaigns, eq(campaigns.id, actions.campaignId))
        .leftJoin(actors, eq(actors.id, taskStarterId))
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
    .select({ action: actions, project: projects.name, campaign: campaigns.name, actor: actors.name })
    .from(actions)
    .leftJoin(projects, eq(projects.id, actions.projectId))
    .leftJoin(campaigns, eq(campaigns.id, actions.campaignId))
    .leftJoin(actors, eq(actors.id, taskStarterId))
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

/** A task by id, whoever owns it (the worker's view). */
export async function findActionById(db: Queryable, params: { id: number }) {
  const [action] = await db.select().from(actions).where(eq(actions.id, params.id));
  return action;
}

/** A task of the user's, without its names (what a change of the task reads). */
export async function findOwnAction(db: Queryable, params: { userId: number; id: number }) {
  const [action] = await db
    .select()
    .from(actions)
    .where(and(eq(actions.id, params.id), eq(actions.userId, params.userId)));
  return action;
}

/** Reads the task and locks its row until the transaction ends, so only one process ends it. */
export async function lockAction(tx: Tx, params: { id: number }) {
  const [action] = await tx.select().from(actions).where(eq(actions.id, params.id)).for('update');
  return action;
}

export async function insertAction(tx: Tx, values: typeof actions.$inferInsert) {
  const [action] = await tx.insert(actions).values(values).returning();
  return action;
}

/** What a started task counts and is charged: its items, their cost, the links it left out and why. */
export async function setActionTotals(
  tx: Tx,
  params: {
    id: number;
    totalCount: number;
    cost: number;
    skipped: Partial<Record<SkipReason, number>> | null;
  },
) {
  const [started] = await tx
    .update(actions)
    .set({ totalCount: params.totalCount, cost: params.cost, skipped: params.skipped })
    .where(eq(actions.id, params.id))
    .returning();
  return started;
}

/** Locks the campaign's row: concurrent starts on one campaign wait for each other. */
export async function lockCampaign(tx: Tx, params: { campaignId: number }) {
  await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, params.campaignId))
    .for('update');
}

/** Locks the project's row: concurrent starts of a project-level task wait for each other. */
export async function lockProject(tx: Tx, params: { projectId: number }) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, params.projectId)).for('update');
}

/** A task of this action still running on the campaign (or, with no campaign, on the project). */
export async function findRunningAction(
  tx: Tx,
  params: { action: number } & ({ campaignId: number } | { projectId: number }),
) {
  const scoped =
    'campaignId' in params
      ? eq(actions.campaignId, params.campaignId)
      : and(eq(actions.projectId, params.projectId), isNull(actions.campaignId));
  const [running] = await tx
    .select({ id: actions.id })
    .from(actions)
    .where(and(scoped, eq(actions.actionId, params.action), inArray(actions.statusId, RUNNING)))
    .limit(1);
  return running;
}

/**
 * One item per link. Spread over `days` (a drip feed), the k-th of n items waits until day
 * ⌊k·days/n⌋: the first portion goes at once, the others one day after another.
 */
export async function insertLinkItems(
  tx: Tx,
  params: { actionId: number; where: SQL; days: number },
): Promise<number> {
  if (params.days <= 1) {
    return rawRowCount(
      tx,
      sql`
      insert into ${actionItems} (action_id, link_id)
      select ${params.actionId}, ${links.id} from ${links} where ${params.where} order by ${links.id}`,
    );
  }
  return rawRowCount(
    tx,
    sql`
    insert into ${actionItems} (action_id, link_id, locked_until)
    select ${params.actionId}, id,
      case when portion = 0 then null else now() + portion * interval '1 day' end
    from (
      select ${links.id} as id,
        floor((row_number() over (order by ${links.id}) - 1) * ${params.days}::int / count(*) over ())::int as portion
      from ${links} where ${params.where}) as spread
    order by id`,
  );
}

/** A cancelled task's items still waiting stop here. */
export async function cancelPendingItems(db: Queryable, params: { actionId: number }) {
  await db
    .update(actionItems)
    .set({ status: ITEM_STATUS.Cancelled, processedAt: new Date() })
    .where(and(eq(actionItems.actionId, params.actionId), eq(actionItems.status, ITEM_STATUS.Pending)));
}

/** Tells the worker that holds a batch of the task to stop after it. */
export async function markCancelRequested(db: Queryable, params: { actionId: number }) {
  await db.update(actions).set({ cancelRequested: true }).where(eq(actions.id, params.actionId));
}

/** The selection without the links a rule leaves out: what a task makes items for and charges. */
export function keptWhere(where: SQL, rules: LeaveOutRule[]): SQL {
  if (rules.length === 0) return where;
  return and(where, not(or(...rules.map((rule) => rule.where))!)) as SQL;
}

/** How many selected links each rule leaves out (a link counts under the first rule it falls under). */
export async function countLeftOut(
  db: Queryable,
  where: SQL,
  rules: LeaveOutRule[],
): Promise<Partial<Record<SkipReason, number>>> {
  if (rules.length === 0) return {};
  const reason = sql`case ${sql.join(
    rules.map((rule) => sql`when ${rule.where} then ${rule.reason}::text`),
    sql` `,
  )} end`;
  const rows = await rawRows<{ reason: string; count: number | string }>(
    db,
    sql`select reason, count(*) as count
        from (select ${reason} as reason from ${links} where ${where}) as r
        where reason is not null group by reason`,
  );
  const counts: Partial<Record<SkipReason, number>> = {};
  for (const reason of SKIP_REASONS) {
    const row = rows.find((r) => r.reason === reason);
    if (row) counts[reason] = Number(row.count);
  }
  return counts;
}

/**
 * The selected links a task keeps, counted by their project's render mode (issue 31): what a backlink
 * check may render. The selection is owner-scoped already; the project is the link's own.
 */
export async function countByRenderMode(db: Queryable, where: SQL) {
  const rows = await db
    .select({ mode: projects.renderMode, count: count() })
    .from(links)
    .innerJoin(projects, eq(projects.id, links.projectId))
    .where(where)
    .groupBy(projects.renderMode);
  return (mode: string) => Number(rows.find((r) => r.mode === mode)?.count ?? 0);
}

/** The URLs of links by id: only the owner's, so a deleted link is simply absent. */
export function listLinkUrls(db: Queryable, params: { userId: number; ids: number[] }) {
  return db
    .select({ id: links.id, url: links.url })
    .from(links)
    .where(and(eq(links.userId, params.userId), inIds(links.id, params.ids)));
}

export interface ItemCounts {
  pending: number;
  success: number;
  errors: number;
  failed: number;
  cancelled: number;
}

export async function countItems(db: Queryable, actionId: number): Promise<ItemCounts> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Pending})::int`,
      success: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Done} and ${actionItems.error} is null)::int`,
      errors: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Done} and ${actionItems.error} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Failed})::int`,
      cancelled: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Cancelled})::int`,
    })
    .from(actionItems)
    .where(eq(actionItems.actionId, actionId));
  return row;
}

export async function hasPendingItems(db: Queryable, actionId: number) {
  const [row] = await db
    .select({ id: actionItems.id })
    .from(actionItems)
    .where(and(eq(actionItems.actionId, actionId), eq(actionItems.status, ITEM_STATUS.Pending)))
    .limit(1);
  return row !== undefined;
}

export interface BatchDelta {
  success: number;
  errors: number;
  failed: number;
}

/**
 * Progress after a batch, by increments of what this worker actually wrote (counting every item of a
 * large task after each batch would cost more than the checks); a waiting task becomes a running one.
 */
export async function addProgress(
  db: Db,
  actionId: number,
  delta: BatchDelta,
): Promise<ActionRow | undefined> {
  const processed = delta.success + delta.errors + delta.failed;
  const [action] = await db
    .update(actions)
    .set({
      currentCount: sql`${actions.currentCount} + ${processed}`,
      successCount: sql`${actions.successCount} + ${delta.success}`,
      errorCount: sql`${actions.errorCount} + ${delta.errors}`,
      totalErrorCount: sql`${actions.totalErrorCount} + ${delta.errors + delta.failed}`,
      statusId: sql`case when ${actions.statusId} = ${TaskStatus.Waiting} then ${TaskStatus.Process} else ${actions.statusId} end`,
      startedAt: sql`coalesce(${actions.startedAt}, now())`,
    })
    .where(and(eq(actions.id, actionId), inArray(actions.statusId, [TaskStatus.Waiting, TaskStatus.Process])))
    .returning();
  return action;
}

/** The counters a task ends with. */
export interface FinalCounters {
  currentCount: number;
  successCount: number;
  errorCount: number;
  totalErrorCount: number;
}

/** Ends the task with its exact counters and status; `refund` credits more were given back. */
export async function markActionFinished(
  tx: Tx,
  params: { id: number; counters: FinalCounters; statusId: number; refund: number; startedAt: Date },
) {
  const [finished] = await tx
    .update(actions)
    .set({
      ...params.counters,
      statusId: params.statusId,
      // Added to: an indexing request's re-check may have refunded pages of a drip feed still running.
      refunded: sql`${actions.refunded} + ${params.refund}`,
      finishedAt: new Date(),
      startedAt: params.startedAt,
    })
    .where(eq(actions.id, params.id))
    .returning();
  return finished;
}

/** Credits given back to the task's owner after it was charged (its `refunded` grows). */
export async function addRefunded(tx: Tx, params: { id: number; credits: number }) {
  await tx
    .update(actions)
    .set({ refunded: sql`${actions.refunded} + ${params.credits}` })
    .where(eq(actions.id, params.id));
}

export async function countNewReports(db: Queryable, params: { userId: number }) {
  const [row] = await db
    .select({ count: count() })
    .from(actions)
    .where(and(eq(actions.userId, params.userId), eq(actions.hasNewReport, true)));
  return row.count;
}

/** The language the user reads notices in (undefined for a user deleted meanwhile). */
export async function findUserLocale(db: Queryable, params: { userId: number }) {
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, params.userId));
  return user?.locale;
}

/** The user's own price for an action, when an admin set one. */
export async function findUserPrice(db: Queryable, params: { userId: number; action: number }) {
  const [custom] = await db
    .select({ price: userActionPrices.price })
    .from(userActionPrices)
    .where(and(eq(userActionPrices.userId, params.userId), eq(userActionPrices.actionId, params.action)));
  return custom;
}

/** The stored price of an action for everyone. */
export async function findStoredPrice(db: Queryable, params: { action: number }) {
  const [stored] = await db
    .select({ price: actionPrices.price })
    .from(actionPrices)
    .where(eq(actionPrices.actionId, params.action));
  return stored;
}

export function listStoredPrices(db: Queryable) {
  return db.select().from(actionPrices);
}

export function listUserPrices(db: Queryable, params: { userId: number }) {
  return db.select().from(userActionPrices).where(eq(userActionPrices.userId, params.userId));
}

/** The columns of a link its report line copies: select them to build a ChangedLink. */
export const REPORTED_LINK = {
  id: links.id,
  userId: links.userId,
  campaignId: links.campaignId,
  projectId: links.projectId,
  url: links.url,
  title: links.title,
};

/** The links a report names, by id. */
export function listReportedLinks(tx: Tx, params: { linkIds: number[] }) {
  return tx.select(REPORTED_LINK).from(links).where(inIds(links.id, params.linkIds));
}

const REPORT_LINK_SHAPE = {
  user_id: 'int',
  action_id: 'int',
  link_id: 'int',
  campaign_id: 'int',
  project_id: 'int',
  url: 'text',
} as const;

/** A report row per changed link; answers each one's id. */
export function insertReportLinks(tx: Tx, rows: Record<keyof typeof REPORT_LINK_SHAPE, unknown>[]) {
  return insertRows<{ id: number; link_id: number }>(tx, reportLinks, REPORT_LINK_SHAPE, rows, 'id, link_id');
}

const REPORT_CHANGE_SHAPE = {
  report_link_id: 'int',
  changes_type: 'text',
  old: 'text',
  new: 'text',
  old_title: 'text',
  new_title: 'text',
  title: 'text',
} as const;

/** A row per change of a reported link. */
export async function insertReportChanges(tx: Tx, rows: Record<keyof typeof REPORT_CHANGE_SHAPE, unknown>[]) {
  await insertRows(tx, reportChanges, REPORT_CHANGE_SHAPE, rows);
}

/** Flags the task as having a report the user has not opened yet. */
export async function markNewReport(tx: Tx, params: { actionId: number }) {
  await tx.update(actions).set({ hasNewReport: true }).where(eq(actions.id, params.actionId));
}

/** The projects of the links a task has items for (its campaign's project when it has a campaign). */
export async function listProjectsOfTask(db: Queryable, action: ActionRow): Promise<number[]> {
  if (action.campaignId !== null) return action.projectId === null ? [] : [action.projectId];
  const rows = await db
    .selectDistinct({ projectId: links.projectId })
    .from(actionItems)
    .innerJoin(links, eq(links.id, actionItems.linkId))
    .where(eq(actionItems.actionId, action.id));
  return rows.map((r) => r.projectId);
}
