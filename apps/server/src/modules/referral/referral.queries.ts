import { type AuditKind, PaymentStatus, ReferralPayoutStatus } from '@linkwatch/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { paginate } from '../../db/paginate.ts';
import {
  adminAudit,
  knownDevices,
  payments,
  referralLedger,
  referralLevels,
  referralLinks,
  referralPaymentMethods,
  referralPayouts,
  referralUsers,
  referralVisits,
  settings,
  users,
} from '../../db/schema/index.ts';

/**
 * Every statement of the partner programme (issue 29). The partner's own calls are scoped to their
 * id (`userId` / `partnerId`); the console's (at the end) reach every partner, as only operators call them.
 */

export type ReferralLinkRow = typeof referralLinks.$inferSelect;
export type PayoutRow = typeof referralPayouts.$inferSelect;
export type LedgerKind = (typeof referralLedger.$inferInsert)['kind'];

const PAGE = { number: 1, size: 50 };
export type Page = typeof PAGE;

// Links ----------------------------------------------------------------------------------------------

export async function insertLink(
  db: Queryable,
  values: { userId: number; key: string; referralUri: number },
) {
  const [row] = await db.insert(referralLinks).values(values).onConflictDoNothing().returning();
  return row;
}

/** Any link with this key, deleted or not (a key is never given twice). */
export async function keyExists(db: Queryable, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: referralLinks.id })
    .from(referralLinks)
    .where(eq(sql`lower(${referralLinks.key})`, key.toLowerCase()));
  return row !== undefined;
}

/** The live link a visit or a registration names. */
export async function findLiveLinkByKey(db: Queryable, key: string) {
  const [row] = await db
    .select()
    .from(referralLinks)
    .where(and(eq(sql`lower(${referralLinks.key})`, key.toLowerCase()), isNull(referralLinks.deletedAt)));
  return row;
}

const transitions = sql<number>`(select count(*)::int from ${referralVisits} where ${referralVisits.linkId} = "referral_links"."id")`;
const signUps = sql<number>`(select count(*)::int from ${referralUsers} where ${referralUsers.linkId} = "referral_links"."id")`;
const incomeOfLink = sql<number>`(select coalesce(sum(${referralLedger.amountCents}), 0)::int from ${referralLedger}
  where ${referralLedger.linkId} = "referral_links"."id" and ${referralLedger.kind} in ('commission', 'reversal'))`;

export async function listLinks(db: Queryable, params: { userId: number; page: Page; search?: string }) {
  const where = and(
    eq(referralLinks.userId, params.userId),
    isNull(referralLinks.deletedAt),
    params.search ? ilike(referralLinks.key, `%${escapeLike(params.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    paginate(
      db
        .select({ link: referralLinks, transitions, signUps, incomeCents: incomeOfLink })
        .from(referralLinks)
        .where(where)
        .orderBy(desc(referralLinks.createdAt), desc(referralLinks.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ n: count() }).from(referralLinks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOwnLink(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .select({ link: referralLinks, transitions, signUps, incomeCents: incomeOfLink })
    .from(referralLinks)
    .where(and(eq(referralLinks.id, params.id), eq(referralLinks.userId, params.userId)));
  return row;
}

/** Hides the owner's links among `ids`; what they earned stays. The ids hidden. */
export async function deleteOwnLinks(db: Queryable, params: { userId: number; ids: number[] }) {
  if (params.ids.length === 0) return [];
  const rows = await db
    .update(referralLinks)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(referralLinks.userId, params.userId),
        inArray(referralLinks.id, params.ids),
        isNull(referralLinks.deletedAt),
      ),
    )
    .returning({ id: referralLinks.id });
  return rows.map((r) => r.id);
}

/** Clicks and sign-ups of all the partner's links per UTC day since `since` (YYYY-MM-DD). */
export async function dailyCounts(db: Queryable, params: { userId: number; since: string }) {
  const [visits, signups] = await Promise.all([
    db
      .select({ day: referralVisits.day, n: count() })
      .from(referralVisits)
      .innerJoin(referralLinks, eq(referralLinks.id, referralVisits.linkId))
      .where(and(eq(referralLinks.userId, params.userId), gte(referralVisits.day, params.since)))
      .groupBy(referralVisits.day),
    db
      .select({
        day: sql<string>`to_char(${referralUsers.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        n: count(),
      })
      .from(referralUsers)
      .where(
        and(
          eq(referralUsers.partnerId, params.userId),
          gte(referralUsers.createdAt, new Date(`${params.since}T00:00:00Z`)),
        ),
      )
      .groupBy(sql`1`),
  ]);
  return { visits, signups };
}

