import { useTranslation } from 'react-i18next';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { WikiConsole } from '@/features/admin/WikiConsole.tsx';

export default function AdminWikiPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('wiki.admin.title')}>
      <WikiConsole />
    </ConsoleFrame>
  );
}
