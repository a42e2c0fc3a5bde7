import { useTranslation } from 'react-i18next';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { SettingsForm } from '@/features/admin/SettingsForm.tsx';

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('admin.settings.title')} description={t('admin.settings.description')}>
      <SettingsForm />
    </ConsoleFrame>
  );
}