/** One visitor's visit of a link on a day: true when it is the first (counted). */
export async function insertVisit(db: Queryable, values: { linkId: number; visitor: string; day: string }) {
  const rows = await db
    .insert(referralVisits)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: referralVisits.id });
  return rows.length > 0;
}

// Referred users ---------------------------------------------------------------------------------------

export async function insertReferredUser(
  db: Queryable,
  values: { partnerId: number; userId: number; linkId: number },
) {
  const [row] = await db.insert(referralUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findReferrerOf(db: Queryable, userId: number) {
  const [row] = await db.select().from(referralUsers).where(eq(referralUsers.userId, userId));
  return row;
}

export async function findUserEmail(db: Queryable, userId: number) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** Whether the browser's known-device token (hashed) is one the partner logged in from. */
export async function isDeviceOf(db: Queryable, params: { tokenHash: string; userId: number }) {
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, params.tokenHash), eq(knownDevices.userId, params.userId)));
  return row !== undefined;
}

const paidOf = sql`${payments.userId} = "referral_users"."user_id" and ${payments.statusId} = ${PaymentStatus.Paid}`;

export async function listReferredUsers(db: Queryable, params: { partnerId: number; page: Page }) {
  const where = eq(referralUsers.partnerId, params.partnerId);
  const [rows, [total]] = await Promise.all([
    paginate(
      db
        .select({
          id: referralUsers.id,
          email: users.email,
          createdAt: referralUsers.createdAt,
          linkId: referralLinks.id,
          linkKey: referralLinks.key,
          paymentCount: sql<number>`(select count(*)::int from ${payments} where ${paidOf})`,
          paymentSumCents: sql<number>`(select coalesce(sum(${payments.paidCents}), 0)::int from ${payments} where ${paidOf})`,
          incomeCents: sql<number>`(select coalesce(sum(${referralLedger.amountCents}), 0)::int from ${referralLedger}
            where ${referralLedger.partnerId} = "referral_users"."partner_id" and ${referralLedger.referredUserId} = "referral_users"."user_id")`,
        })
        .from(referralUsers)
        .innerJoin(users, eq(users.id, referralUsers.userId))
        .innerJoin(referralLinks, eq(referralLinks.id, referralUsers.linkId))
        .where(where)
        .orderBy(desc(referralUsers.createdAt), desc(referralUsers.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ n: count() }).from(referralUsers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// The ledger -------------------------------------------------------------------------------------------

/** Locks the partner's row: every change of their referral ledger runs one at a time. */
export async function lockPartner(tx: Queryable, partnerId: number) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, isPartner: users.isPartner })
    .from(users)
    .where(eq(users.id, partnerId))
    .for('update');
  return row;
}

/** pending: not yet available; available: from available_at on (negative after a late refund). */
export async function ledgerTotals(db: Queryable, params: { partnerId: number; now: Date }) {
  const [row] = await db
    .select({
      pending: sql<number>`coalesce(sum(${referralLedger.amountCents}) filter (where ${referralLedger.availableAt} > ${params.now}), 0)::int`,
      available: sql<number>`coalesce(sum(${referralLedger.amountCents}) filter (where ${referralLedger.availableAt} <= ${params.now}), 0)::int`,
    })
    .from(referralLedger)
    .where(eq(referralLedger.partnerId, params.partnerId));
  return { pending: row?.pending ?? 0, available: row?.available ?? 0 };
}

export async function payoutTotals(db: Queryable, partnerId: number) {
  const [row] = await db
    .select({
      paid: sql<number>`coalesce(sum(${referralPayouts.amountCents}) filter (where ${referralPayouts.statusId} = ${ReferralPayoutStatus.Paid}), 0)::int`,
      requested: sql<number>`coalesce(sum(${referralPayouts.amountCents}) filter (where ${referralPayouts.statusId} = ${ReferralPayoutStatus.New}), 0)::int`,
    })
    .from(referralPayouts)
    .where(eq(referralPayouts.partnerId, partnerId));
  return { paid: row?.paid ?? 0, requested: row?.requested ?? 0 };
}

export async function insertLedgerRow(
  db: Queryable,
  values: {
    partnerId: number;
    kind: LedgerKind;
    amountCents: number;
    availableAt: Date;
    paymentId?: number;
    payoutId?: number;
    referredUserId?: number;
    linkId?: number;
    percent?: number;
  },
) {
  const [row] = await db.insert(referralLedger).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findLedgerRow(db: Queryable, params: { paymentId: number; kind: LedgerKind }) {
  const [row] = await db
    .select()
    .from(referralLedger)
    .where(and(eq(referralLedger.paymentId, params.paymentId), eq(referralLedger.kind, params.kind)));
  return row;
}

/** What the partner's referred users paid so far (Paid top-ups, less the ones reversed). */
export async function referredRevenue(
  db: Queryable,
  params: { partnerId: number; exceptPaymentId?: number },
) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.paidCents}), 0)::int` })
    .from(payments)
    .innerJoin(referralUsers, eq(referralUsers.userId, payments.userId))
    .where(
      and(
        eq(referralUsers.partnerId, params.partnerId),
        eq(payments.statusId, PaymentStatus.Paid),
        params.exceptPaymentId ? sql`${payments.id} <> ${params.exceptPaymentId}` : undefined,
        sql`not exists (select 1 from ${referralLedger} where ${referralLedger.paymentId} = ${payments.id} and ${referralLedger.kind} = 'reversal')`,
      ),
    );
  return row?.cents ?? 0;
}

export async function listLevels(db: Queryable) {
  return db.select().from(referralLevels).orderBy(asc(referralLevels.min));
}

export async function replaceLevels(
  db: Queryable,
  levels: { min: number; max: number | null; percent: number }[],
) {
  await db.delete(referralLevels);
  await db.insert(referralLevels).values(levels);
}

// Payouts ----------------------------------------------------------------------------------------------

export async function listMethods(db: Queryable, { enabledOnly }: { enabledOnly: boolean }) {
  return db
    .select()
    .from(referralPaymentMethods)
    .where(enabledOnly ? eq(referralPaymentMethods.enabled, true) : undefined)
    .orderBy(asc(referralPaymentMethods.id));
}

export async function findMethod(db: Queryable, id: number) {
  const [row] = await db
    .select()
    .from(referralPaymentMethods)
    .where(and(eq(referralPaymentMethods.id, id), eq(referralPaymentMethods.enabled, true)));
  return row;
}

export async function saveMethod(
  db: Queryable,
  method: { id?: number; name: string; percent: number; type: number; enabled: boolean },
) {
  const { id, ...values } = method;
  if (id === undefined) {
    await db.insert(referralPaymentMethods).values(values);
    return true;
  }
  const rows = await db
    .update(referralPaymentMethods)
    .set(values)
    .where(eq(referralPaymentMethods.id, id))
    .returning({ id: referralPaymentMethods.id });
  return rows.length > 0;
}

export async function insertPayout(db: Queryable, values: typeof referralPayouts.$inferInsert) {
  const [row] = await db.insert(referralPayouts).values(values).returning();
  return row as PayoutRow;
}

export async function listPayouts(
  db: Queryable,
  params: { partnerId?: number; page: Page; status?: number },
) {
  const where = and(
    params.partnerId === undefined ? undefined : eq(referralPayouts.partnerId, params.partnerId),
    params.status === undefined ? undefined : eq(referralPayouts.statusId, params.status),
  );
  const [rows, [total]] = await Promise.all([
    paginate(
      db
        .select({ payout: referralPayouts, partnerEmail: users.email })
        .from(referralPayouts)
        .innerJoin(users, eq(users.id, referralPayouts.partnerId))
        .where(where)
        .orderBy(desc(referralPayouts.createdAt), desc(referralPayouts.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ n: count() }).from(referralPayouts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A payout locked for the operator's decision (console only). */
export async function lockPayout(tx: Queryable, id: number) {
  const [row] = await tx.select().from(referralPayouts).where(eq(referralPayouts.id, id)).for('update');
  return row;
}

export async function decidePayout(
  tx: Queryable,
  params: { id: number; statusId: number; reference: string | null; decidedBy: number },
) {
  const [row] = await tx
    .update(referralPayouts)
    .set({
      statusId: params.statusId,
      reference: params.reference,
      decidedBy: params.decidedBy,
      decidedAt: new Date(),
    })
    .where(and(eq(referralPayouts.id, params.id), eq(referralPayouts.statusId, ReferralPayoutStatus.New)))
    .returning();
  return row;
}

// Settings and the console -------------------------------------------------------------------------------

export async function referralDomainSetting(db: Queryable) {
  const [row] = await db.select({ domain: settings.referralDomain }).from(settings).limit(1);
  return row?.domain ?? null;
}

export async function minPayoutSetting(db: Queryable) {
  const [row] = await db.select({ cents: settings.referralMinPayoutCents }).from(settings).limit(1);
  return row?.cents ?? null;
}

export async function saveMinPayout(db: Queryable, params: { settingsId: number; cents: number }) {
  await db
    .insert(settings)
    .values({ id: params.settingsId, referralMinPayoutCents: params.cents })
    .onConflictDoUpdate({ target: settings.id, set: { referralMinPayoutCents: params.cents } });
}

/** The console's audit (issue 28's table): the partner programme's changes are rows of it too. */
export async function insertAudit(
  db: Queryable,
  values: {
    actorId: number;
    targetUserId?: number | null;
    kind: AuditKind;
    subject?: string | null;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    reason?: string | null;
  },
) {
  await db.insert(adminAudit).values(values);
}

function partnerSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const id = /^\d{1,9}$/.test(search) ? Number(search) : undefined;
  return or(ilike(users.email, `%${escapeLike(search)}%`), id === undefined ? undefined : eq(users.id, id));
}

export async function listPartners(db: Queryable, params: { page: Page; search?: string; now: Date }) {
  const where = and(eq(users.isPartner, true), partnerSearch(params.search));
  const ledger = (filter: SQL) =>
    sql<number>`(select coalesce(sum(${referralLedger.amountCents}), 0)::int from ${referralLedger}
      where ${referralLedger.partnerId} = "users"."id" and ${filter})`;
  const payouts = (status: number) =>
    sql<number>`(select coalesce(sum(${referralPayouts.amountCents}), 0)::int from ${referralPayouts}
      where ${referralPayouts.partnerId} = "users"."id" and ${referralPayouts.statusId} = ${status})`;
  const [rows, [total]] = await Promise.all([
    paginate(
      db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          links: sql<number>`(select count(*)::int from ${referralLinks} where ${referralLinks.userId} = "users"."id" and ${referralLinks.deletedAt} is null)`,
          referredUsers: sql<number>`(select count(*)::int from ${referralUsers} where ${referralUsers.partnerId} = "users"."id")`,
          pending: ledger(sql`${referralLedger.availableAt} > ${params.now}`),
          available: ledger(sql`${referralLedger.availableAt} <= ${params.now}`),
          paidOut: payouts(ReferralPayoutStatus.Paid),
          requested: payouts(ReferralPayoutStatus.New),
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .$dynamic(),
      params.page,
    ),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
