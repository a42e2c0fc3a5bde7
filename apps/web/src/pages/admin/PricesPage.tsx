import { useTranslation } from 'react-i18next';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { PricesTable } from '@/features/admin/PricesTable.tsx';

export default function PricesPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('admin.prices.title')} description={t('admin.prices.description')}>
      <PricesTable />
    </ConsoleFrame>
  );
}
