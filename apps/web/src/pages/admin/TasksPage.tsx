import { useTranslation } from 'react-i18next';
import { ConsoleFrame } from '@/features/admin/ConsoleFrame.tsx';
import { ProvidersPanel, TasksTable, WorkersPanel } from '@/features/admin/tasks/TasksConsole.tsx';

export default function TasksPage() {
  const { t } = useTranslation();
  return (
    <ConsoleFrame title={t('admin.tasks.title')} description={t('admin.tasks.description')}>
      <div className="space-y-6">
        <TasksTable />
        <WorkersPanel />
        <ProvidersPanel />
      </div>
    </ConsoleFrame>
  );
}
