import { priceUnit } from '@linkwatch/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTaskTypes } from '@/features/tasks';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useActionPrices } from './api/balance.ts';
import type { ActionPrice } from './api/types.ts';
import { useMoney } from './useMoney.ts';

/** Paid actions only: the free ones (moving, removing) would only lengthen the list, unless priced for this user. */
const isShown = (price: ActionPrice) => price.price > 0 || price.customPrice;

/** A task that cannot start on this install (no provider of its kind), with the reason `actions/list` gives. */
function useUnavailable(): Map<number, string> {
  const types = useTaskTypes();
  return new Map(
    (types.data ?? [])
      .filter((type) => !type.available)
      .map((type) => [type.id, type.unavailableReason ?? '']),
  );
}

/**
 * What each task costs this user per link (loading crawler data: per pull), with a mark where an
 * individual price applies (spec 2), and a task that cannot run here said to be unavailable, and why.
 */
export function ActionPrices() {
  const { t } = useTranslation();
  const money = useMoney();
  const titleId = useId();
  const prices = useActionPrices();
  const unavailable = useUnavailable();
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
                data-unavailable={unavailable.has(price.action) || undefined}
              >
                <dt className="flex flex-wrap items-center gap-2 text-sm text-ink">
                  {t(`tasks.actions.${price.action}` as 'tasks.actions.2')}
                  {price.customPrice ? (
                    <Badge tone="brand" title={t('balanceUi.prices.customHint')}>
                      {t('balanceUi.prices.custom')}
                    </Badge>
                  ) : null}
                </dt>
                {unavailable.has(price.action) ? (
                  <dd className="w-full text-xs text-ink-subtle">
                    {t('balanceUi.prices.unavailable', { reason: unavailable.get(price.action) })}
                  </dd>
                ) : (
                  <dd className="text-sm text-ink tabular-nums">
                    {t(
                      priceUnit(price.action) === 'pull'
                        ? 'balanceUi.prices.perPull'
                        : 'balanceUi.prices.perLink',
                      {
                        count: price.price,
                        value: money.credits(price.price),
                        usd: money.usd(price.price),
                      },
                    )}
                  </dd>
                )}
              </div>
            ))}
          </dl>
        )}
      </div>
    </Card>
  );
}
