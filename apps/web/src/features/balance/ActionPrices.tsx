import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useActionPrices } from './api/balance.ts';
import type { ActionPrice } from './api/types.ts';
import { useMoney } from './useMoney.ts';

/** Paid actions only: the free ones (moving, removing) would only lengthen the list, unless priced for this user. */
const isShown = (price: ActionPrice) => price.price > 0 || price.customPrice;

/** What each task costs this user per link, with a mark where an individual price applies (spec 2). */
export function ActionPrices() {
  const { t } = useTranslation();
  const money = useMoney();
  const titleId = useId();
  const prices = useActionPrices();
  const shown = (prices.data ?? []).filter(isShown);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader
        titleId={titleId}
        title={t('balanceUi.prices.title')}
        description={t('balanceUi.prices.subtitle')}
      />
      <div className="px-6 py-4">
        {prices.isError ? (
          <Alert tone="error">{t('balanceUi.prices.failed')}</Alert>
        ) : prices.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <dl className="divide-y divide-slate-100" data-testid="action-prices">
            {shown.map((price) => (
              <div
                key={price.action}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
                data-action={price.action}
                data-custom-price={price.customPrice || undefined}
              >
                <dt className="flex flex-wrap items-center gap-2 text-sm text-ink">
                  {t(`tasks.actions.${price.action}` as 'tasks.actions.2')}
                  {price.customPrice ? (
                    <Badge tone="brand" title={t('balanceUi.prices.customHint')}>
                      {t('balanceUi.prices.custom')}
                    </Badge>
                  ) : null}
                </dt>
                <dd className="text-sm text-ink tabular-nums">
                  {t('balanceUi.prices.perLink', {
                    count: price.price,
                    value: money.credits(price.price),
                    usd: money.usd(price.price),
                  })}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Card>
  );
}
