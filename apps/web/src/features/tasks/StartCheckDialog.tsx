import { ActionCode } from '@linkwatch/shared';
import { Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useProjectOptions } from '@/features/projects';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Field } from '@/ui/Field.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Select } from '@/ui/Select.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useStartTask } from './api/startTask.ts';
import { useCampaignOptions, useDemoNote, useTaskCost } from './api/tasks.ts';
import { DeadFeedsChoice } from './DeadFeedsChoice.tsx';
import { creditsMissing, NotEnoughCredits } from './NotEnoughCredits.tsx';
import { RenderPrice } from './RenderPrice.tsx';

function CostLine({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1.5">
      <dt className="text-ink-muted">{label}</dt>
      <dd className={strong ? 'font-semibold text-ink tabular-nums' : 'text-ink tabular-nums'}>{value}</dd>
    </div>
  );
}

type StartCheckDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to start; check backlinks unless a campaign header asks for another. */
  action?: number;
  /** Chosen beforehand when the dialog opens from a project's or campaign's header. */
  initialProject?: string;
  initialCampaign?: string;
};

/**
 * Project → campaign → the cost of the task on its active links against the balance → start. When
 * the balance falls short, Start stays disabled and the dialog says how many credits are missing.
 */
export function StartCheckDialog({
  open,
  onOpenChange,
  action = ActionCode.CheckBacklinks,
  initialProject = '',
  initialCampaign = '',
}: StartCheckDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [project, setProject] = useState(initialProject);
  const [campaign, setCampaign] = useState(initialCampaign);
  const projects = useProjectOptions();
  const campaigns = useCampaignOptions(project);
  const [includeDeadFeeds, setIncludeDeadFeeds] = useState(false);
  const cost = useTaskCost({ action, campaign, includeDeadFeeds });
  const demoNote = useDemoNote(action);
  const credits = (value: number) => t('tasksUi.cost.credits', { count: value, value: format.number(value) });

  const start = useStartTask(
    { action, campaign, includeDeadFeeds },
    {
      onSuccess: () => {
        notify.success(t('tasksUi.dialog.started'));
        onOpenChange(false);
        setProject(initialProject);
        setCampaign(initialCampaign);
        setIncludeDeadFeeds(false);
      },
      // spec point 8: the server's message as it is ('Task cannot be started for campaign …', 'Not enough
      // credits: …'), with its hint under it ('Please wait while current task will be finished …').
      onError: (error) =>
        isApiError(error)
          ? notify.error(error.fullMessage, error.hint)
          : notify.error(t('common.requestFailed')),
    },
  );

  const c = cost.data;
  const missing = creditsMissing(c);
  const short = missing > 0;
  const empty = c ? c.count === 0 : false;
  const projectList = projects.data ?? [];
  const indexCheck = action === ActionCode.CheckIndexing;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={indexCheck ? t('tasksUi.dialog.indexTitle') : t('tasksUi.dialog.title')}
      description={indexCheck ? t('tasksUi.dialog.indexDescription') : t('tasksUi.dialog.description')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            icon={<Play className="size-4" aria-hidden />}
            disabled={!c || short || empty}
            loading={start.isPending}
            onClick={() => start.mutate()}
          >
            {t('tasksUi.dialog.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {demoNote ? <Alert tone="info">{demoNote}</Alert> : null}
        {projects.isSuccess && projectList.length === 0 ? (
          <Alert tone="info">{t('tasksUi.dialog.noProjects')}</Alert>
        ) : null}
        <Field label={t('tasksUi.dialog.project')}>
          {(control) => (
            <Select
              {...control}
              name="project"
              className="w-full"
              value={project}
              placeholder={t('tasksUi.dialog.chooseProject')}
              options={projectList.map((p) => ({ value: String(p.id), label: p.name }))}
              onChange={(e) => {
                setProject(e.target.value);
                setCampaign('');
              }}
            />
          )}
        </Field>
        <Field label={t('tasksUi.dialog.campaign')}>
          {(control) => (
            <Select
              {...control}
              name="campaign"
              className="w-full"
              value={campaign}
              disabled={!project || campaigns.isLoading}
              placeholder={t('tasksUi.dialog.chooseCampaign')}
              options={(campaigns.data ?? []).map((item) => ({
                value: item.id,
                label: `${item.name} · ${t('tasksUi.tier', { tier: item.tier })}`,
              }))}
              onChange={(e) => {
                setCampaign(e.target.value);
                setIncludeDeadFeeds(false);
              }}
            />
          )}
        </Field>
        {project && campaigns.isSuccess && campaigns.data.length === 0 ? (
          <Alert tone="info">{t('tasksUi.dialog.noCampaigns')}</Alert>
        ) : null}
        {campaign ? (
          <div className="rounded-lg bg-slate-50 px-4 py-2 text-sm ring-1 ring-slate-200 ring-inset">
            {c ? (
              <dl className="divide-y divide-slate-200" data-testid="check-cost">
                <CostLine label={t('tasksUi.dialog.links')} value={format.number(c.count)} />
                <CostLine label={t('tasksUi.dialog.price')} value={credits(c.price)} />
                <CostLine label={t('tasksUi.dialog.cost')} value={credits(c.cost)} strong />
                <CostLine label={t('tasksUi.dialog.balance')} value={credits(c.balance)} />
                <CostLine
                  label={t('tasksUi.dialog.after')}
                  value={
                    <span className={short ? 'text-rose-600' : undefined}>{credits(c.balance - c.cost)}</span>
                  }
                />
              </dl>
            ) : (
              <div className="space-y-2 py-2">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            )}
          </div>
        ) : null}
        {campaign ? (
          <DeadFeedsChoice
            count={c?.deadFeeds}
            include={includeDeadFeeds}
            onIncludeChange={setIncludeDeadFeeds}
          />
        ) : null}
        {campaign ? <RenderPrice render={c?.render} /> : null}
        {empty ? <Alert tone="warning">{t('tasksUi.dialog.noLinks')}</Alert> : null}
        {short ? <NotEnoughCredits missing={missing} /> : null}
        {cost.isError ? (
          <Alert tone="error">
            {isApiError(cost.error) ? cost.error.fullMessage : t('common.requestFailed')}
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
