import { useTranslation } from 'react-i18next';
import { BonusTiers } from '@/features/admin/BonusTiers.tsx';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { PricesTable } from '@/features/admin/PricesTable.tsx';

export default function PricesPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('admin.prices.title')} description={t('admin.prices.description')}>
      <div className="space-y-6">
        <PricesTable />
        <BonusTiers />
      </div>
    </ConsoleFrame>
  );
}
