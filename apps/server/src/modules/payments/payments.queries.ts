import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  actionPrices,
  paymentEvents,
  paymentLevels,
  payments,
  settings,
  userActionPrices,
  users,
} from '../../db/schema/index.ts';
import type { PaymentMethod, PaymentProviderName } from '../../providers/payments/types.ts';
import type { PaymentLevel } from './levels.ts';
import type { MethodSwitches } from './payment-settings.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  db: Queryable,
  values: {
    userId: number;
    actorId?: number | null;
    method: PaymentMethod;
    provider: PaymentProviderName;
    amountCents: number;
    email: string;
    payCurrency?: string;
  },
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, payCurrency: values.payCurrency ?? null })
    .returning();
  return row;
}

export async function setProviderRef(db: Queryable, params: { id: number; providerRef: string }) {
  await db.update(payments).set({ providerRef: params.providerRef }).where(eq(payments.id, params.id));
}

export async function findOwnPayment(db: Queryable, params: { userId: number; id: number }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, params.id), eq(payments.userId, params.userId)));
  return row;
}

/** The payment a notification names, locked for the rest of the transaction: its events apply one at a time. */
export async function lockPaymentByRef(
  tx: Queryable,
  params: { provider: PaymentProviderName; providerRef: string },
) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, params.provider), eq(payments.providerRef, params.providerRef)))
    .for('update');
  return row;
}

export async function updatePayment(
  tx: Queryable,
  params: { id: number; values: Partial<typeof payments.$inferInsert> },
) {
  await tx.update(payments).set(params.values).where(eq(payments.id, params.id));
}

/**
 * Marks a provider's event seen, once: answers its row, or nothing for a replay (the unique index on
 * provider and event id makes a parallel delivery of the same event wait, then find the first).
 */
export async function insertPaymentEvent(
  tx: Queryable,
  values: { provider: PaymentProviderName; eventId: string; kind: string },
) {
  const [seen] = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return seen;
}

export async function setEventPayment(tx: Queryable, params: { eventId: number; paymentId: number }) {
  await tx
    .update(paymentEvents)
    .set({ paymentId: params.paymentId })
    .where(eq(paymentEvents.id, params.eventId));
}

/** The buyer of an invoice: the account as it is now. */
export async function findBuyer(db: Queryable, userId: number) {
  const [buyer] = await db.select().from(users).where(eq(users.id, userId));
  return buyer;
}

/** The balance and the block of an account, which a payment or a dispute changes. */
export async function findAccountState(db: Queryable, userId: number) {
  const [user] = await db
    .select({ balance: users.balance, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

// Bonus levels.

export async function listLevels(db: Queryable): Promise<PaymentLevel[]> {
  return db.select().from(paymentLevels).orderBy(asc(paymentLevels.min));
}

/**
 * Replaces every level at once (the operator's `payments:levels set`): tiers must not overlap, or a
 * payment would match two of them. Checked by the caller (see cli), written in one transaction.
 */
export async function replaceLevels(db: Queryable, levels: Omit<PaymentLevel, 'id'>[]) {
  await db.delete(paymentLevels);
  if (levels.length > 0) await db.insert(paymentLevels).values(levels);
}

// Prices the operator sets (cli `prices:set`); actions/prices.ts reads them.

export async function setActionPrice(db: Queryable, params: { action: number; price: number }) {
  const { price } = params;
  await db
    .insert(actionPrices)
    .values({ actionId: params.action, price })
    .onConflictDoUpdate({ target: actionPrices.actionId, set: { price } });
}

export async function setUserActionPrice(
  db: Queryable,
  params: { userId: number; action: number; price: number },
) {
  const { price } = params;
  await db
    .insert(userActionPrices)
    .values({ userId: params.userId, actionId: params.action, price })
    .onConflictDoUpdate({ target: [userActionPrices.userId, userActionPrices.actionId], set: { price } });
}

export async function deleteUserActionPrice(db: Queryable, params: { userId: number; action: number }) {
  await db
    .delete(userActionPrices)
    .where(and(eq(userActionPrices.userId, params.userId), eq(userActionPrices.actionId, params.action)));
}

/** The payment methods the operator turned on or off in the console (the settings row, id 1). */
export async function loadMethodSwitches(db: Queryable): Promise<MethodSwitches> {
  const [row] = await db
    .select({ enablePayPal: settings.enablePayPal, enableCrypto: settings.enableCrypto })
    .from(settings)
    .where(eq(settings.id, 1));
  return { enablePayPal: row?.enablePayPal ?? null, enableCrypto: row?.enableCrypto ?? null };
}
