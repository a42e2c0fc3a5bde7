import type {
  TOutpaymentListResponse,
  TReferralBalanceResponse,
  TReferralLinkListResponse,
  TReferralPaymentMethodListResponse,
  TReferralUriListResponse,
  TReferralUserListResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '@/api/client.ts';
import { meQueryKey } from '@/lib/session.ts';
import { partnerKeys } from './keys.ts';

/** Every server call of the partner pages (spec 7, "Referral"), as the spec writes them. */

const pageQuery = (page: number, size = 50): Query => ({ 'page[number]': page, 'page[size]': size });

export function useReferralBalance(enabled = true) {
  return useQuery({
    queryKey: partnerKeys.balance,
    enabled,
    throwOnError: false,
    queryFn: () => api.get<TReferralBalanceResponse>('referral/balance').then((r) => r.data),
  });
}

export function useReferralLinks(page: number) {
  return useQuery({
    queryKey: partnerKeys.links(page),
    placeholderData: keepPreviousData,
    throwOnError: false,
    queryFn: ({ signal }) =>
      api.get<TReferralLinkListResponse>('referral/links', { query: pageQuery(page), signal }),
  });
}

export function useReferralUris() {
  return useQuery({
    queryKey: partnerKeys.uris,
    staleTime: 10 * 60_000,
    throwOnError: false,
    queryFn: () => api.get<TReferralUriListResponse>('referral/uri').then((r) => r.data),
  });
}

export function useReferredUsers(page: number) {
  return useQuery({
    queryKey: partnerKeys.users(page),
    placeholderData: keepPreviousData,
    throwOnError: false,
    queryFn: ({ signal }) =>
      api.get<TReferralUserListResponse>('referral/users', { query: pageQuery(page), signal }),
  });
}

export function usePayoutMethods(enabled = true) {
  return useQuery({
    queryKey: partnerKeys.methods,
    enabled,
    throwOnError: false,
    queryFn: () => api.get<TReferralPaymentMethodListResponse>('referral/payment-methods/'),
  });
}

export function useOutpayments(page: number) {
  return useQuery({
    queryKey: partnerKeys.payouts(page),
    placeholderData: keepPreviousData,
    throwOnError: false,
    queryFn: ({ signal }) =>
      api.get<TOutpaymentListResponse>('referral/outpayments', { query: pageQuery(page), signal }),
  });
}

/** Refreshes the programme's reads after a write. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: partnerKeys.all });
}

/** `POST referral/links?key=K&referralUri=U` (no body). */
export function useCreateLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { key: string; referralUri: string }) =>
      api.post('referral/links', undefined, {
        query: { ...(input.key.trim() ? { key: input.key.trim() } : {}), referralUri: input.referralUri },
      }),
    onSuccess: refresh,
  });
}

/** `DELETE referral/links/delete?ids[]=…`. */
export function useDeleteLinks() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.delete('referral/links/delete', { query: { 'ids[]': ids.map(String) } }),
    onSuccess: refresh,
  });
}

/** `POST referral/outpayments?paymentMethod=M&amount=A&email=E` (spec 3's send payload, as query). */
export function useRequestPayout() {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { paymentMethod: string; amount: string; email: string }) =>
      api.post('referral/outpayments', undefined, {
        query: {
          paymentMethod: input.paymentMethod,
          amount: input.amount.trim(),
          ...(input.email.trim() ? { email: input.email.trim() } : {}),
        },
      }),
    onSuccess: async () => {
      await refresh();
      // A payout as credits changes the account's balance too.
      await client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** `POST user/partner`: the account joins the programme. */
export function useBecomePartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('user/partner'),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}
