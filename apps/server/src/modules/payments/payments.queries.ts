import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { payments, settings } from '../../db/schema/index.ts';
import type { PaymentMethod, PaymentProviderName } from '../../providers/payments/types.ts';
import type { MethodSwitches } from './payment-settings.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  db: Queryable,
  values: {
    userId: number;
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

/** The payment methods the operator turned on or off in the console (the settings row, id 1). */
export async function loadMethodSwitches(db: Queryable): Promise<MethodSwitches> {
  const [row] = await db
    .select({ enablePayPal: settings.enablePayPal, enableCrypto: settings.enableCrypto })
    .from(settings)
    .where(eq(settings.id, 1));
  return { enablePayPal: row?.enablePayPal ?? null, enableCrypto: row?.enableCrypto ?? null };
}
