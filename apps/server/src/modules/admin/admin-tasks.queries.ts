import {
  ADMIN_TASK_FAILED_ITEMS,
  ADMIN_WORKER_MINUTES,
  type TAdminTaskListQuery,
  TaskStatus,
} from '@linkwatch/shared';
import { and, count, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import { actionItems, actions, links, users } from '../../db/schema/index.ts';
import { ITEM_STATUS } from '../actions/types.ts';

/** The console's statements about tasks and worker processes (issue 28). Not owner-scoped: operators only. */

export type TaskRow = typeof actions.$inferSelect;

const STATES = { running: [TaskStatus.Process], waiting: [TaskStatus.Waiting] } as const;

function userMatch(user: string | undefined): SQL | undefined {
  if (!user) return undefined;
  // Digits are an id (an e-mail is never all digits); anything else is part of an e-mail.
  if (/^\d{1,9}$/.test(user)) return eq(actions.userId, Number(user));
  return ilike(users.email, `%${escapeLike(user)}%`);
}

/** Running and waiting tasks of all users (or of the state asked), newest first, with the owner's e-mail. */
export async function listTasks(db: Queryable, { page, state, user }: TAdminTaskListQuery) {
  const statuses: number[] = state ? [...STATES[state]] : [TaskStatus.Process, TaskStatus.Waiting];
  const where = and(inArray(actions.statusId, statuses), userMatch(user));
  const rows = await paginate(
    db
      .select({ task: actions, email: users.email })
      .from(actions)
      .innerJoin(users, eq(users.id, actions.userId))
      .where(where)
      .orderBy(desc(actions.id))
      .$dynamic(),
    page,
  );
  const [total] = await db
    .select({ n: count() })
    .from(actions)
    .innerJoin(users, eq(users.id, actions.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findTask(db: Queryable, id: number) {
  const [row] = await db
    .select({ task: actions, email: users.email })
    .from(actions)
    .innerJoin(users, eq(users.id, actions.userId))
    .where(eq(actions.id, id));
  return row;
}

/** A task's items counted by status. */
export async function taskItemCounts(db: Queryable, actionId: number) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Pending})::int`,
      done: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Done})::int`,
      failed: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Failed})::int`,
      cancelled: sql<number>`count(*) filter (where ${actionItems.status} = ${ITEM_STATUS.Cancelled})::int`,
    })
    .from(actionItems)
    .where(eq(actionItems.actionId, actionId));
  return row ?? { pending: 0, done: 0, failed: 0, cancelled: 0 };
}

/** A task's newest failed items, with their link's URL. */
export function failedItems(db: Queryable, actionId: number) {
  return db
    .select({
      id: actionItems.id,
      url: links.url,
      error: actionItems.error,
      attempts: actionItems.attempts,
      processedAt: actionItems.processedAt,
    })
    .from(actionItems)
    .leftJoin(links, eq(links.id, actionItems.linkId))
    .where(and(eq(actionItems.actionId, actionId), eq(actionItems.status, ITEM_STATUS.Failed)))
    .orderBy(sql`${actionItems.processedAt} desc nulls last`, desc(actionItems.id))
    .limit(ADMIN_TASK_FAILED_ITEMS);
}

/**
 * Worker processes seen in the last minutes, from the items' leases: what each holds now, what it
 * finished (done or failed) in that time, and when it last finished one (docs/deploy.md).
 */
export function recentWorkers(db: Queryable) {
  const since = sql`now() - make_interval(mins => ${ADMIN_WORKER_MINUTES})`;
  const held = sql`${actionItems.lockedUntil} > now()`;
  const recent = sql`${actionItems.status} in (${ITEM_STATUS.Done}, ${ITEM_STATUS.Failed}) and ${actionItems.processedAt} > ${since}`;
  return db
    .select({
      worker: sql<string>`${actionItems.lockedBy}`,
      held: sql<number>`count(*) filter (where ${held})::int`,
      done: sql<number>`count(*) filter (where ${recent} and ${actionItems.status} = ${ITEM_STATUS.Done})::int`,
      failed: sql<number>`count(*) filter (where ${recent} and ${actionItems.status} = ${ITEM_STATUS.Failed})::int`,
      lastSeenAt: sql<Date | null>`max(${actionItems.processedAt}) filter (where ${recent})`.mapWith((v) =>
        v ? new Date(v as string) : null,
      ),
    })
    .from(actionItems)
    .where(and(isNotNull(actionItems.lockedBy), sql`(${held} or (${recent}))`))
    .groupBy(actionItems.lockedBy)
    .orderBy(actionItems.lockedBy);
}
