import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Queryable, rawRows } from '../../db/client.ts';
import {
  accountMembers,
  alertChannels,
  alertMessages,
  alertRules,
  alertSettings,
  links,
  projects,
  reportChanges,
  reportLinks,
  users,
} from '../../db/schema/index.ts';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertMessageRow = typeof alertMessages.$inferSelect;
export type NewAlertMessage = typeof alertMessages.$inferInsert;

// --- projects and users ---------------------------------------------------------------------------

export async function findOwnProject(db: Queryable, params: { userId: number; projectId: number }) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)));
  return row;
}

export function projectNames(db: Queryable, params: { userId: number; ids: number[] }) {
  if (params.ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.userId, params.userId), inArray(projects.id, params.ids)));
}

export async function findRecipient(db: Queryable, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, locale: users.locale, balance: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A team member an alert e-mail may go to (issue 27): their address, language and permissions. */
export interface MemberRecipient {
  id: number;
  email: string;
  locale: string;
  permissions: string[];
}

const memberRecipient = {
  id: users.id,
  email: users.email,
  locale: users.locale,
  permissions: accountMembers.permissions,
};

/** The account's current team members, as alert e-mails reach them. */
export function accountMemberRecipients(db: Queryable, accountId: number): Promise<MemberRecipient[]> {
  return db
    .select(memberRecipient)
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.accountId, accountId))
    .orderBy(asc(users.id));
}

/** One of them, read again when their mail is sent: undefined once they have left the account. */
export async function findMemberRecipient(
  db: Queryable,
  params: { accountId: number; userId: number },
): Promise<MemberRecipient | undefined> {
  const [row] = await db
    .select(memberRecipient)
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, params.accountId), eq(accountMembers.userId, params.userId)));
  return row;
}

// --- rules -------------------------------------------------------------------------------------------

export async function findRule(db: Queryable, params: { userId: number; projectId: number }) {
  const [row] = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.projectId, params.projectId), eq(alertRules.userId, params.userId)));
  return row;
}

export async function upsertRule(
  db: Queryable,
  values: Pick<AlertRuleRow, 'userId' | 'projectId' | 'events' | 'channels' | 'mode' | 'balanceThreshold'>,
) {
  const [row] = await db
    .insert(alertRules)
    .values(values)
    .onConflictDoUpdate({
      target: alertRules.projectId,
      set: {
        events: values.events,
        channels: values.channels,
        mode: values.mode,
        balanceThreshold: values.balanceThreshold,
      },
      // Only the owner's own row is ever rewritten.
      setWhere: eq(alertRules.userId, values.userId),
    })
    .returning();
  return row;
}

export function rulesOfProjects(db: Queryable, params: { userId: number; projectIds: number[] }) {
  if (params.projectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.userId, params.userId), inArray(alertRules.projectId, params.projectIds)));
}

// --- what a task changed ---------------------------------------------------------------------------

export interface TaskChangeRow {
  projectId: number | null;
  linkId: number | null;
  url: string;
  changesType: string;
  old: string | null;
  new: string | null;
}

/** Every change a task's report holds, per link, the owner's only. */
export function taskChanges(
  db: Queryable,
  params: { userId: number; actionId: number },
): Promise<TaskChangeRow[]> {
  return db
    .select({
      projectId: reportLinks.projectId,
      linkId: reportLinks.linkId,
      url: reportLinks.url,
      changesType: reportChanges.changesType,
      old: reportChanges.old,
      new: reportChanges.new,
    })
    .from(reportChanges)
    .innerJoin(reportLinks, eq(reportLinks.id, reportChanges.reportLinkId))
    .where(and(eq(reportLinks.actionId, params.actionId), eq(reportLinks.userId, params.userId)))
    .orderBy(asc(reportChanges.id));
}

/**
 * Tier 2 links of these projects flagged during the task (issue 31): the tier 1 pages they feed died
 * while it ran. A flag's `since` stays while the page stays dead, so a link already flagged is not news.
 */
