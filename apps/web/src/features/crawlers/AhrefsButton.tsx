import { ActionCode, filterParams, TaskStatus } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CloudDownload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import {
  creditsMissing,
  isTaskFinished,
  NotEnoughCredits,
  useDemoNote,
  useSelectionCost,
  useTaskTypes,
} from '@/features/tasks';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useAhrefsPull, useStartAhrefsPull } from './api/ahrefs.ts';
import { crawlerKeys } from './api/keys.ts';

/**
 * Follows a started pull until it ends (polled: the socket's events carry notifications, not this
 * task), then reads the crawler data again and says how it went.
 */
function useWatchedPull(id: number | string | null, onEnd: () => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const task = useAhrefsPull(id);
  const finished = task.data && isTaskFinished(task.data) ? task.data : null;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || told.current === String(finished.id)) return;
    told.current = String(finished.id);
    void client.invalidateQueries({ queryKey: crawlerKeys.all });
    if (finished.attributes.statusId === TaskStatus.Fail)
      notify.error(t('crawlersUi.ahrefs.failed', { message: finished.attributes.message ?? '' }));
    else notify.success(t('crawlersUi.ahrefs.finished'));
    onEnd();
  }, [finished, client, t, onEnd]);
  return id !== null && !finished;
}

/**
 * Action 10, "load to crawlers", offered only while the server has an Ahrefs key (its task type is
 * available): the cost first (`actions/10/balance`), then the task (`actions/10/start`). Without a
 * key the file import is the way, and the button is not shown.
 */
export function AhrefsButton({ project }: { project: string }) {
  const { t } = useTranslation();
  const types = useTaskTypes();
  const [open, setOpen] = useState(false);
  const [pull, setPull] = useState<number | string | null>(null);
  const running = useWatchedPull(pull, () => setPull(null));
  const available = types.data?.find((type) => type.id === ActionCode.LoadToCrawlers)?.available;
  if (!available) return null;
  return (
    <>
      <Button
        variant="secondary"
        icon={<CloudDownload className="size-4" aria-hidden />}
        onClick={() => setOpen(true)}
        loading={running}
      >
        {running ? t('crawlersUi.ahrefs.running') : t('crawlersUi.toolbar.ahrefs')}
      </Button>
      <AhrefsDialog project={project} open={open} onOpenChange={setOpen} onStarted={setPull} />
    </>
  );
}

function AhrefsDialog({
  project,
  open,
  onOpenChange,
  onStarted,
}: {
  project: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: (task: number | string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = filterParams({ project });
  const demoNote = useDemoNote(ActionCode.LoadToCrawlers);
  const credits = (value: number) => t('common.credits', { count: value, value: format.number(value) });
  const cost = useSelectionCost({ code: ActionCode.LoadToCrawlers, query, enabled: open });
  const start = useStartAhrefsPull(query, {
    onSuccess: (result) => {
      notify.success(t('crawlersUi.ahrefs.started'));
      onStarted(result.data.id);
      onOpenChange(false);
    },
    // 'Task already started' comes with 'Please wait while current task will be finished …' (spec 8).
    onError: (error) =>
      isApiError(error) ? notify.error(error.fullMessage, error.hint) : notify.error(error.message),
  });
  const missing = creditsMissing(cost.data);
  const units = cost.data?.providerUnits ?? null;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('crawlersUi.ahrefs.title')}
      description={t('crawlersUi.ahrefs.body')}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={!cost.data || missing > 0 || Boolean(units?.tooMany)}
          >
            {t('crawlersUi.ahrefs.start')}
          </Button>
        </>
      }
    >
      {cost.isPending ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="size-4" /> {t('crawlersUi.ahrefs.costLoading')}
        </p>
      ) : cost.isError ? (
        <Alert tone="error">{isApiError(cost.error) ? cost.error.fullMessage : cost.error.message}</Alert>
      ) : (
        <p className="text-sm text-ink" data-testid="ahrefs-cost">
          {t('crawlersUi.ahrefs.cost', {
            cost: credits(cost.data.cost),
            balance: credits(cost.data.balance),
          })}
        </p>
      )}
      {units ? (
        <p className="mt-2 text-sm text-ink-muted" data-testid="ahrefs-units">
          {t('crawlersUi.ahrefs.units', {
            backlinks: format.number(units.backlinks),
            units: format.number(units.units),
          })}
          {units.unitsLeft !== null
            ? ` ${t('crawlersUi.ahrefs.unitsLeft', { value: format.number(units.unitsLeft) })}`
            : null}
        </p>
      ) : null}
      {units?.tooMany ? (
        <Alert tone="warning" className="mt-4">
          {t('crawlersUi.ahrefs.tooMany')}
        </Alert>
      ) : null}
      {missing > 0 ? <NotEnoughCredits missing={missing} className="mt-4" /> : null}
      {demoNote ? (
        <Alert tone="info" className="mt-4">
          {demoNote}
        </Alert>
      ) : null}
    </Modal>
  );
}
