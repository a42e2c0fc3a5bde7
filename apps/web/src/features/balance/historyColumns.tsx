import { BalanceTransactionType } from '@linkwatch/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Badge } from '@/ui/Badge.tsx';
import { cn } from '@/ui/cn.ts';
import { type DataColumn, dataColumns } from '@/ui/DataTable.tsx';
import type { Transaction } from './api/types.ts';
import { InvoiceButton } from './InvoiceButton.tsx';
import { useMoney } from './useMoney.ts';

const TYPE_TONES: Record<number, 'success' | 'neutral' | 'brand' | 'warning'> = {
  [BalanceTransactionType.TopUp]: 'success',
  [BalanceTransactionType.Charge]: 'neutral',
  [BalanceTransactionType.Refund]: 'brand',
  [BalanceTransactionType.Adjustment]: 'warning',
  [BalanceTransactionType.Bonus]: 'success',
};

function Value({ row }: { row: Transaction }) {
  const money = useMoney();
  const { value } = row.attributes;
  return (
    <div className="whitespace-nowrap tabular-nums">
      <p className={cn('font-medium', value > 0 ? 'text-emerald-700' : 'text-ink')}>
        {money.signedCredits(value)}
      </p>
      <p className="text-xs text-ink-subtle">{money.usd(value)}</p>
    </div>
  );
}

/**
 * The payment behind a top-up or its bonus, and the member who made it (issue 27); only a top-up row
 * offers the invoice (its payment is Paid).
 */
function PaymentCell({ row }: { row: Transaction }) {
  const { t } = useTranslation();
  const { paymentId, typeId, actorName } = row.attributes;
  if (paymentId === null) return <span className="text-ink-subtle">—</span>;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="tabular-nums text-ink-muted">#{paymentId}</span>
      {typeId === BalanceTransactionType.TopUp ? <InvoiceButton paymentId={paymentId} /> : null}
      {actorName ? (
        <span className="basis-full text-xs text-ink-subtle" data-testid="payment-actor">
          {t('team.paidBy', { name: actorName })}
        </span>
      ) : null}
    </div>
  );
}

const col = dataColumns<Transaction>();

/** The ledger rows, newest first as the server lists them (it sorts them no other way). */
export function useHistoryColumns(): DataColumn<Transaction>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useMoney();
  return useMemo(
    () => [
      col.display({
        id: 'date',
        meta: {
          label: t('balanceUi.history.columns.date'),
          fixed: true,
          card: 'lead',
          className: 'whitespace-nowrap',
        },
        cell: ({ row }) => (
          <span className="text-ink-muted">{format.dateTime(row.original.attributes.createdAt)}</span>
        ),
      }),
      col.display({
        id: 'type',
        meta: { label: t('balanceUi.history.columns.type'), card: 'essential' },
        cell: ({ row }) => (
          <Badge tone={TYPE_TONES[row.original.attributes.typeId] ?? 'neutral'}>
            {row.original.attributes.typeText}
          </Badge>
        ),
      }),
      col.display({
        id: 'value',
        meta: { label: t('balanceUi.history.columns.value'), card: 'essential', align: 'right' },
        cell: ({ row }) => <Value row={row.original} />,
      }),
      col.display({
        id: 'balance',
        meta: { label: t('balanceUi.history.columns.balance'), align: 'right', defaultHidden: true },
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {money.credits(row.original.attributes.balance)}
          </span>
        ),
      }),
      col.display({
        id: 'description',
        meta: { label: t('balanceUi.history.columns.description'), card: 'field', className: 'min-w-48' },
        cell: ({ row }) => <span className="text-ink">{row.original.attributes.description}</span>,
      }),
      col.display({
        id: 'payment',
        meta: { label: t('balanceUi.history.columns.payment'), card: 'field' },
        cell: ({ row }) => <PaymentCell row={row.original} />,
      }),
    ],
    [t, format, money],
  );
}
