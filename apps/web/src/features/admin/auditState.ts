import { AUDIT_KINDS, type AuditKind, DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@linkwatch/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditFilters } from './api/types.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,10}$/;
export type AuditFilterName = 'kind' | 'actor' | 'user' | 'dateFrom' | 'dateTo';

/** The audit page's filters and page in the URL: a link to "everything done to this customer" works. */
export function useAuditState() {
  const [params, setParams] = useSearchParams();
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
      page: Math.max(FIRST_PAGE, Number(params.get('page')) || FIRST_PAGE),
      size: DEFAULT_PAGE_SIZE,
    };
  }, [params]);

  const update = useCallback(
    (changes: Partial<Record<AuditFilterName | 'page', string | number | null>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filters,
    filtered: Boolean(filters.kind || filters.actor || filters.user || filters.dateFrom || filters.dateTo),
    setFilter: (name: AuditFilterName, value: string) => update({ [name]: value }),
    reset: () => update({ kind: null, actor: null, user: null, dateFrom: null, dateTo: null }),
    setPage: (page: number) => update({ page: page === FIRST_PAGE ? null : page }),
  };
}
