import { useTranslation } from 'react-i18next';
import { PartnerGate, PartnerSummary, Payouts } from '@/features/partners';
import { PageHeader } from '@/ui/PageHeader.tsx';

/** `/partners/payout`: the balance, the payout history and the payout modal. */
export default function PartnerPayoutPage() {
  const { t } = useTranslation();
  return (
    <PartnerGate>
      <PageHeader title={t('referral.payouts.title')} />
      <div className="space-y-6">
        <PartnerSummary />
        <Payouts />
      </div>
    </PartnerGate>
  );
}
