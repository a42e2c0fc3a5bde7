import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { Skeleton } from '@/ui/Spinner.tsx';
import type { PaymentLevel } from './api/types.ts';
import { useMoney } from './useMoney.ts';

/** "$100.00 – $499.99", or "from $500.00" for the open-ended top tier. */
function useRange() {
  const { t } = useTranslation();
  const money = useMoney();
  return (level: PaymentLevel) =>
    level.max === null
      ? t('balanceUi.tiers.from', { min: money.cents(Math.round(level.min * 100)) })
      : t('balanceUi.tiers.range', {
          min: money.cents(Math.round(level.min * 100)),
          max: money.cents(Math.round(level.max * 100)),
        });
}

/** The payment levels as small cards: the amount range and the bonus percent it earns. */
export function BonusTiers({
  levels,
  loading,
  failed,
  currentLevelId,
}: {
  levels: readonly PaymentLevel[];
  loading: boolean;
  failed: boolean;
  /** The tier the amount in the form falls in: marked, so the user sees what a bigger payment earns. */
  currentLevelId?: string | number;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const range = useRange();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader
        titleId={titleId}
        title={t('balanceUi.tiers.title')}
        description={t('balanceUi.tiers.subtitle')}
      />
      <div className="px-6 py-5">
        {failed ? (
          <Alert tone="error">{t('balanceUi.tiers.failed')}</Alert>
        ) : loading ? (
          <Skeleton className="h-20 w-full" />
        ) : levels.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('balanceUi.tiers.none')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3" data-testid="bonus-tiers">
            {levels.map((level) => {
              const current = level.id === currentLevelId;
              return (
                <li
                  key={level.id}
                  aria-current={current || undefined}
                  className={cn(
                    'rounded-lg p-3 ring-1 ring-inset',
                    current ? 'bg-brand-50/60 ring-2 ring-brand-500' : 'ring-slate-200',
                  )}
                >
                  <p className="text-xl font-semibold text-ink tabular-nums">
                    {level.percent > 0
                      ? t('balanceUi.tiers.percent', { percent: level.percent })
                      : t('balanceUi.tiers.noBonus')}
                  </p>
                  <p className="mt-0.5 text-sm text-ink-muted tabular-nums">{range(level)}</p>
                  {current ? (
                    <p className="mt-1 text-xs font-medium text-brand-700">{t('balanceUi.tiers.current')}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
