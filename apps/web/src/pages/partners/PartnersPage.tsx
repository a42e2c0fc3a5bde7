import { useTranslation } from 'react-i18next';
import { LinksPanel, PartnerGate, PartnerSummary } from '@/features/partners';
import { PageHeader } from '@/ui/PageHeader.tsx';

/** `/partners`: the summary, the links with their clicks, sign-ups and income, the last 30 days. */
export default function PartnersPage() {
  const { t } = useTranslation();
  return (
    <PartnerGate>
      <PageHeader title={t('referral.links.title')} />
      <div className="space-y-6">
        <PartnerSummary />
        <LinksPanel />
      </div>
    </PartnerGate>
  );
}
