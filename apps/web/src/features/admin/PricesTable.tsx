import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Card } from '@/ui/Card.tsx';
import { SkeletonRows, Table, Td, Th, Tr } from '@/ui/Table.tsx';
import { useAdminPrices, useSetPrice } from './api/admin.ts';
import { PriceInput } from './PriceInput.tsx';

/** Each action's common price, its default, and the customers who pay their own. */
export function PricesTable() {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const prices = useAdminPrices();
  const setPrice = useSetPrice();
  if (prices.isError) return <Alert tone="error">{prices.error.message}</Alert>;
  return (
    <Card className="overflow-clip">
      <Table aria-label={t('admin.prices.title')}>
        <thead>
          <tr>
            <Th>{t('admin.prices.columns.action')}</Th>
            <Th>{t('admin.prices.columns.defaultPrice')}</Th>
            <Th>{t('admin.prices.columns.price')}</Th>
            <Th>{t('admin.prices.columns.individual')}</Th>
          </tr>
        </thead>
        <tbody>
          {prices.data === undefined ? <SkeletonRows rows={6} columns={4} /> : null}
          {prices.data?.map(({ id, attributes: price }) => {
            const name = t(`tasks.actions.${price.action}` as 'tasks.actions.1');
            return (
              <Tr key={id} data-action={price.action}>
                <Td className="font-medium">{name}</Td>
                <Td className="tabular-nums text-ink-muted">{format.number(price.defaultPrice)}</Td>
                <Td>
                  <PriceInput
                    label={`${t('admin.prices.columns.price')}: ${name}`}
                    value={price.price}
                    onSave={async (value) => {
                      await setPrice.mutateAsync({
                        action: price.action,
                        price: value ?? price.defaultPrice,
                      });
                      notify.success(
                        t('admin.prices.saved', {
                          action: name,
                          price: format.number(value ?? price.defaultPrice),
                        }),
                      );
                    }}
                  />
                </Td>
                <Td>
                  {price.individual.length === 0 ? (
                    <span className="text-ink-subtle">{t('admin.prices.individualNone')}</span>
                  ) : (
                    <ul className="space-y-0.5 text-sm">
                      {price.individual.map((own) => (
                        <li key={own.userId}>
                          <Link
                            to={to(`/admin/users/${own.userId}`)}
                            className="text-brand-700 hover:underline"
                          >
                            {own.email}
                          </Link>{' '}
                          <span className="tabular-nums text-ink-muted">{format.number(own.price)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>
    </Card>
  );
}
