import { ActionCode, priceUnit, TaskStatus } from '@linkwatch/shared';
import { FileText } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { type DataColumn, dataColumns } from '@/ui/DataTable.tsx';
import { isActive } from './api/tasks.ts';
import type { Task } from './api/types.ts';
import { CancelTaskButton } from './CancelTaskButton.tsx';
import { IndexingNotes } from './IndexingNotes.tsx';
import { resultKeys } from './resultWords.ts';
import { TaskProgressBar } from './TaskProgressBar.tsx';
import { TaskStatusBadge } from './TaskStatusBadge.tsx';

function TaskName({ task }: { task: Task }) {
  const { t } = useTranslation();
  const a = task.attributes;
  return (
    <>
      <p className="font-medium text-ink">
        {t(`tasks.actions.${a.actionId}` as 'tasks.actions.2', { defaultValue: a.actionText })}
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-ink-subtle">
        <span className="tabular-nums">#{task.id}</span>
        {a.tier ? <span>· {t('tasksUi.tier', { tier: a.tier })}</span> : null}
        {a.isAutostart ? <Badge className="ml-1">{t('tasksUi.autostart')}</Badge> : null}
      </p>
      <IndexingNotes task={task} />
    </>
  );
}

/** Tasks over a project's crawler data (load to, remove from crawlers) have no campaign nor selected links. */
const CRAWLER_TASKS: number[] = [ActionCode.LoadToCrawlers, ActionCode.RemoveFromCrawlers];

function Target({ task }: { task: Task }) {
  const { t } = useTranslation();
  const a = task.attributes;
  const noCampaign = CRAWLER_TASKS.includes(a.actionId) ? t('tasksUi.crawlerData') : t('tasksUi.noCampaign');
  return (
    <div className="max-w-32">
      <p className="truncate text-ink" title={a.projectName ?? undefined}>
        {a.projectName ?? '—'}
      </p>
      <p className="truncate text-xs text-ink-subtle" title={a.campaignName ?? undefined}>
        {a.campaignName ?? noCampaign}
      </p>
      {a.actorName ? (
        <p className="truncate text-xs text-ink-subtle" data-testid="task-actor" title={a.actorName}>
          {t('team.actor', { name: a.actorName })}
        </p>
      ) : null}
    </div>
  );
}

function Status({ task }: { task: Task }) {
  const a = task.attributes;
  return (
    <>
      <TaskStatusBadge statusId={a.statusId} />
      {a.message ? (
        <p
          className={cn(
            'mt-1 max-w-40 text-xs',
            a.statusId === TaskStatus.Fail ? 'text-rose-600' : 'text-ink-muted',
          )}
        >
          {a.message}
        </p>
      ) : null}
    </>
  );
}

/** What the task did so far, under its bar: checked (an indexing request: sent; an upload: added) and failed. */
function Results({ task }: { task: Task }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = task.attributes;
  const { done, failed } = resultKeys(a.actionId);
  return (
    <p className="mt-1 flex flex-wrap gap-x-2 text-xs">
      <span className="text-emerald-700 tabular-nums">
        {t(done, { count: a.successCount, value: format.number(a.successCount) })}
      </span>
      <span className={cn('tabular-nums', a.errorCount > 0 ? 'text-rose-600' : 'text-ink-subtle')}>
        {t(failed, { count: a.errorCount, value: format.number(a.errorCount) })}
      </span>
    </p>
  );
}

function Cost({ task }: { task: Task }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = task.attributes;
  return (
    <div className="whitespace-nowrap">
      <p className="font-medium text-ink tabular-nums">
        {a.cost > 0
          ? t('tasksUi.cost.credits', { count: a.cost, value: format.number(a.cost) })
          : t('tasksUi.cost.free')}
      </p>
      {a.refunded > 0 ? (
        <p className="text-xs text-emerald-700 tabular-nums">
          {t('tasksUi.cost.refunded', { count: a.refunded, value: format.number(a.refunded) })}
        </p>
      ) : a.price > 0 ? (
        <p className="text-xs text-ink-subtle tabular-nums">
          {t(priceUnit(a.actionId) === 'pull' ? 'tasksUi.cost.pricePerPull' : 'tasksUi.cost.price', {
            value: format.number(a.price),
          })}
        </p>
      ) : null}
    </div>
  );
}

