import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { actionsApi } from '@/features/tasks';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { BULK_ACTIONS, type BulkAction, useTaskWatcher } from './api/bulk.ts';
import { CostDialog } from './CostDialog.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import type { ListType } from './route.ts';

/** Which actions each tab offers (spec point 4 transitions). */
export const ACTIONS_BY_TYPE: Record<ListType, readonly BulkAction[]> = {
  active: ['checkBacklinks', 'addToHistory', 'addToDisallow', 'move', 'remove'],
  history: ['recoverFromHistory', 'move', 'remove'],
  disallow: ['recoverFromDisallow', 'move', 'remove'],
};

type BulkBarProps = {
  type: ListType;
  selected: readonly number[];
  /** Extra query of every task call (the campaign of a campaign page). */
  scope: Query;
  onClear: () => void;
  /** Project of the page: the move dialog offers its campaigns first. */
  projectId?: string | number;
};

/**
 * The selected-count bar and the bulk-action selector. Each action starts a task
 * (`POST actions/{code}/start?links[]=…`); checks show their cost first, removal asks to confirm.
 */
export function BulkBar({ type, selected, scope, onClear, projectId }: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [action, setAction] = useState<BulkAction | ''>('');
  const [dialog, setDialog] = useState<BulkAction | null>(null);
  const watch = useTaskWatcher();
  const count = selected.length;
  const query: Query = { ...scope, links: selected };

  const start = useMutation({
    mutationFn: ({ code, extra }: { code: BulkAction; extra?: Query }) =>
      actionsApi.start(BULK_ACTIONS[code], { ...query, ...extra }),
    onSuccess: (result, { code }) => {
      const name = t(`linksUi.bulk.actions.${code}`);
      notify.success(t('linksUi.bulk.started', { action: name, count, value: format.number(count) }));
      setDialog(null);
      setAction('');
      onClear();
      void watch(result.data);
    },
    onError: (error) => notify.error(error instanceof Error ? error.message : t('common.requestFailed')),
  });

  const apply = () => {
    if (!action) return;
    if (action === 'checkBacklinks' || action === 'remove' || action === 'move') setDialog(action);
    else start.mutate({ code: action });
  };

  if (count === 0) return null;
  return (
    <section
      className="flex flex-wrap items-center gap-3 border-b border-brand-100 bg-brand-50/70 px-5 py-2.5"
      aria-label={t('linksUi.bulk.action')}
    >
      <span className="text-sm font-medium text-brand-900" aria-live="polite">
        {t('linksUi.bulk.selected', { count, value: format.number(count) })}
      </span>
      <Button variant="ghost" size="sm" icon={<X className="size-3.5" aria-hidden />} onClick={onClear}>
        {t('linksUi.bulk.clear')}
      </Button>
      <div className="ml-auto flex items-center gap-2">
        <Select
          size="sm"
          className="w-60"
          aria-label={t('linksUi.bulk.action')}
          value={action}
          onChange={(e) => setAction(e.target.value as BulkAction | '')}
          placeholder={t('linksUi.bulk.choose')}
          options={ACTIONS_BY_TYPE[type].map((a) => ({ value: a, label: t(`linksUi.bulk.actions.${a}`) }))}
        />
        <Button size="sm" onClick={apply} disabled={!action} loading={start.isPending && dialog === null}>
          {t('linksUi.bulk.apply')}
        </Button>
      </div>
      <CostDialog
        open={dialog === 'checkBacklinks'}
        onOpenChange={(open) => setDialog(open ? 'checkBacklinks' : null)}
        code={BULK_ACTIONS.checkBacklinks}
        query={query}
        pending={start.isPending}
        onConfirm={() => start.mutate({ code: 'checkBacklinks' })}
      />
      <MoveDialog
        open={dialog === 'move'}
        onOpenChange={(open) => setDialog(open ? 'move' : null)}
        count={count}
        projectId={projectId}
        pending={start.isPending}
        onConfirm={(target) => start.mutate({ code: 'move', extra: { targetCampaign: target } })}
      />
      <ConfirmDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => setDialog(open ? 'remove' : null)}
        title={t('linksUi.bulk.removeTitle', { count, value: format.number(count) })}
        body={t('linksUi.bulk.removeBody')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('linksUi.bulk.actions.remove')}
        onConfirm={() => start.mutate({ code: 'remove' })}
      />
    </section>
  );
}
