import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import type { Customer } from './api/types.ts';

function ActivityTable({ title, headers, rows }: { title: string; headers: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <Card className="overflow-clip">
      <CardHeader title={title} />
      <Table>
        <thead>
          <tr>
            {headers.map((header) => (
              <Th key={header}>{header}</Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <TableMessage columns={headers.length}>
              <p className="px-5 py-4 text-sm text-ink-muted">{t('admin.customer.empty')}</p>
            </TableMessage>
          ) : (
            rows.map((cells, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are shown as read, never reordered
              <Tr key={i}>
                {cells.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per header
                  <Td key={j}>{cell}</Td>
                ))}
              </Tr>
            ))
          )}
        </tbody>
      </Table>
    </Card>
  );
}

/** The customer's recent ledger rows, tasks, payments and logins, newest first. */
export function CustomerActivity({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { ledger, tasks, payments, logins } = customer.attributes;
  const c = (key: string) => t(`admin.customer.columns.${key}` as 'admin.customer.columns.date');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
      <ActivityTable
        title={t('admin.customer.ledgerTitle')}
        headers={[c('date'), c('value'), c('balanceAfter'), c('description')]}
        rows={ledger.map((r) => [
          format.date(r.createdAt, true),
          <span key="v" className="tabular-nums">
            {r.value > 0 ? `+${format.number(r.value)}` : format.number(r.value)}
          </span>,
          <span key="b" className="tabular-nums">
            {format.number(r.balance)}
          </span>,
          r.description ?? '—',
        ])}
      />
      <ActivityTable
        title={t('admin.customer.tasksTitle')}
        headers={[c('date'), c('task'), c('status'), c('progress'), c('cost')]}
        rows={tasks.map((task) => [
          format.date(task.createdAt, true),
          t(`tasks.actions.${task.actionId}` as 'tasks.actions.1'),
          t(`tasks.statuses.${task.statusId}` as 'tasks.statuses.0'),
          `${format.number(task.currentCount)} / ${format.number(task.totalCount)}`,
          format.number(task.cost),
        ])}
      />
      <ActivityTable
        title={t('admin.customer.paymentsTitle')}
        headers={[c('date'), c('provider'), c('amount'), c('status')]}
        rows={payments.map((p) => [
          format.date(p.createdAt, true),
          p.provider,
          // Cents shown as dollars; the shared money helpers stay with the balance page's chunk.
          `$${(p.amount / 100).toFixed(2)}`,
          t(`payments.status.${p.statusId}` as 'payments.status.0'),
        ])}
      />
      <ActivityTable
        title={t('admin.customer.loginsTitle')}
        headers={[c('date'), c('lastUsed')]}
        rows={logins.map((l) => [format.date(l.createdAt, true), format.date(l.lastUsedAt, true)])}
      />
    </div>
  );
}