export function newlyDeadFeeds(db: Queryable, params: { userId: number; projectIds: number[]; since: Date }) {
  if (params.projectIds.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: links.projectId, url: links.url, reason: links.deadFeedReason })
    .from(links)
    .where(
      and(
        eq(links.userId, params.userId),
        inArray(links.projectId, params.projectIds),
        gte(links.deadFeedSince, params.since),
      ),
    )
    .orderBy(asc(links.id));
}

// --- channels ----------------------------------------------------------------------------------------

export function listChannels(db: Queryable, userId: number) {
  return db
    .select()
    .from(alertChannels)
    .where(eq(alertChannels.userId, userId))
    .orderBy(asc(alertChannels.id));
}

export async function findChannel(db: Queryable, params: { userId: number; kind: string }) {
  const [row] = await db
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.userId, params.userId), eq(alertChannels.kind, params.kind)));
  return row;
}

export async function upsertSlackChannel(db: Queryable, params: { userId: number; url: string }) {
  const reset = { slackUrl: params.url, status: 'active', failures: 0, lastError: null, pausedAt: null };
  const [row] = await db
    .insert(alertChannels)
    .values({ userId: params.userId, kind: 'slack', ...reset })
    .onConflictDoUpdate({ target: [alertChannels.userId, alertChannels.kind], set: reset })
    .returning();
  return row;
}

/** A fresh start code for the user's Telegram channel; a chat already connected stays until replaced. */
export async function upsertTelegramCode(
  db: Queryable,
  params: { userId: number; codeHash: string; expiresAt: Date },
) {
  const code = { connectCodeHash: params.codeHash, connectExpiresAt: params.expiresAt };
  const [row] = await db
    .insert(alertChannels)
    .values({ userId: params.userId, kind: 'telegram', status: 'pending', ...code })
    .onConflictDoUpdate({ target: [alertChannels.userId, alertChannels.kind], set: code })
    .returning();
  return row;
}

/** Connects the chat that sent a valid, unexpired start code; the code works once. */
export async function connectTelegramChat(
  db: Queryable,
  params: { codeHash: string; chatId: string; title: string | null; now: Date },
) {
  const [row] = await db
    .update(alertChannels)
    .set({
      telegramChatId: params.chatId,
      telegramChatTitle: params.title,
      status: 'active',
      failures: 0,
      lastError: null,
      pausedAt: null,
      connectCodeHash: null,
      connectExpiresAt: null,
    })
    .where(
      and(
        eq(alertChannels.kind, 'telegram'),
        eq(alertChannels.connectCodeHash, params.codeHash),
        sql`${alertChannels.connectExpiresAt} > ${params.now}`,
      ),
    )
    .returning();
  return row;
}

export async function deleteChannel(db: Queryable, params: { userId: number; id: number }) {
  const rows = await db
    .delete(alertChannels)
    .where(and(eq(alertChannels.id, params.id), eq(alertChannels.userId, params.userId)))
    .returning({ id: alertChannels.id });
  return rows.length > 0;
}

export async function resumeChannel(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .update(alertChannels)
    .set({ status: 'active', failures: 0, pausedAt: null })
    .where(
      and(
        eq(alertChannels.id, params.id),
        eq(alertChannels.userId, params.userId),
        eq(alertChannels.status, 'paused'),
      ),
    )
    .returning();
  return row;
}

export async function channelSucceeded(db: Queryable, id: number) {
  await db.update(alertChannels).set({ failures: 0, lastError: null }).where(eq(alertChannels.id, id));
}

/** Counts a failure; answers the row when this failure is the one that paused the channel. */
export async function channelFailed(
  db: Queryable,
  params: { id: number; error: string; pauseAfter: number; now: Date },
) {
  const [row] = await db
    .update(alertChannels)
    .set({
      failures: sql`${alertChannels.failures} + 1`,
      lastError: params.error,
      status: sql`case when ${alertChannels.failures} + 1 >= ${params.pauseAfter} then 'paused' else ${alertChannels.status} end`,
      pausedAt: sql`case when ${alertChannels.failures} + 1 >= ${params.pauseAfter} then ${params.now}::timestamptz else ${alertChannels.pausedAt} end`,
    })
    .where(eq(alertChannels.id, params.id))
    .returning();
  return row?.status === 'paused' && row.failures === params.pauseAfter ? row : undefined;
}

