import { ActionCode, type TActionCost } from '@linkwatch/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type Query } from '@/api/client.ts';
import {
  creditsMissing,
  DeadFeedsChoice,
  deadFeedsQuery,
  NotEnoughCredits,
  useDemoNote,
  useSelectionCost,
} from '@/features/tasks';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Field } from '@/ui/Field.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Select } from '@/ui/Select.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';

/** The drip feed's choices (days the pages are spread over); the server takes 1–14. */
export const SPREAD_DAYS = [1, 2, 3, 5, 7, 14] as const;
/** spec: "Indexing advice: spread over at least 2 days", so the advice is the default. */
export const DEFAULT_SPREAD_DAYS = 2;

function CostLine({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1.5">
      <dt className="text-ink-muted">{label}</dt>
      <dd className={strong ? 'font-semibold text-ink tabular-nums' : 'text-ink tabular-nums'}>{value}</dd>
    </div>
  );
}

/** Selected → left out → sent and charged, then the money: the sent pages alone are paid for. */
function CostSummary({ cost }: { cost: TActionCost }) {
  const { t } = useTranslation();
  const format = useFormat();
  const credits = (value: number) => t('tasksUi.cost.credits', { count: value, value: format.number(value) });
  const left = cost.selected - cost.count;
  return (
    <dl
      className="divide-y divide-slate-200 rounded-lg bg-slate-50 px-4 py-2 text-sm ring-1 ring-slate-200 ring-inset"
      data-testid="task-cost"
    >
      <CostLine label={t('linksUi.addToIndex.selected')} value={format.number(cost.selected)} />
      {left > 0 ? <CostLine label={t('linksUi.addToIndex.leftOut')} value={format.number(left)} /> : null}
      <CostLine label={t('linksUi.addToIndex.sent')} value={format.number(cost.count)} strong />
      <CostLine label={t('linksUi.addToIndex.price')} value={credits(cost.price)} />
      <CostLine label={t('linksUi.addToIndex.cost')} value={credits(cost.cost)} strong />
      <CostLine label={t('linksUi.addToIndex.balance')} value={credits(cost.balance)} />
    </dl>
  );
}

/** Why the left-out pages are not sent, one line per reason, in the server's words and order. */
function SkippedList({ skipped }: { skipped: TActionCost['skipped'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  if (skipped.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium text-ink">
        {t('linksUi.addToIndex.skippedTitle')}
      </h3>
      <ul className="mt-2 space-y-1.5 text-sm" data-testid="skipped-reasons">
        {skipped.map((item) => (
          <li key={item.reason} data-reason={item.reason} className="flex items-baseline gap-2">
            <span className="min-w-8 rounded-md bg-slate-100 px-1.5 text-center font-medium text-ink tabular-nums">
              {format.number(item.count)}
            </span>
            <span className="text-ink-muted">{item.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DaysField({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = (value: number) =>
    value === 1
      ? t('linksUi.addToIndex.allAtOnce')
      : t('linksUi.addToIndex.days', { count: value, value: format.number(value) });
  return (
    <Field label={t('linksUi.addToIndex.spreadOver')} hint={t('linksUi.addToIndex.advice')}>
      {(control) => (
        <Select
          {...control}
          name="days"
          className="w-full"
          value={String(days)}
          options={SPREAD_DAYS.map((value) => ({ value: String(value), label: label(value) }))}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      )}
    </Field>
  );
}

function LoadingCost() {
  return (
    <div className="space-y-2 py-2" aria-busy="true">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

type AddToIndexDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selection, as every task call sends it (`links[]`, the campaign). */
  query: Query;
  pending: boolean;
  /** Starts the task with the chosen drip feed (`days`), and `includeDeadFeeds` when ticked. */
  onConfirm: (days: number, extra: Query) => void;
};

/**
 * The indexing request's confirmation (action 3): the server leaves out the selected pages that cannot
 * be indexed according to their latest backlink check and charges only the rest, so the dialog shows
 * both before anything is paid, with the reasons; Start stays off when nothing would be sent.
 */
export function AddToIndexDialog({ open, onOpenChange, query, pending, onConfirm }: AddToIndexDialogProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(DEFAULT_SPREAD_DAYS);
  const blockedId = useId();
  const [includeDead, setIncludeDead] = useState(false);
  const extra = deadFeedsQuery(includeDead);
  const cost = useSelectionCost({
    code: ActionCode.AddToIndex,
    query: { ...query, ...extra },
    enabled: open,
  });
  const demoNote = useDemoNote(ActionCode.AddToIndex);
  // Each opening starts from the advice, not from what an earlier request chose.
  useEffect(() => {
    if (!open) return;
    setDays(DEFAULT_SPREAD_DAYS);
    setIncludeDead(false);
  }, [open]);

  const c = cost.data;
  const missing = creditsMissing(c);
  const nothingToSend = c !== undefined && c.count === 0;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('linksUi.bulk.actions.addToIndex')}
      description={t('linksUi.addToIndex.description')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => onConfirm(days, extra)}
            loading={pending}
            disabled={!c || missing > 0 || nothingToSend}
            aria-describedby={nothingToSend ? blockedId : undefined}
          >
            {t('linksUi.bulk.start')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {demoNote ? <Alert tone="info">{demoNote}</Alert> : null}
        {c ? <CostSummary cost={c} /> : cost.isError ? null : <LoadingCost />}
        {c ? <SkippedList skipped={c.skipped} /> : null}
        <DeadFeedsChoice count={c?.deadFeeds} include={includeDead} onIncludeChange={setIncludeDead} />
        {nothingToSend ? (
          <div id={blockedId}>
            <Alert tone="warning">{t('linksUi.addToIndex.nothingToSend')}</Alert>
          </div>
        ) : c ? (
          <DaysField days={days} onChange={setDays} />
        ) : null}
        {missing > 0 ? <NotEnoughCredits missing={missing} /> : null}
        {cost.isError ? (
          <Alert tone="error">
            {isApiError(cost.error) ? cost.error.fullMessage : t('common.requestFailed')}
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
