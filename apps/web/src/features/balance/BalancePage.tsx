import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan, useRequireCan } from '@/lib/account.ts';
import { useBalance } from '@/lib/balance.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { ActionPrices } from './ActionPrices.tsx';
import { checkAmount, levelFor, startingAmount } from './amount.ts';
import { usePaymentLevels, useTransactions } from './api/balance.ts';
import { BalanceSummary } from './BalanceSummary.tsx';
import { BonusTiers } from './BonusTiers.tsx';
import { History } from './History.tsx';
import { useHistoryState } from './historyState.ts';
import { PaymentReturn } from './PaymentReturn.tsx';
import { TopUpCard } from './TopUpCard.tsx';

const NO_LEVELS: never[] = [];

/**
 * /balance (spec 2): the balance and bonus, the top-up form with its payment popup, the bonus tiers,
 * the action prices and the history. The balance comes from `user/balance`, which the socket's
 * Balance event rewrites the moment a payment's notification credits it.
 */
export default function BalancePage() {
  useRequireCan('balance.read');
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <BalanceScreen
      title={t('balanceUi.title')}
      subtitle={t('balanceUi.subtitle')}
      withPrices
      // Issue 27: /payrolls is where payroll roles land; everyone else reaches it from here.
      actions={
        <Link to={to('/payrolls')} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t('team.payrolls.open')}
        </Link>
      }
    />
  );
}

/**
 * The balance screen; /payrolls (issue 27) shows it without the action prices, which are not a payroll
 * role's to read.
 */
export function BalanceScreen({
  title,
  subtitle,
  withPrices,
  actions,
}: {
  title: string;
  subtitle: string;
  withPrices: boolean;
  actions?: ReactNode;
}) {
  const balance = useBalance();
  const levels = usePaymentLevels();
  // Issue 27: the top-up form and its payment methods need balance.topUp; the rest balance.read.
  const canTopUp = useCan('balance.topUp');
  const history = useHistoryState();
  const transactions = useTransactions(history.filters);
  const [params] = useSearchParams();
  const [amount, setAmount] = useState(() => startingAmount(params.get('amount')));
  const levelList = levels.data ?? NO_LEVELS;
  const check = checkAmount({ text: amount, levels: levelList });
  const currentLevel = check.ok ? levelFor({ levels: levelList, cents: check.cents }) : undefined;

  return (
    <>
      <PageHeader title={title} description={subtitle} actions={actions} />
      <PaymentReturn />
      {/*
        Two columns on a desktop (the balance and prices beside the form and tiers, each column as tall as
        its own cards); one on a phone in reading order: balance, form, tiers, prices, history.
      */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1">
            <BalanceSummary
              balance={balance.data ?? transactions.data?.meta.balance}
              bonus={transactions.data?.meta.bonus}
            />
          </div>
          {withPrices ? (
            <div className="order-4">
              <ActionPrices />
            </div>
          ) : null}
        </div>
        <div className="contents lg:col-span-2 lg:flex lg:flex-col lg:gap-6">
          {canTopUp ? (
            <div className="order-2">
              <TopUpCard levels={levelList} text={amount} onText={setAmount} />
            </div>
          ) : null}
          <div className="order-3">
            <BonusTiers
              levels={levelList}
              loading={levels.isPending}
              failed={levels.isError}
              currentLevelId={currentLevel?.id}
            />
          </div>
        </div>
        <div className="order-5 lg:col-span-3">
          <History state={history} transactions={transactions} />
        </div>
      </div>
    </>
  );
}
