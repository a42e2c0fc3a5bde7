import { Coins } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import {
  creditsMissing,
  DeadFeedsChoice,
  deadFeedsQuery,
  NotEnoughCredits,
  RenderPrice,
  useDemoNote,
  useSelectionCost,
} from '@/features/tasks';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Spinner } from '@/ui/Spinner.tsx';

/** A paid task shows its cost (`actions/{code}/balance` → data.attributes.cost) before it starts. */
export function CostDialog({
  open,
  onOpenChange,
  code,
  title,
  query,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  code: number;
  /** The task's name, as the selector lists it. */
  title: string;
  query: Query;
  pending: boolean;
  /** Starts the task; `extra` carries `includeDeadFeeds` when the customer ticked it. */
  onConfirm: (extra: Query) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const credits = (value: number) => t('common.credits', { count: value, value: format.number(value) });
  // Tier 2 links that feed a dead tier 1 page are left out unless ticked; each opening starts unticked.
  const [includeDead, setIncludeDead] = useState(false);
  useEffect(() => {
    if (open) setIncludeDead(false);
  }, [open]);
  const extra = deadFeedsQuery(includeDead);
  const cost = useSelectionCost({ code, query: { ...query, ...extra }, enabled: open });
  const missing = creditsMissing(cost.data);
  const demoNote = useDemoNote(code);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onConfirm(extra)} loading={pending} disabled={!cost.data || missing > 0}>
            {t('linksUi.bulk.start')}
          </Button>
        </>
      }
    >
      {cost.isPending ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="size-4" /> {t('linksUi.bulk.costLoading')}
        </p>
      ) : cost.isError ? (
        <Alert tone="error">{cost.error.message}</Alert>
      ) : (
        <div className="flex gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600">
            <Coins className="size-5" aria-hidden />
          </span>
          <p className="text-sm text-ink-muted" data-testid="task-cost">
            {t('linksUi.bulk.costBody', {
              count: cost.data.count,
              value: format.number(cost.data.count),
              cost: credits(cost.data.cost),
              balance: credits(cost.data.balance),
            })}
          </p>
        </div>
      )}
      {cost.data?.deadFeeds ? (
        <div className="mt-4">
          <DeadFeedsChoice
            count={cost.data.deadFeeds}
            include={includeDead}
            onIncludeChange={setIncludeDead}
          />
        </div>
      ) : null}
      <RenderPrice render={cost.data?.render} className="mt-4" />
      {missing > 0 ? <NotEnoughCredits missing={missing} className="mt-4" /> : null}
      {demoNote ? (
        <Alert tone="info" className="mt-4">
          {demoNote}
        </Alert>
      ) : null}
    </Modal>
  );
}
