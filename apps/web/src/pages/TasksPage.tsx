import { ListChecks, Play, Radio } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '@/features/realtime';
import { useTasks } from '@/features/tasks/api/tasks.ts';
import type { TaskFilters as Filters } from '@/features/tasks/api/types.ts';
import { StartCheckDialog } from '@/features/tasks/StartCheckDialog.tsx';
import { TaskFilters } from '@/features/tasks/TaskFilters.tsx';
import { useTaskColumns } from '@/features/tasks/TaskRow.tsx';
import { useRequireCan } from '@/lib/account.ts';
import { readPage } from '@/lib/listParams.ts';
import { useListParams } from '@/lib/useListParams.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { ColumnsMenu, DataTable, useDataTable } from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';

function useFilters(): [Filters, (patch: Partial<Record<keyof Filters, string>>) => void] {
  // Another filter starts again from the first page.
  const [params, update] = useListParams({ restartPage: true });
  const read = (name: string) => params.get(name) || undefined;
  const filters: Filters = {
    status: read('status'),
    action: read('action'),
    date: read('date'),
    project: read('project'),
    page: readPage(params),
  };
  return [filters, update];
}

const NO_TASKS: never[] = [];

export default function TasksPage() {
  useRequireCan('reports.read');
  const { t } = useTranslation();
  const [filters, update] = useFilters();
  const [starting, setStarting] = useState(false);
  const realtime = useRealtimeStatus();
  const live = realtime === 'open';
  // Struck through only once the socket is known to be down: not while it connects on every load.
  const offline = realtime === 'closed';
  const tasks = useTasks(filters, { live });
  const rows = tasks.data?.data ?? NO_TASKS;
  const table = useDataTable({
    name: 'tasks',
    columns: useTaskColumns(),
    rows,
    rowId: (task) => String(task.id),
  });
  const filtered = Boolean(filters.status || filters.action || filters.date || filters.project);

  const startButton = (
    <Button icon={<Play className="size-4" aria-hidden />} onClick={() => setStarting(true)}>
      {t('tasksUi.startCheck')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('tasksUi.title')}
        description={t('tasksUi.subtitle')}
        actions={
          <>
            <span
              className={cn(
                'hidden items-center gap-1.5 text-xs font-medium sm:inline-flex',
                live ? 'text-emerald-700' : 'text-ink-subtle',
              )}
              title={t('tasksUi.live')}
            >
              <Radio className={cn('size-3.5', live && 'animate-pulse')} aria-hidden />
              <span className={offline ? 'line-through' : undefined} data-testid="live-updates">
                {t('tasksUi.live')}
              </span>
            </span>
            <ColumnsMenu table={table} />
            {startButton}
          </>
        }
      />
      {/* overflow-clip, not hidden: a hidden overflow would hold the table's sticky header inside the card. */}
      <Card className="overflow-clip">
        <TaskFilters filters={filters} onChange={(name, value) => update({ [name]: value })} />
        {tasks.isError ? (
          <div className="p-5">
            <Alert tone="error">{t('tasksUi.loadFailed')}</Alert>
          </div>
        ) : (
          <div aria-busy={tasks.isFetching || undefined}>
            <DataTable
              table={table}
              label={t('tasksUi.title')}
              loading={tasks.isPending}
              rowProps={(task) => ({ 'data-task-id': task.id })}
              message={
                <EmptyState
                  icon={<ListChecks className="size-6" aria-hidden />}
                  title={filtered ? t('tasksUi.empty.filtered') : t('tasksUi.empty.title')}
                  body={filtered ? undefined : t('tasksUi.empty.body')}
                  action={filtered ? undefined : startButton}
                />
              }
            />
          </div>
        )}
        <Pager summary meta={tasks.data?.meta.page} onPage={(page) => update({ page: String(page) })} />
      </Card>
      <StartCheckDialog open={starting} onOpenChange={setStarting} />
    </>
  );
}
