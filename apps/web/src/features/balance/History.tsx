import { PAGE_SIZES } from '@linkwatch/shared';
import { ReceiptText } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { ColumnsMenu, DataTable, useDataTable } from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Select } from '@/ui/Select.tsx';
import type { useTransactions } from './api/balance.ts';
import type { Transaction } from './api/types.ts';
import { HistoryFilters } from './HistoryFilters.tsx';
import { useHistoryColumns } from './historyColumns.tsx';
import type { useHistoryState } from './historyState.ts';

const NO_ROWS: Transaction[] = [];

function PageSize({ size, onSize }: { size: number; onSize: (size: number) => void }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 text-sm text-ink-muted">
      <span aria-hidden>{t('balanceUi.history.pageSize')}</span>
      <Select
        aria-label={t('balanceUi.history.pageSize')}
        size="sm"
        className="w-20"
        value={String(size)}
        onChange={(e) => onSize(Number(e.target.value))}
        options={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
      />
    </span>
  );
}

/** The ledger as a table (cards on a phone) with its filters, pages and page sizes 50/100/200. */
export function History({
  state,
  transactions,
}: {
  state: ReturnType<typeof useHistoryState>;
  transactions: ReturnType<typeof useTransactions>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const rows = transactions.data?.data ?? NO_ROWS;
  const table = useDataTable({
    name: 'balance-history',
    columns: useHistoryColumns(),
    rows,
    rowId: (row) => String(row.id),
  });
  const meta = transactions.data?.meta.page;
  const from = meta ? (meta.currentPage - 1) * meta.perPage + 1 : 0;
  const to = meta ? Math.min(meta.total, meta.currentPage * meta.perPage) : 0;
  return (
    // overflow-clip, not hidden: a hidden overflow would hold the table's sticky header inside the card.
    <Card className="overflow-clip" role="region" aria-labelledby={titleId}>
      <CardHeader
        titleId={titleId}
        title={t('balanceUi.history.title')}
        description={t('balanceUi.history.subtitle')}
        actions={<ColumnsMenu table={table} />}
      />
      <HistoryFilters filters={state.filters} onChange={state.setFilter} onReset={state.resetFilters} />
      {transactions.isError ? (
        <div className="p-5">
          <Alert tone="error">{t('balanceUi.history.failed')}</Alert>
        </div>
      ) : (
        <div aria-busy={transactions.isFetching || undefined}>
          <DataTable
            table={table}
            label={t('balanceUi.history.title')}
            loading={transactions.isPending}
            rowProps={(row) => ({ 'data-transaction-id': row.id, 'data-type': row.attributes.typeId })}
            message={
              <EmptyState
                icon={<ReceiptText className="size-6" aria-hidden />}
                title={
                  state.filtered ? t('balanceUi.history.empty.filtered') : t('balanceUi.history.empty.title')
                }
                body={state.filtered ? undefined : t('balanceUi.history.empty.body')}
              />
            }
          />
        </div>
      )}
      {meta && meta.total > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-5 py-3">
          <div className="flex flex-wrap items-center gap-3">
            <PageSize size={state.filters.size} onSize={state.setSize} />
            <span className="text-sm text-ink-muted tabular-nums">
              {t('balanceUi.history.range', {
                from: format.number(from),
                to: format.number(to),
                total: format.number(meta.total),
              })}
            </span>
          </div>
          <Pager meta={meta} onPage={state.setPage} />
        </div>
      ) : null}
    </Card>
  );
}
