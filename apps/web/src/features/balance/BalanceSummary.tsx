import { Gift, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/ui/Card.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useMoney } from './useMoney.ts';

function Amount({
  label,
  credits,
  icon,
  testId,
}: {
  label: string;
  credits: number | undefined;
  icon: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-ink-subtle">{label}</p>
        {credits === undefined ? (
          <Skeleton className="mt-1 h-7 w-32" />
        ) : (
          <div data-testid={testId} aria-live="polite">
            <p className="text-2xl font-semibold text-ink tabular-nums">
              {t('balanceUi.credits', { count: credits, value: money.credits(credits) })}
            </p>
            <p className="text-sm text-ink-muted tabular-nums">{money.usd(credits)}</p>
          </div>
        )}
      </div>
    </div>
  );
}

/** The balance now (kept live by the socket) and every bonus credit the user was ever given. */
export function BalanceSummary({ balance, bonus }: { balance?: number; bonus?: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card className="flex flex-col gap-5 p-5">
      <Amount
        label={t('balanceUi.summary.balance')}
        credits={balance}
        icon={<Wallet className="size-5" aria-hidden />}
        testId="balance-now"
      />
      <Amount
        label={t('balanceUi.summary.bonus')}
        credits={bonus}
        icon={<Gift className="size-5" aria-hidden />}
        testId="balance-bonus"
      />
      <p className="text-xs text-ink-subtle">
        {t('balanceUi.summary.rate', {
          one: money.usd(1),
          thousand: money.credits(1000),
          dollar: money.cents(100),
        })}
      </p>
    </Card>
  );
}
