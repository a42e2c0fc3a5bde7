import { AUDIT_KINDS, type AuditKind, DEFAULT_PAGE_SIZE } from '@linkwatch/shared';
import { useMemo } from 'react';
import { readPage } from '@/lib/listParams.ts';
import { useListParams } from '@/lib/useListParams.ts';
import type { AuditFilters } from './api/types.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,10}$/;
export type AuditFilterName = 'kind' | 'actor' | 'user' | 'dateFrom' | 'dateTo';

/** The audit page's filters and page in the URL: a link to "everything done to this customer" works. */
export function useAuditState() {
  const [params, update] = useListParams({ restartPage: true });
  const filters = useMemo((): AuditFilters => {
    const match = (name: string, pattern: RegExp) => {
      const value = params.get(name) ?? '';
      return pattern.test(value) ? value : undefined;
    };
    const kind = params.get('kind');
    return {
      kind: AUDIT_KINDS.includes(kind as AuditKind) ? (kind as AuditKind) : undefined,
      actor: match('actor', ID),
      user: match('user', ID),
      dateFrom: match('dateFrom', DAY),
      dateTo: match('dateTo', DAY),
      page: readPage(params),
      size: DEFAULT_PAGE_SIZE,
    };
  }, [params]);

  return {
    filters,
    filtered: Boolean(filters.kind || filters.actor || filters.user || filters.dateFrom || filters.dateTo),
    setFilter: (name: AuditFilterName, value: string) => update({ [name]: value }),
    reset: () => update({ kind: null, actor: null, user: null, dateFrom: null, dateTo: null }),
    setPage: (page: number) => update({ page }),
  };
}
