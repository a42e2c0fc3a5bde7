import { ReferralMethodType } from '@linkwatch/shared';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Field } from '@/ui/Field.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Select } from '@/ui/Select.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useOutpayments, usePayoutMethods, useReferralBalance, useRequestPayout } from './api/partners.ts';
import { useDollars } from './useDollars.ts';

const STATUS_KEYS = {
  0: 'referral.status.0',
  1: 'referral.status.1',
  2: 'referral.status.2',
} as const;
const STATUS_TONES = { 0: 'warning', 1: 'success', 2: 'neutral' } as const;

/** Cents of a typed dollar amount ("25", "25.5"), or null. */
function cents(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** The payout modal: method, amount, the fee and what arrives, the minimum and what is available. */
function PayoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const dollars = useDollars();
  const methods = usePayoutMethods(open);
  const balance = useReferralBalance(open);
  const request = useRequestPayout();
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const list = methods.data?.data ?? [];
  const chosen = list.find((m) => String(m.id) === method) ?? list[0];
  const amountCents = cents(amount) ?? 0;
  const feeCents = chosen ? Math.round((amountCents * chosen.attributes.percent) / 100) : 0;
  const net = (amountCents - feeCents) / 100;
  const errors = request.error instanceof ApiError ? request.error.fieldErrors : {};
  const min = methods.data?.meta.minPayout ?? balance.data?.attributes.minPayout ?? 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    request.mutate(
      { paymentMethod: String(chosen.id), amount, email },
      {
        onSuccess: () => {
          notify.success(t('referral.payouts.requested'));
          setAmount('');
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('referral.payouts.request')}
      description={`${t('referral.payouts.minimum', { min: dollars(min) })} · ${t(
        'referral.payouts.available',
        {
          available: dollars(balance.data?.attributes.available ?? 0),
        },
      )}`}
      closeLabel={t('common.close')}
      maxWidth={500}
    >
      <form onSubmit={submit} className="space-y-4" data-testid="payout-form">
        <Field label={t('referral.payouts.method')} error={errors.paymentMethod}>
          {(control) => (
            <Select
              {...control}
              value={chosen ? String(chosen.id) : ''}
              onChange={(e) => setMethod(e.target.value)}
              options={list.map((m) => ({
                value: String(m.id),
                label: `${m.attributes.name} (${t(m.attributes.type === 1 ? 'referral.methodTypes.1' : 'referral.methodTypes.2')}, ${m.attributes.percent}%)`,
              }))}
            />
          )}
        </Field>
        <TextField
          label={t('referral.payouts.amount')}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          name="amount"
          autoComplete="off"
        />
        {chosen?.attributes.type === ReferralMethodType.Cash ? (
          <TextField
            label={t('referral.payouts.payee')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            name="email"
            maxLength={255}
          />
        ) : null}
        <dl className="grid grid-cols-2 gap-1 rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite">
          <dt className="text-ink-muted">{t('referral.payouts.fee')}</dt>
          <dd className="text-right tabular-nums">{dollars(feeCents / 100)}</dd>
          <dt className="text-ink-muted">{t('referral.payouts.arrives')}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="payout-net">
            {chosen?.attributes.type === ReferralMethodType.Product
              ? t('referral.payouts.credits', { credits: Math.max(0, net * 1000).toLocaleString() })
              : dollars(Math.max(0, net))}
          </dd>
        </dl>
        {request.error && !Object.keys(errors).length ? (
          <Alert tone="error">{request.error.message}</Alert>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={request.isPending || methods.isPending}
            disabled={!chosen}
            icon={<Send className="size-4" aria-hidden />}
          >
            {t('referral.payouts.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The payout history (statuses New / Paid / Cancelled) and the button that opens the modal. */
export function Payouts() {
  const { t } = useTranslation();
  const format = useFormat();
  const dollars = useDollars();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const query = useOutpayments(page);
  const rows = query.data?.data ?? [];
  const columns = 6;
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setOpen(true)} icon={<Send className="size-4" aria-hidden />}>
          {t('referral.payouts.request')}
        </Button>
      </div>
      <PayoutDialog open={open} onOpenChange={setOpen} />
      <Card className="overflow-x-auto">
        <Table>
          <thead>
            <tr>
              <Th>{t('referral.payouts.date')}</Th>
              <Th>{t('referral.payouts.method')}</Th>
              <Th className="text-right">{t('referral.payouts.amount')}</Th>
              <Th className="text-right">{t('referral.payouts.fee')}</Th>
              <Th>{t('referral.payouts.status')}</Th>
              <Th>{t('referral.payouts.reference')}</Th>
            </tr>
          </thead>
          <tbody>
            {query.isPending ? <SkeletonRows rows={3} columns={columns} /> : null}
            {query.isError ? (
              <TableMessage columns={columns}>
                <Alert tone="error">{query.error.message}</Alert>
              </TableMessage>
            ) : null}
            {query.isSuccess && rows.length === 0 ? (
              <TableMessage columns={columns}>
                <EmptyState title={t('referral.payouts.empty')} />
              </TableMessage>
            ) : null}
            {rows.map((row) => (
              <Tr key={row.id}>
                <Td className="text-ink-muted">{format.dateTime(row.attributes.createdAt)}</Td>
                <Td>{row.attributes.paymentMethod}</Td>
                <Td className="text-right tabular-nums">{dollars(row.attributes.amount)}</Td>
                <Td className="text-right tabular-nums">{dollars(row.attributes.fee)}</Td>
                <Td>
                  <Badge tone={STATUS_TONES[row.attributes.statusId as 0 | 1 | 2] ?? 'neutral'}>
                    {t(STATUS_KEYS[row.attributes.statusId as 0 | 1 | 2] ?? 'referral.status.0')}
                  </Badge>
                </Td>
                <Td className="text-ink-muted">{row.attributes.reference ?? '—'}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </Card>
      {query.data && query.data.meta.page.lastPage > 1 ? (
        <Pager meta={query.data.meta.page} onPage={setPage} />
      ) : null}
    </div>
  );
}