// --- settings ----------------------------------------------------------------------------------------

export async function findSettings(db: Queryable, userId: number) {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return row;
}

export async function upsertSettings(
  db: Queryable,
  params: { userId: number; timeZone: string; digestHour: number },
) {
  const [row] = await db
    .insert(alertSettings)
    .values(params)
    .onConflictDoUpdate({
      target: alertSettings.userId,
      set: { timeZone: params.timeZone, digestHour: params.digestHour },
    })
    .returning();
  return row;
}

// --- the message queue -------------------------------------------------------------------------------

/** One row per task, project and channel: a task finished twice (it cannot, but) queues nothing more. */
export async function insertMessages(db: Queryable, rows: NewAlertMessage[]) {
  if (rows.length === 0) return [];
  return db.insert(alertMessages).values(rows).onConflictDoNothing().returning();
}

/** Due messages, each claimed by this process alone (SKIP LOCKED) for one lease. */
export function claimDueMessages(db: Queryable, params: { now: Date; limit: number; leaseSeconds: number }) {
  return rawRows<{ id: number }>(
    db,
    // UPDATE … RETURNING keeps no order (PostgreSQL answers in its own): sorted after, so a
    // channel hears of a project's tasks in the order they ended.
    sql`
    with claimed as (
      update ${alertMessages} set locked_until = ${params.now}::timestamptz + make_interval(secs => ${params.leaseSeconds})
      where id in (
        select id from ${alertMessages}
        where status = 'pending' and next_attempt_at <= ${params.now}
          and (locked_until is null or locked_until <= ${params.now})
        order by next_attempt_at, id limit ${params.limit}
        for update skip locked)
      returning id, next_attempt_at)
    select id from claimed order by next_attempt_at, id`,
  );
}

export async function findMessage(db: Queryable, id: number) {
  const [row] = await db.select().from(alertMessages).where(eq(alertMessages.id, id));
  return row;
}

export async function updateMessage(
  db: Queryable,
  params: { id: number } & Partial<
    Pick<AlertMessageRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt'>
  >,
) {
  const { id, ...set } = params;
  await db
    .update(alertMessages)
    .set({ ...set, lockedUntil: null })
    .where(eq(alertMessages.id, id));
}

export function messagesOfUser(db: Queryable, params: { userId: number; status?: string }) {
  return db
    .select()
    .from(alertMessages)
    .where(
      and(
        eq(alertMessages.userId, params.userId),
        params.status ? eq(alertMessages.status, params.status) : undefined,
      ),
    )
    .orderBy(asc(alertMessages.id));
}

/** Users with messages held for their digest, and when each wants it. */
export function usersWithHeldMessages(db: Queryable) {
  return rawRows<{
    user_id: number;
    time_zone: string | null;
    digest_hour: number | null;
    last_digest_on: string | null;
  }>(
    db,
    sql`
    select m.user_id, s.time_zone, s.digest_hour, s.last_digest_on
    from (select distinct user_id from ${alertMessages} where status = 'held') m
    left join ${alertSettings} s on s.user_id = m.user_id`,
  );
}

export function heldMessages(db: Queryable, userId: number) {
  return db
    .select()
    .from(alertMessages)
    .where(and(eq(alertMessages.userId, userId), eq(alertMessages.status, 'held')))
    .orderBy(asc(alertMessages.id))
    .for('update', { skipLocked: true });
}

export async function markDigested(db: Queryable, params: { userId: number; ids: number[] }) {
  if (params.ids.length === 0) return;
  await db
    .update(alertMessages)
    .set({ status: 'digested' })
    .where(and(eq(alertMessages.userId, params.userId), inArray(alertMessages.id, params.ids)));
}

export async function setLastDigest(db: Queryable, params: { userId: number; on: string }) {
  await db
    .insert(alertSettings)
    .values({ userId: params.userId, lastDigestOn: params.on })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { lastDigestOn: params.on } });
}
