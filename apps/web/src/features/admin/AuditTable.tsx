import { AUDIT_KINDS, type AuditKind } from '@linkwatch/shared';
import { ScrollText } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { type DataColumn, DataTable, dataColumns, useDataTable } from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Input } from '@/ui/Input.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { FilterSelect, filterRowClass } from '@/ui/Select.tsx';
import { useAudit } from './api/admin.ts';
import type { AuditRow } from './api/types.ts';
import { type AuditFilterName, useAuditState } from './auditState.ts';

const col = dataColumns<AuditRow>();

/** i18n keys cannot hold a kind's dot: `user.credits` is titled by `admin.audit.kinds.user_credits`. */
const kindKey = (kind: AuditKind) =>
  `admin.audit.kinds.${kind.replace('.', '_')}` as 'admin.audit.kinds.user_update';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** `field: before → after` for each value the change touched. */
function Values({ row }: { row: AuditRow['attributes'] }) {
  const fields = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  if (fields.length === 0) return <span className="text-ink-subtle">—</span>;
  return (
    <ul className="space-y-0.5 font-mono text-xs">
      {fields.map((field) => (
        <li key={field} className="break-all">
          <span className="text-ink-subtle">{field}:</span> {show(row.before?.[field])} →{' '}
          {show(row.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

function useColumns(): DataColumn<AuditRow>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  return useMemo(
    () => [
      col.display({
        id: 'date',
        meta: {
          label: t('admin.audit.columns.date'),
          fixed: true,
          card: 'lead',
          className: 'whitespace-nowrap',
        },
        cell: ({ row }) => format.date(row.original.attributes.createdAt, true),
      }),
      col.display({
        id: 'kind',
        meta: { label: t('admin.audit.columns.kind'), card: 'essential' },
        cell: ({ row }) => {
          const { kind, subject } = row.original.attributes;
          const action =
            subject && kind.includes('price')
              ? ` · ${t(`tasks.actions.${subject}` as 'tasks.actions.1')}`
              : '';
          return `${t(kindKey(kind))}${action}`;
        },
      }),
      col.display({
        id: 'actor',
        meta: { label: t('admin.audit.columns.actor'), card: 'field' },
        cell: ({ row }) => row.original.attributes.actorEmail ?? `#${row.original.attributes.actorId}`,
      }),
      col.display({
        id: 'target',
        meta: { label: t('admin.audit.columns.target'), card: 'field' },
        cell: ({ row }) => {
          const { targetUserId, targetEmail } = row.original.attributes;
          if (targetUserId === null) return '—';
          return (
            <Link to={to(`/admin/users/${targetUserId}`)} className="text-brand-700 hover:underline">
              {targetEmail ?? `#${targetUserId}`}
            </Link>
          );
        },
      }),
      col.display({
        id: 'values',
        meta: { label: t('admin.audit.columns.values'), card: 'field', cardWide: true },
        cell: ({ row }) => <Values row={row.original.attributes} />,
      }),
      col.display({
        id: 'reason',
        meta: { label: t('admin.audit.columns.reason'), card: 'field' },
        cell: ({ row }) => row.original.attributes.reason ?? '—',
      }),
    ],
    [t, format, to],
  );
}

function FilterInput({
  state,
  name,
  type,
}: {
  state: ReturnType<typeof useAuditState>;
  name: AuditFilterName;
  type: 'date' | 'text';
}) {
  const { t } = useTranslation();
  const id = useId();
  const apply = (value: string) => state.setFilter(name, value.trim());
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-medium text-ink-subtle sm:w-40">
      <label htmlFor={id}>{t(`admin.audit.filters.${name}`)}</label>
      <Input
        id={id}
        type={type}
        inputMode={type === 'text' ? 'numeric' : undefined}
        className="h-8"
        defaultValue={state.filters[name] ?? ''}
        onBlur={(e) => apply(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply(e.currentTarget.value);
        }}
      />
    </div>
  );
}

function Filters({ state }: { state: ReturnType<typeof useAuditState> }) {
  const { t } = useTranslation();
  const kindText = (kind: AuditKind) => t(kindKey(kind));
  const input = (name: AuditFilterName, type: 'date' | 'text') => (
    <FilterInput state={state} name={name} type={type} />
  );
  return (
    <div className={`${filterRowClass} border-b border-line px-5 py-4`}>
      <FilterSelect
        label={t('admin.audit.filters.kind')}
        value={state.filters.kind ?? ''}
        onChange={(e) => state.setFilter('kind', e.target.value)}
        placeholder={t('admin.audit.filters.allKinds')}
        options={AUDIT_KINDS.map((kind) => ({ value: kind, label: kindText(kind) }))}
      />
      {input('user', 'text')}
      {input('actor', 'text')}
      {input('dateFrom', 'date')}
      {input('dateTo', 'date')}
      {state.filtered ? (
        <Button variant="ghost" size="sm" onClick={state.reset}>
          {t('admin.audit.filters.reset')}
        </Button>
      ) : null}
    </div>
  );
}

/** Every console change, newest first, filtered in the URL. Rows are only ever added. */
export function AuditTable() {
  const { t } = useTranslation();
  const state = useAuditState();
  const audit = useAudit(state.filters);
  const table = useDataTable({
    name: 'admin-audit',
    columns: useColumns(),
    rows: audit.data?.data ?? [],
    rowId: (row) => String(row.id),
  });
  return (
    <Card className="overflow-clip">
      <Filters key={JSON.stringify(state.filters)} state={state} />
      {audit.isError ? (
        <div className="p-5">
          <Alert tone="error">{audit.error.message}</Alert>
        </div>
      ) : (
        <DataTable
          table={table}
          label={t('admin.audit.title')}
          loading={audit.isPending}
          rowProps={(row) => ({ 'data-audit-kind': row.attributes.kind })}
          message={
            <EmptyState icon={<ScrollText className="size-6" aria-hidden />} title={t('admin.audit.empty')} />
          }
        />
      )}
      {audit.data && audit.data.meta.page.lastPage > 1 ? (
        <div className="border-t border-line px-5 py-3">
          <Pager meta={audit.data.meta.page} onPage={state.setPage} summary />
        </div>
      ) : null}
    </Card>
  );
}
