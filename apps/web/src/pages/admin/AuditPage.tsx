import { useTranslation } from 'react-i18next';
import { AuditTable } from '@/features/admin/AuditTable.tsx';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';

export default function AuditPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('admin.audit.title')} description={t('admin.audit.description')}>
      <AuditTable />
    </ConsoleFrame>
  );
}