function Dates({ task }: { task: Task }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = task.attributes;
  return (
    <div className="text-xs whitespace-nowrap text-ink-muted">
      <p title={t('tasksUi.dates.created', { date: format.dateTime(a.createdAt) })}>
        {format.dateTime(a.createdAt)}
      </p>
      {a.finishedAt && a.startedAt ? (
        <p
          className="text-ink-subtle"
          title={t('tasksUi.dates.finished', { date: format.dateTime(a.finishedAt) })}
        >
          {t('tasksUi.dates.duration', {
            value: format.duration(Date.parse(a.finishedAt) - Date.parse(a.startedAt)),
          })}
        </p>
      ) : a.startedAt ? (
        <p className="text-ink-subtle">
          {t('tasksUi.dates.started', { date: format.dateTime(a.startedAt) })}
        </p>
      ) : null}
    </div>
  );
}

/** Cancel while it waits or runs; the report of a finished check. The buttons stack when the words are long. */
function Actions({ task }: { task: Task }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const a = task.attributes;
  const projectId = task.relationships?.project?.data?.id;
  const campaignId = task.relationships?.campaign?.data?.id;
  const ended = a.statusId === TaskStatus.Done || a.statusId === TaskStatus.Fail;
  const reportQuery = new URLSearchParams({
    ...(projectId ? { project: String(projectId) } : {}),
    ...(campaignId ? { campaign: String(campaignId) } : {}),
  });
  const showReport = ended && a.actionId === ActionCode.CheckBacklinks && projectId;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {isActive(a.statusId) ? <CancelTaskButton id={task.id} /> : null}
      {showReport ? (
        <Link
          to={`${to('/report')}?${reportQuery}`}
          className={cn(buttonClass({ variant: a.hasNewPeport ? 'primary' : 'secondary', size: 'sm' }))}
        >
          <FileText className="size-3.5" aria-hidden />
          {a.hasNewPeport ? t('tasksUi.reportReady') : t('tasksUi.openReport')}
        </Link>
      ) : null}
    </div>
  );
}

const col = dataColumns<Task>();

/** The tasks table's columns; the API lists tasks newest first and sorts them no other way. */
export function useTaskColumns(): DataColumn<Task>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      col.display({
        id: 'task',
        meta: { label: t('tasksUi.columns.task'), fixed: true, card: 'lead' },
        cell: ({ row }) => <TaskName task={row.original} />,
      }),
      col.display({
        id: 'target',
        meta: { label: t('tasksUi.columns.target'), card: 'essential' },
        cell: ({ row }) => <Target task={row.original} />,
      }),
      col.display({
        id: 'status',
        meta: { label: t('tasksUi.columns.status'), card: 'essential' },
        cell: ({ row }) => <Status task={row.original} />,
      }),
      col.display({
        id: 'progress',
        meta: { label: t('tasksUi.columns.progress'), card: 'essential', className: 'w-40' },
        cell: ({ row }) => {
          const a = row.original.attributes;
          return (
            <>
              <TaskProgressBar
                id={row.original.id}
                statusId={a.statusId}
                currentCount={a.currentCount}
                totalCount={a.totalCount}
                unit={priceUnit(a.actionId)}
              />
              <Results task={row.original} />
            </>
          );
        },
      }),
      col.display({
        id: 'cost',
        meta: { label: t('tasksUi.columns.cost') },
        cell: ({ row }) => <Cost task={row.original} />,
      }),
      col.display({
        id: 'dates',
        meta: { label: t('tasksUi.columns.dates') },
        cell: ({ row }) => <Dates task={row.original} />,
      }),
      col.display({
        id: 'actions',
        meta: { label: t('tasksUi.columns.actions'), fixed: true, align: 'right', card: 'footer' },
        cell: ({ row }) => <Actions task={row.original} />,
      }),
    ],
    [t],
  );
}
