import type {
  TAdminOutpaymentListResponse,
  TAdminPartnerListResponse,
  TAdminReferralLevelsRequest,
  TAdminReferralMethodsRequest,
  TAdminReferralMinimumRequest,
  TAdminReferralSetupResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { adminKeys } from './keys.ts';

/** The console's partner section (issue 29): partners, payout requests, levels, methods, minimum. */

export function useAdminPartners(filters: { query: string; page: number }) {
  return useQuery({
    queryKey: adminKeys.partnerList(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<TAdminPartnerListResponse>('admin/partners', {
        signal,
        query: {
          'filter[query]': filters.query || undefined,
          'page[number]': filters.page,
          'page[size]': 50,
        },
      }),
  });
}

export function useAdminPayouts(filters: { status: string; page: number }) {
  return useQuery({
    queryKey: adminKeys.payoutList(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<TAdminOutpaymentListResponse>('admin/outpayments', {
        signal,
        query: {
          'filter[status]': filters.status || undefined,
          'page[number]': filters.page,
          'page[size]': 50,
        },
      }),
  });
}

export function useReferralSetup() {
  return useQuery({
    queryKey: adminKeys.referralSetup,
    queryFn: () => api.get<TAdminReferralSetupResponse>('admin/referral').then((r) => r.data),
  });
}

function usePartnerChange<T>(call: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.partners });
      void client.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

export const usePayoutPaid = () =>
  usePartnerChange((p: { id: number; reference: string; reason: string }) =>
    api.post(`admin/outpayments/${p.id}/paid`, { reference: p.reference, reason: p.reason || null }),
  );
export const usePayoutCancel = () =>
  usePartnerChange((p: { id: number; reason: string }) =>
    api.post(`admin/outpayments/${p.id}/cancel`, { reason: p.reason || null }),
  );
export const useSaveLevels = () =>
  usePartnerChange((body: TAdminReferralLevelsRequest) => api.put('admin/referral/levels', body));
export const useSaveMethods = () =>
  usePartnerChange((body: TAdminReferralMethodsRequest) => api.put('admin/referral/methods', body));
export const useSaveMinimum = () =>
  usePartnerChange((body: TAdminReferralMinimumRequest) => api.put('admin/referral/minimum', body));
