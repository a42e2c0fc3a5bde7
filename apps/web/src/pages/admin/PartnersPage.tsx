import { useTranslation } from 'react-i18next';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { PartnersConsole } from '@/features/admin/PartnersConsole.tsx';

export default function PartnersPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('referral.admin.title')}>
      <PartnersConsole />
    </ConsoleFrame>
  );
}
