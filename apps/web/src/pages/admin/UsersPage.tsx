import { useTranslation } from 'react-i18next';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { UsersTable } from '@/features/admin/UsersTable.tsx';

export default function UsersPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('admin.users.title')} description={t('admin.users.description')}>
      <UsersTable />
    </ConsoleFrame>
  );
}
