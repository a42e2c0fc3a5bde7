import { z } from 'zod';
import { BalanceTransactionType } from '../constants.ts';
import { listOf, resource } from './common.ts';
import { pageOf, query } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// The balance history (spec 3, Balance transaction; spec 7, GET balances): the user's ledger rows.
// ---------------------------------------------------------------------------------------------------

const TYPE_IDS = Object.values(BalanceTransactionType) as number[];

/** `GET balances`: newest first, filtered by type and by a date range (whole days, UTC). */
export const ZBalanceListQuery = z
  .object({
    ...query.page(),
    'filter[type]': query
      .list((v) => (/^\d{1,2}$/.test(v) && TYPE_IDS.includes(Number(v)) ? Number(v) : undefined))
      .describe(
        'transaction types, comma-separated: 1 top-up, 2 task charge, 3 refund, 4 adjustment, 5 bonus',
      ),
    'filter[dateFrom]': query.day().describe('first day, YYYY-MM-DD (UTC)'),
    'filter[dateTo]': query.day({ wholeDay: true }).describe('last day, YYYY-MM-DD (UTC), included'),
  })
  .transform((q) => ({
    page: pageOf(q),
    filters: { types: q['filter[type]'], dateFrom: q['filter[dateFrom]'], dateTo: q['filter[dateTo]'] },
  }));
export type TBalanceListQuery = z.output<typeof ZBalanceListQuery>;

export const ZBalanceTransactionAttributes = z.object({
  /** The balance right after this row, in credits. */
  balance: z.number(),
  /** The change, in credits: positive credited, negative charged. */
  value: z.number(),
  typeId: z.number(),
  typeText: z.string(),
  description: z.string(),
  createdAt: z.string(),
  paymentId: z.number().nullable(),
  /** The task charged or refunded, when there is one. */
  actionId: z.number().nullable(),
  /**
   * Who made the payment behind a top-up or its bonus (issue 27, `payments.actor_id`): a member's
   * name, shown only while they still belong to the account; null for the owner's own and older ones.
   */
  actorName: z.string().nullable(),
});
export type TBalanceTransactionAttributes = z.infer<typeof ZBalanceTransactionAttributes>;

export const ZBalanceTransactionListResponse = listOf(
  resource('balanceTransactions', ZBalanceTransactionAttributes),
).extend({
  meta: listOf(z.unknown()).shape.meta.extend({
    /** The user's balance now and every bonus credit they were ever given (the page's header). */
    balance: z.number(),
    bonus: z.number(),
  }),
});
export type TBalanceTransactionListResponse = z.infer<typeof ZBalanceTransactionListResponse>;
