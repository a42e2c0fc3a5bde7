import { useTranslation } from 'react-i18next';
import { BalanceScreen } from '@/features/balance/BalancePage.tsx';

/**
 * /payrolls (spec 6, issue 27): where a payroll role lands, in the empty layout with its small header:
 * the account's balance, top-up, payments and invoices.
 */
export default function PayrollsPage() {
  const { t } = useTranslation();
  return (
    <BalanceScreen
      title={t('team.payrolls.title')}
      subtitle={t('team.payrolls.subtitle')}
      withPrices={false}
    />
  );
}
