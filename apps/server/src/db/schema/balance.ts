import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/** The credits ledger: every change of users.balance is one row here, written in the same transaction. */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    /** The balance right after this row was applied. */
    balance: integer('balance').notNull(),
    typeId: integer('type_id').notNull(),
    description: text('description'),
    /** The top-up or bonus's Payment (spec 3: Balance transaction paymentId). */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    actionId: integer('action_id'),
    createdAt: createdAt(),
  },
  (t) => [index('balance_transactions_user_idx').on(t.userId, t.createdAt)],
);
