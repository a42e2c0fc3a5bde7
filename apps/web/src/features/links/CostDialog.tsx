import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { creditsMissing, NotEnoughCredits, useDemoNote, useSelectionCost } from '@/features/tasks';
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
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const credits = (value: number) => t('common.credits', { count: value, value: format.number(value) });
  const cost = useSelectionCost({ code, query, enabled: open });
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
          <Button onClick={onConfirm} loading={pending} disabled={!cost.data || missing > 0}>
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
      {missing > 0 ? <NotEnoughCredits missing={missing} className="mt-4" /> : null}
      {demoNote ? (
        <Alert tone="info" className="mt-4">
          {demoNote}
        </Alert>
      ) : null}
    </Modal>
  );
}
