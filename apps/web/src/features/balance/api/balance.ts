import type {
  TCreatePaymentRequest,
  TPaymentLevelListResponse,
  TPaymentNetworksResponse,
  TPaymentResponse,
  ZActionPriceListResponse,
} from '@linkwatch/shared';
import { type FilterName, filterParams, type ZBalanceListQuery } from '@linkwatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';
import { balanceKeys } from './keys.ts';
import type { ActionPrice, HistoryFilters, PaymentLevel, PaymentMethod, TransactionList } from './types.ts';

/** `GET balances` with the history's filters: one type, a day range, a page of 50, 100 or 200. */
export function historyQuery(filters: HistoryFilters): Query {
  return {
    'page[number]': filters.page,
    'page[size]': filters.size,
    ...filterParams<FilterName<typeof ZBalanceListQuery>>({
      type: filters.type,
      dateFrom: filters.dateFrom,
      dateTo: filters.dateTo,
    }),
  };
}

export function useTransactions(filters: HistoryFilters) {
  return useQuery({
    queryKey: balanceKeys.historyPage(filters),
    queryFn: ({ signal }) => api.get<TransactionList>('balances', { query: historyQuery(filters), signal }),
    placeholderData: keepPreviousData,
    // Each part of the page says on its own that it failed; the rest of the page stays usable.
    throwOnError: false,
  });
}

/** The bonus tiers (`GET payments/levels`), lowest first. */
export function usePaymentLevels() {
  return useQuery({
    queryKey: balanceKeys.levels,
    staleTime: 5 * 60_000,
    throwOnError: false,
    queryFn: () =>
      api
        .get<TPaymentLevelListResponse>('payments/levels')
        .then((r): PaymentLevel[] =>
          r.data.map((d) => ({ id: d.id, ...d.attributes })).sort((a, b) => a.min - b.min),
        ),
  });
}

/** The pay currencies the crypto store accepts (`GET payments/networks`); undefined until known. */
export function useCryptoNetworks() {
  return useQuery({
    queryKey: balanceKeys.networks,
    staleTime: 10 * 60_000,
    throwOnError: false,
    queryFn: () => api.get<TPaymentNetworksResponse>('payments/networks').then((r) => r.data),
  });
}

/** The user's price per link of every action (`GET actions/prices`). */
export function useActionPrices() {
  return useQuery({
    queryKey: balanceKeys.prices,
    staleTime: 5 * 60_000,
    throwOnError: false,
    queryFn: () =>
      api
        .get<z.infer<typeof ZActionPriceListResponse>>('actions/prices')
        .then((r): ActionPrice[] => r.data.map((d) => d.attributes)),
  });
}

/** `POST payments/{method}`: the Payment (New) and where to send the browser to pay. */
export function createPayment({ method, body }: { method: PaymentMethod; body: TCreatePaymentRequest }) {
  return api.post<TPaymentResponse>(`payments/${method}`, body).then((r) => r.data);
}

export function fetchPayment(id: string) {
  return api.get<TPaymentResponse>(`payments/${id}`).then((r) => r.data);
}

/** PayPal's return: the approved order is captured now rather than when its webhook arrives. */
export function capturePayment(id: string) {
  return api.post<TPaymentResponse>(`payments/${id}/capture`).then((r) => r.data);
}
