import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * One top-up attempt (spec 3, Payment). It moves New → Paid or New → Cancelled only (spec 4), and a
 * provider's notification finds it by (provider, provider_ref).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 New, 1 Paid, 2 Cancelled (PaymentStatus). */
    statusId: smallint('status_id').notNull().default(0),
    method: text('method', { enum: ['card', 'paypal', 'crypto'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'paypal', 'nowpayments'] }).notNull(),
    /** The provider's session / order / invoice id; null only until the checkout is created. */
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    /** What actually arrived (a partial crypto payment is less than asked). */
    paidCents: integer('paid_cents'),
    currency: text('currency').notNull().default('usd'),
    /** Crypto: the coin and network the user chose. */
    payCurrency: text('pay_currency'),
    email: text('email').notNull(),
    /** The member who started it (issue 27); null: the owner or before teams. */
    actorId: integer('actor_id'),
    bonusCredits: integer('bonus_credits').notNull().default(0),
    /** A notification we did not credit, and why (amount or currency mismatch). */
    problem: text('problem'),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Bonus tiers (spec 3, Payment level): a payment of min..max cents earns percent extra credits. */
export const paymentLevels = pgTable('payment_levels', {
  id: id(),
  min: integer('min').notNull(),
  /** Null: no upper bound. */
  max: integer('max'),
  percent: integer('percent').notNull(),
});

/** Every provider notification acted on, once: the unique (provider, event_id) makes a replay a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId)],
);
