import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { buttonClass } from '@/ui/Button.tsx';

/** A task's cost against the balance: the credits it lacks, whether it is short at all. */
export function creditsMissing(cost: { cost: number; balance: number } | undefined): number {
  return cost ? Math.max(0, cost.cost - cost.balance) : 0;
}

/** Says how many credits a task lacks and leads to the balance page with that amount to top up. */
export function NotEnoughCredits({ missing, className }: { missing: number; className?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  return (
    <Alert tone="warning" className={className}>
      <p data-testid="credits-missing">
        {t('tasksUi.dialog.notEnough', { count: missing, value: format.number(missing) })}
      </p>
      <Link
        to={`${to('/balance')}?${new URLSearchParams({ amount: String(missing) })}`}
        className={buttonClass({ variant: 'link', size: 'sm' })}
      >
        <Wallet className="size-3.5" aria-hidden />
        {t('tasksUi.dialog.topUp')}
      </Link>
    </Alert>
  );
}
