import { useTranslation } from 'react-i18next';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { WikiArticles } from '@/features/admin/WikiArticles.tsx';

export default function AdminWikiPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('wiki.admin.title')}>
      <WikiArticles />
    </ConsoleFrame>
  );
}
