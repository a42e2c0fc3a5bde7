import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notices.ts';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { Table, Td, Th, Tr } from '@/ui/Table.tsx';
import { useConsoleAccess } from './api/access.ts';
import { useAdminPrices, useSetCustomerPrice } from './api/admin.ts';
import type { Customer } from './api/types.ts';
import { PriceInput } from './PriceInput.tsx';

/**
 * The customer's own price per action: empty goes back to the common price. Without
 * `console.prices.update` the prices are shown, not editable (and the common list is not asked for:
 * the server would refuse it).
 */
export function CustomerPrices({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const access = useConsoleAccess();
  const mayPrice = access.known && access.can('console.prices.update');
  const setPrice = useSetCustomerPrice(customer.id as number);
  const common = useAdminPrices(mayPrice);
  const listed = (action: number) => common.data?.find((p) => p.id === action)?.attributes.price;
  // A customer without an own price pays the common one: their page says which it is.
  const commonOf = (action: number) =>
    listed(action) ?? customer.attributes.prices.find((p) => p.action === action && !p.customPrice)?.price;
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
                  {access.can('console.prices.update') ? (
                    <PriceInput
                      label={`${t('admin.customer.ownPrice')}: ${name}`}
                      value={price.customPrice ? price.price : null}
                      placeholder={String(commonOf(price.action) ?? '')}
                      onSave={async (value) => {
                        await setPrice.mutateAsync({ action: price.action, price: value });
                        notify.success(t('admin.common.saved'));
                      }}
                    />
                  ) : (
                    <span className="tabular-nums">{price.customPrice ? price.price : '—'}</span>
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
