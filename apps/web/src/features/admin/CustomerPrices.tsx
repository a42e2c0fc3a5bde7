import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notices.ts';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { Table, Td, Th, Tr } from '@/ui/Table.tsx';
import { useAdminPrices, useSetCustomerPrice } from './api/admin.ts';
import type { Customer } from './api/types.ts';
import { PriceInput } from './PriceInput.tsx';

/** The customer's own price per action: empty goes back to the common price. */
export function CustomerPrices({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const setPrice = useSetCustomerPrice(customer.id as number);
  const common = useAdminPrices();
  const commonOf = (action: number) => common.data?.find((p) => p.id === action)?.attributes.price;
  return (
    <Card className="overflow-clip">
      <CardHeader
        title={t('admin.customer.pricesTitle')}
        description={t('admin.customer.pricesDescription')}
      />
      <Table>
        <thead>
          <tr>
            <Th>{t('admin.prices.columns.action')}</Th>
            <Th>{t('admin.customer.commonPrice')}</Th>
            <Th>{t('admin.customer.ownPrice')}</Th>
          </tr>
        </thead>
        <tbody>
          {customer.attributes.prices.map((price) => {
            const name = t(`tasks.actions.${price.action}` as 'tasks.actions.1');
            return (
              <Tr key={price.action} data-action={price.action}>
                <Td>{name}</Td>
                <Td className="tabular-nums">{commonOf(price.action) ?? '—'}</Td>
                <Td>
                  <PriceInput
                    key={`${price.action}:${price.customPrice ? price.price : ''}`}
                    label={`${t('admin.customer.ownPrice')}: ${name}`}
                    value={price.customPrice ? price.price : null}
                    placeholder={String(commonOf(price.action) ?? '')}
                    onSave={async (value) => {
                      await setPrice.mutateAsync({ action: price.action, price: value });
                      notify.success(t('admin.common.saved'));
                    }}
                  />
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>
    </Card>
  );
}
