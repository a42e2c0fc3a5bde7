import { ActionCode, priceUnit, TaskStatus } from '@linkwatch/shared';
import { ListChecks, Play } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/lib/account.ts';
import { usePageLoaded } from '@/lib/afterPageLoad.ts';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { CAMPAIGN_TASKS, isActive, useRecentTasks, useTaskCost, useUnavailableReason } from './api/tasks.ts';
import type { Task } from './api/types.ts';
import { IndexingNotes } from './IndexingNotes.tsx';
import { resultKeys } from './resultWords.ts';
import { StartCheckDialog } from './StartCheckDialog.tsx';
import { TaskProgressBar } from './TaskProgressBar.tsx';
import { TaskStatusBadge } from './TaskStatusBadge.tsx';

type Target = {
  project: string;
  /** The campaign the tasks run on; a project page passes it when its tier has exactly one. */
  campaign?: string;
};

/**
 * A header's task buttons, each with its cost when the campaign is known, opening the start dialog.
 * The dialog mounts at the first click, not with the page: closed, it would still read the user's
 * projects, the campaign's siblings and the cost again at load, none of which the first screen shows.
 * Once mounted it stays, so it can animate out.
 */
export function CampaignTaskButtons({ project, campaign }: Target) {
  const [action, setAction] = useState<number | null>(null);
  const [wanted, setWanted] = useState(false);
  // Issue 27: a member whose role does not start tasks sees no task buttons (the server refuses anyway).
  const canStart = useCan('tasks.start');
  const start = (code: number) => {
    setWanted(true);
    setAction(code);
  };
  if (!canStart) return null;
  return (
    <>
      {CAMPAIGN_TASKS.map((code) => (
        <TaskButton key={code} action={code} campaign={campaign} onStart={() => start(code)} />
      ))}
      {wanted ? (
        <StartCheckDialog
          key={`${project}:${campaign ?? ''}`}
          open={action !== null}
          onOpenChange={(open) => {
            if (!open) setAction(null);
          }}
          action={action ?? ActionCode.CheckBacklinks}
          initialProject={project}
          initialCampaign={campaign}
        />
      ) : null}
    </>
  );
}

/** A campaign's task: its cost, and busy while the same task already runs on the campaign. */
function TaskButton({
  action,
  campaign,
  onStart,
}: {
  action: number;
  campaign?: string;
  onStart: () => void;
}) {
  const unavailable = useUnavailableReason(action);
  if (unavailable) return <UnavailableTaskButton action={action} reason={unavailable} />;
  return campaign ? (
    <CampaignTaskButton action={action} campaign={campaign} onStart={onStart} />
  ) : (
    <TaskButtonView action={action} onStart={onStart} />
  );
}

function CampaignTaskButton({
  action,
  campaign,
  onStart,
}: {
  action: number;
  campaign: string;
  onStart: () => void;
}) {
  // The price waits for the page to have loaded (its place is kept meanwhile): one read per task that
  // would otherwise compete with the page's own reads and re-render the header as each came in.
  const loaded = usePageLoaded();
  const cost = useTaskCost({ action, campaign, enabled: loaded });
  // The same list the page's progress reads: the socket keeps it current.
  const recent = useRecentTasks({ campaign }, { live: true });
  const running = (recent.data?.data ?? []).some(
    (task) => task.attributes.actionId === action && isActive(task.attributes.statusId),
  );
  return (
    <TaskButtonView
      action={action}
      onStart={onStart}
      cost={cost.data?.cost}
      costPending={cost.isPending}
      running={running}
    />
  );
}

function TaskButtonView({
  action,
  onStart,
  cost,
  costPending = false,
  running = false,
}: {
  action: number;
  onStart: () => void;
  cost?: number;
  /** The cost is on its way: its badge's place is kept, so the button does not widen when it comes. */
  costPending?: boolean;
  running?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Button
      icon={<Play className="size-4 shrink-0" aria-hidden />}
      onClick={onStart}
      loading={running}
      data-task-action={action}
      // A long task name with its cost wraps on a phone rather than running off the screen.
      className="h-auto min-h-10 max-w-full py-1.5 text-left whitespace-normal"
    >
      {t(`tasks.actions.${action}` as 'tasks.actions.2')}{' '}
      {running ? (
        <span className="text-xs font-medium whitespace-nowrap">{t('tasksUi.campaign.running')}</span>
      ) : cost !== undefined ? (
        <span className="rounded-md bg-white/15 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums">
          {t('tasksUi.cost.credits', { count: cost, value: format.number(cost) })}
        </span>
      ) : costPending ? (
        // The badge's place, shown as a placeholder: an empty gap read as a stretched button. Its sizing
        // text is invisible (not transparent), so no contrast check reads it.
        <span
          aria-hidden
          data-cost-pending
          className="animate-pulse rounded-md bg-white/15 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums"
        >
          <span className="invisible">
            {t('tasksUi.cost.credits', { count: 100, value: format.number(100) })}
          </span>
        </span>
      ) : null}
    </Button>
  );
}

