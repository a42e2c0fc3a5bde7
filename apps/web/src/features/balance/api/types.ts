import type {
  PaymentMethodName,
  TBalanceTransactionListResponse,
  TPaymentAttributes,
  TPaymentLevelAttributes,
} from '@linkwatch/shared';

export type TransactionList = TBalanceTransactionListResponse;
export type Transaction = TransactionList['data'][number];
export type PaymentLevel = TPaymentLevelAttributes & { id: string | number };
export type Payment = { id: string | number; attributes: TPaymentAttributes };
export type PaymentMethod = PaymentMethodName;

/** The history's URL state: a ledger type, a day range (YYYY-MM-DD), the page and its size. */
export type HistoryFilters = {
  type?: string;
  dateFrom?: string;
  dateTo?: string;
  page: number;
  size: number;
};

/** One action's price per link for this user (`GET actions/prices`); customPrice: set for them alone. */
export type ActionPrice = { action: number; price: number; customPrice: boolean };
