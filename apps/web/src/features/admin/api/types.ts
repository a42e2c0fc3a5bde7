import type {
  AuditKind,
  TAdminAuditAttributes,
  TAdminPriceAttributes,
  TAdminUserAttributes,
  TAdminUserDetailAttributes,
} from '@linkwatch/shared';
import type { ListResponse, Resource } from '@/api/types.ts';

export type AdminUser = Resource<'adminUsers', TAdminUserAttributes>;
export type AdminUserList = ListResponse<'adminUsers', TAdminUserAttributes>;
export type Customer = Resource<'adminUsers', TAdminUserDetailAttributes>;
export type AdminPrice = Resource<'adminPrices', TAdminPriceAttributes>;
export type AuditRow = Resource<'auditRows', TAdminAuditAttributes>;
export type AuditList = ListResponse<'auditRows', TAdminAuditAttributes>;

/** The customers list's URL state. */
export type UserListFilters = { query?: string; page: number; size: number; sort: string };

/** The audit page's URL state. */
export type AuditFilters = {
  actor?: string;
  user?: string;
  kind?: AuditKind;
  dateFrom?: string;
  dateTo?: string;
  page: number;
  size: number;
};