/**
 * A task whose outside service is not configured: shown, so users learn it exists, but it says why
 * it cannot start instead of a price. aria-disabled keeps it focusable, so the reason is read out.
 */
function UnavailableTaskButton({ action, reason }: { action: number; reason: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-0.5">
      <Button
        variant="secondary"
        icon={<Play className="size-4 shrink-0" aria-hidden />}
        aria-disabled
        aria-describedby={id}
        data-task-action={action}
        onClick={(event) => event.preventDefault()}
        className="h-auto min-h-10 max-w-full cursor-not-allowed py-1.5 text-left whitespace-normal opacity-70"
      >
        {t(`tasks.actions.${action}` as 'tasks.actions.2')}
      </Button>
      <span id={id} className="text-xs text-ink-muted">
        {reason}
      </span>
    </span>
  );
}

/**
 * The running tasks of a campaign (or a project), or else its newest one, with the live bar the tasks
 * page shows: the socket's progress events reach every cached task list.
 */
export function CampaignTaskProgress({
  live,
  onFinished,
  ...scope
}: {
  project?: string;
  campaign?: string;
  live: boolean;
  /** A task ended while the page was open: the page reads its links again. */
  onFinished?: () => void;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const tasks = useRecentTasks(scope, { live });
  const rows = tasks.data?.data;
  useFinishes(rows, onFinished);
  if (!rows) return null;
  const running = rows.filter((task) => isActive(task.attributes.statusId));
  const shown = running.length > 0 ? running : rows.slice(0, 1);
  if (shown.length === 0) return null;
  return (
    <Card className="px-5 py-3">
      <section aria-labelledby="campaign-tasks" className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="campaign-tasks" className="text-sm font-semibold text-ink">
            {running.length > 0 ? t('tasksUi.campaign.running') : t('tasksUi.campaign.latest')}
          </h2>
          <Link
            to={`${to('/tasks')}${scope.project ? `?project=${scope.project}` : ''}`}
            className={buttonClass({ variant: 'link', size: 'sm' })}
          >
            <ListChecks className="size-3.5" aria-hidden />
            {t('tasksUi.campaign.allTasks')}
          </Link>
        </div>
        {shown.map((task) => (
          <TaskLine key={task.id} task={task} withCampaign={!scope.campaign} />
        ))}
      </section>
    </Card>
  );
}

/**
 * Calls back when a task is seen to end: it was seen running, or it is first seen finished after the
 * page opened (a short task can end before the list is read again).
 */
function useFinishes(rows: readonly Task[] | undefined, onFinished: (() => void) | undefined) {
  const openedAt = useRef(Date.now());
  const seen = useRef(new Map<string, number>());
  useEffect(() => {
    if (!rows) return;
    let ended = false;
    for (const task of rows) {
      const { statusId, finishedAt } = task.attributes;
      const before = seen.current.get(String(task.id));
      const finished = !isActive(statusId);
      if (finished && before === undefined && finishedAt && Date.parse(finishedAt) > openedAt.current)
        ended = true;
      if (finished && before !== undefined && isActive(before)) ended = true;
      seen.current.set(String(task.id), statusId);
    }
    if (ended) onFinished?.();
  }, [rows, onFinished]);
}

function TaskLine({ task, withCampaign }: { task: Task; withCampaign: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = task.attributes;
  return (
    <div data-task-id={task.id} className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="min-w-0 sm:w-56">
        <p
          className="truncate text-sm font-medium text-ink"
          title={withCampaign && a.campaignName ? a.campaignName : undefined}
        >
          {t(`tasks.actions.${a.actionId}` as 'tasks.actions.2', { defaultValue: a.actionText })}
          {withCampaign && a.campaignName ? (
            <span className="font-normal text-ink-subtle"> · {a.campaignName}</span>
          ) : null}
        </p>
        <p className="text-xs text-ink-subtle tabular-nums">
          {a.finishedAt
            ? t('tasksUi.dates.finished', { date: format.dateTime(a.finishedAt) })
            : t('tasksUi.dates.created', { date: format.dateTime(a.createdAt) })}
        </p>
        <IndexingNotes task={task} />
      </div>
      <TaskStatusBadge statusId={a.statusId} />
      <div className="min-w-48 flex-1">
        <TaskProgressBar
          id={task.id}
          statusId={a.statusId}
          currentCount={a.currentCount}
          totalCount={a.totalCount}
          unit={priceUnit(a.actionId)}
        />
      </div>
      {a.statusId === TaskStatus.Done || a.statusId === TaskStatus.Fail ? (
        <p className="text-xs whitespace-nowrap tabular-nums">
          <span className="text-emerald-700">
            {t(resultKeys(a.actionId).done, { count: a.successCount, value: format.number(a.successCount) })}
          </span>
          {' · '}
          <span className={a.errorCount > 0 ? 'text-rose-600' : 'text-ink-subtle'}>
            {t(resultKeys(a.actionId).failed, { count: a.errorCount, value: format.number(a.errorCount) })}
          </span>
        </p>
      ) : null}
    </div>
  );
}
