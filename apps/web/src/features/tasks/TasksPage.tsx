import { FIRST_PAGE } from '@linkwatch/shared';
import { ListChecks, Play, Radio } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRealtimeStatus } from '@/features/realtime';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { SkeletonRows, Table, TableMessage, Th } from '@/ui/Table.tsx';
import { useTasks } from './api/tasks.ts';
import type { TaskFilters as Filters } from './api/types.ts';
import { StartCheckDialog } from './StartCheckDialog.tsx';
import { TaskFilters } from './TaskFilters.tsx';
import { TASK_COLUMNS, TaskRow } from './TaskRow.tsx';

function useFilters(): [Filters, (patch: Partial<Record<keyof Filters, string>>) => void] {
  const [params, setParams] = useSearchParams();
  const read = (name: string) => params.get(name) || undefined;
  const filters: Filters = {
    status: read('status'),
    action: read('action'),
    date: read('date'),
    project: read('project'),
    page: Math.max(FIRST_PAGE, Number(params.get('page')) || FIRST_PAGE),
  };
  const update = (patch: Partial<Record<keyof Filters, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // Another filter starts again from the first page.
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [filters, update];
}

export default function TasksPage() {
  const { t } = useTranslation();
  const [filters, update] = useFilters();
  const [starting, setStarting] = useState(false);
  const live = useRealtimeStatus() === 'open';
  const tasks = useTasks(filters, { live });
  const rows = tasks.data?.data ?? [];
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
              <span className={live ? undefined : 'line-through'}>{t('tasksUi.live')}</span>
            </span>
            {startButton}
          </>
        }
      />
      <Card className="overflow-hidden">
        <TaskFilters filters={filters} onChange={(name, value) => update({ [name]: value })} />
        {tasks.isError ? (
          <div className="p-5">
            <Alert tone="error">{t('tasksUi.loadFailed')}</Alert>
          </div>
        ) : (
          <Table aria-busy={tasks.isFetching || undefined}>
            <thead>
              <tr>
                {TASK_COLUMNS.map((column) => (
                  <Th key={column} className={column === 'actions' ? 'text-right' : undefined}>
                    {t(`tasksUi.columns.${column}`)}
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tasks.isPending ? (
                <SkeletonRows rows={5} columns={TASK_COLUMNS.length} />
              ) : rows.length === 0 ? (
                <TableMessage columns={TASK_COLUMNS.length}>
                  <EmptyState
                    icon={<ListChecks className="size-6" aria-hidden />}
                    title={filtered ? t('tasksUi.empty.filtered') : t('tasksUi.empty.title')}
                    body={filtered ? undefined : t('tasksUi.empty.body')}
                    action={filtered ? undefined : startButton}
                  />
                </TableMessage>
              ) : (
                rows.map((task) => <TaskRow key={task.id} task={task} />)
              )}
            </tbody>
          </Table>
        )}
        <Pager summary meta={tasks.data?.meta.page} onPage={(page) => update({ page: String(page) })} />
      </Card>
      <StartCheckDialog open={starting} onOpenChange={setStarting} />
    </>
  );
}
