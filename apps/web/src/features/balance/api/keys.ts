import type { HistoryFilters } from './types.ts';

/** The balance page's cache entries; the header's balance itself stays under lib/balance's key. */
export const balanceKeys = {
  all: ['balance'] as const,
  history: ['balance', 'history'] as const,
  historyPage: (filters: HistoryFilters) => ['balance', 'history', filters] as const,
  levels: ['balance', 'levels'] as const,
  networks: ['balance', 'networks'] as const,
  prices: ['balance', 'prices'] as const,
  payments: ['balance', 'payment'] as const,
  payment: (id: string) => ['balance', 'payment', id] as const,
};
