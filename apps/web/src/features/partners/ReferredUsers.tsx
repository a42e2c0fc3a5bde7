import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import { useReferredUsers } from './api/partners.ts';
import { useDollars } from './useDollars.ts';

/** The users the partner's links brought, with their payments and what they earned the partner. */
export function ReferredUsers() {
  const { t } = useTranslation();
  const format = useFormat();
  const dollars = useDollars();
  const [page, setPage] = useState(1);
  const query = useReferredUsers(page);
  const rows = query.data?.data ?? [];
  const columns = 6;
  return (
    <div className="space-y-4">
      <Card className="overflow-x-auto">
        <Table>
          <thead>
            <tr>
              <Th>{t('referral.users.user')}</Th>
              <Th>{t('referral.users.registered')}</Th>
              <Th>{t('referral.users.link')}</Th>
              <Th className="text-right">{t('referral.users.payments')}</Th>
              <Th className="text-right">{t('referral.users.paid')}</Th>
              <Th className="text-right">{t('referral.users.income')}</Th>
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
                <EmptyState title={t('referral.users.empty')} />
              </TableMessage>
            ) : null}
            {rows.map((row) => {
              const stat = row.relationships.statistic.data;
              return (
                <Tr key={row.id}>
                  <Td className="font-medium">{row.attributes.user}</Td>
                  <Td className="text-ink-muted">{format.dateTime(row.attributes.createdAt)}</Td>
                  <Td>{row.relationships.referralLink.data?.key ?? '—'}</Td>
                  <Td className="text-right tabular-nums">{stat.paymentCount}</Td>
                  <Td className="text-right tabular-nums">{dollars(stat.paymentSum)}</Td>
                  <Td className="text-right tabular-nums">{dollars(stat.incomeByUser)}</Td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      </Card>
      {query.data && query.data.meta.page.lastPage > 1 ? (
        <Pager meta={query.data.meta.page} onPage={setPage} />
      ) : null}
    </div>
  );
}
