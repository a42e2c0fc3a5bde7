import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * The partner programme (issue 29). A partner's referral link: `key` is the last segment of its URL,
 * unique whatever the case. Deleting a link hides it (`deleted_at`) and keeps what it earned.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The landing page: an id of REFERRAL_PAGES (`GET referral/uri`). */
    referralUri: integer('referral_uri').notNull(),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('referral_links_key_unique').on(sql`lower(${t.key})`),
    index('referral_links_user_idx').on(t.userId),
  ],
);

/** One visitor's visit through a link in one UTC day, counted once (a reload or a second click is not). */
export const referralVisits = pgTable(
  'referral_visits',
  {
    id: id(),
    linkId: integer('link_id')
      .notNull()
      .references(() => referralLinks.id, { onDelete: 'cascade' }),
    /** SHA-256 of the visitor cookie's value. */
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_visits_unique').on(t.linkId, t.visitor, t.day)],
);

/** A user who registered through a partner's link: once, for good (one partner per user). */
export const referralUsers = pgTable(
  'referral_users',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => referralLinks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_users_user_unique').on(t.userId),
    index('referral_users_partner_idx').on(t.partnerId, t.createdAt),
    index('referral_users_link_idx').on(t.linkId),
  ],
);

/**
 * The referral balance's ledger, append-only (a trigger refuses UPDATE and DELETE): every row names
 * the payment or the payout it comes from. The balance is the sum; a row counts as available from
 * `available_at` on (a commission after its hold, everything else at once).
 */
export const referralLedger = pgTable(
  'referral_ledger',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** commission, reversal (the referred payment refunded or disputed), payout, payoutReturned. */
    kind: text('kind', { enum: ['commission', 'reversal', 'payout', 'payoutReturned'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    payoutId: integer('payout_id').references(() => referralPayouts.id, { onDelete: 'set null' }),
    referredUserId: integer('referred_user_id'),
    linkId: integer('link_id'),
    /** The commission's percent (its level). */
    percent: integer('percent'),
    availableAt: at('available_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_ledger_partner_idx').on(t.partnerId, t.availableAt),
    uniqueIndex('referral_ledger_payment_kind_unique')
      .on(t.paymentId, t.kind)
      .where(sql`${t.kind} in ('commission', 'reversal')`),
    check(
      'referral_ledger_names_its_source',
      sql`(${t.kind} in ('commission', 'reversal') and ${t.paymentId} is not null) or (${t.kind} in ('payout', 'payoutReturned') and ${t.payoutId} is not null)`,
    ),
  ],
);

/** A payout asked for (spec 3, outpayment): type 1 is Paid at once, type 2 New until an operator decides. */
export const referralPayouts = pgTable(
  'referral_payouts',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    methodId: integer('method_id').notNull(),
    methodName: text('method_name').notNull(),
    type: smallint('type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    email: text('email'),
    /** 0 New, 1 Paid, 2 Cancelled (ReferralPayoutStatus). */
    statusId: smallint('status_id').notNull().default(0),
    reference: text('reference'),
    decidedBy: integer('decided_by'),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_payouts_partner_idx').on(t.partnerId, t.createdAt),
    check('referral_payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Payout methods (spec 3, Referral payment method) as the operator configures them. */
export const referralPaymentMethods = pgTable('referral_payment_methods', {
  id: id(),
  name: text('name').notNull(),
  /** The fee, percent of the amount. */
  percent: integer('percent').notNull(),
  /** 1 credits on the partner's balance, 2 cash. */
  type: smallint('type').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

/** Commission levels by the partner's referred revenue (cents; max null: no limit). */
export const referralLevels = pgTable('referral_levels', {
  id: id(),
  min: integer('min').notNull(),
  max: integer('max'),
  percent: integer('percent').notNull(),
});
