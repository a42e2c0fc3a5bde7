import { useTranslation } from 'react-i18next';
import { PartnerGate, ReferredUsers } from '@/features/partners';
import { PageHeader } from '@/ui/PageHeader.tsx';

/** `/partners/users`: the referred users with their statistic. */
export default function PartnerUsersPage() {
  const { t } = useTranslation();
  return (
    <PartnerGate>
      <PageHeader title={t('referral.users.title')} />
      <ReferredUsers />
    </PartnerGate>
  );
}
