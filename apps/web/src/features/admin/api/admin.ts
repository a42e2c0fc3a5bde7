import type {
  TAdminCreditsRequest,
  TAdminPaymentLevelsRequest,
  TAdminPriceRequest,
  TAdminSettingsRequest,
  TAdminUpdateUserRequest,
  TAdminUserPriceRequest,
  TImpersonationResponse,
  TPaymentLevelListResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ResourceResponse } from '@/api/types.ts';
import { settingsKey } from '@/lib/settings.ts';
import { adminKeys } from './keys.ts';
import type {
  AdminPrice,
  AdminUserList,
  AuditFilters,
  AuditList,
  Customer,
  UserListFilters,
} from './types.ts';

/** `GET admin/users`: a page of customers found by e-mail, name, id or referral. */
export function useAdminUsers(filters: UserListFilters) {
  return useQuery({
    queryKey: adminKeys.userList(filters),
    queryFn: ({ signal }) =>
      api.get<AdminUserList>('admin/users', {
        signal,
        query: {
          'filter[query]': filters.query,
          'page[number]': filters.page,
          'page[size]': filters.size,
          sort: filters.sort,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET admin/users/{id}`: the customer's page. */
export function useCustomer(id: number) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) =>
      api
        .get<ResourceResponse<'adminUsers', Customer['attributes']>>(`admin/users/${id}`, { signal })
        .then((r) => r.data),
  });
}

/** After a change of one customer: their page and the lists showing them are read again. */
function useCustomerChange<T, R>(id: number, call: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.user(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
      void queryClient.invalidateQueries({ queryKey: adminKeys.prices });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

export function useUpdateCustomer(id: number) {
  return useCustomerChange(id, (body: TAdminUpdateUserRequest) => api.put(`admin/users/${id}`, body));
}

export function useAdjustCredits(id: number) {
  return useCustomerChange(id, (body: TAdminCreditsRequest) =>
    api.post<{ data: { balance: number } }>(`admin/users/${id}/credits`, body),
  );
}

export function useSetCustomerPrice(id: number) {
  return useCustomerChange(id, ({ action, ...body }: TAdminUserPriceRequest & { action: number }) =>
    api.put(`admin/users/${id}/prices/${action}`, body),
  );
}

export function useEndSessions(id: number) {
  return useCustomerChange(id, (body: { reason?: string }) =>
    api.post(`admin/users/${id}/sessions/end`, body),
  );
}

export function useResendConfirmation(id: number) {
  return useCustomerChange(id, (body: { reason?: string }) =>
    api.post(`admin/users/${id}/confirmation`, body),
  );
}

/** `POST admin/users/{id}/impersonate`: the acting session's token. */
export function impersonate(id: number, reason?: string) {
  return api
    .post<TImpersonationResponse>(`admin/users/${id}/impersonate`, { reason })
    .then((r) => r.data.attributes);
}

/** `GET admin/prices`: each action's common price and who pays their own (`enabled`: the key is held). */
export function useAdminPrices(enabled = true) {
  return useQuery({
    enabled,
    queryKey: adminKeys.prices,
    queryFn: ({ signal }) => api.get<{ data: AdminPrice[] }>('admin/prices', { signal }).then((r) => r.data),
  });
}

export function useSetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: TAdminPriceRequest & { action: number }) =>
      api.put(`admin/prices/${action}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.prices });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

/** `PUT admin/settings`; the app's own settings (banner, links) are read again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminSettingsRequest) => api.put('admin/settings', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

/** `GET admin/audit` with its filters. */
export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: adminKeys.auditPage(filters),
    queryFn: ({ signal }) =>
      api.get<AuditList>('admin/audit', {
        signal,
        query: {
          'filter[actor]': filters.actor,
          'filter[user]': filters.user,
          'filter[kind]': filters.kind,
          'filter[dateFrom]': filters.dateFrom,
          'filter[dateTo]': filters.dateTo,
          'page[number]': filters.page,
          'page[size]': filters.size,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export type BonusTier = TAdminPaymentLevelsRequest['levels'][number];

/** The bonus tiers as customers see them (`GET payments/levels`), lowest first. */
export function usePaymentLevels() {
  return useQuery({
    queryKey: adminKeys.paymentLevels,
    queryFn: ({ signal }) =>
      api
        .get<TPaymentLevelListResponse>('payments/levels', { signal })
        .then((r): BonusTier[] => r.data.map((d) => d.attributes).sort((a, b) => a.min - b.min)),
  });
}

/** `PUT admin/payment-levels`: every tier at once; the tiers and the audit log are read again. */
export function useSavePaymentLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminPaymentLevelsRequest) => api.put('admin/payment-levels', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.paymentLevels });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
