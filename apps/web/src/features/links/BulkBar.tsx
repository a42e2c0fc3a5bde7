import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type Query } from '@/api/client.ts';
import { AddToDisavowDialog } from '@/features/disavow';
import { useActionPrices, useTaskTypes } from '@/features/tasks';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { Select, type SelectOption } from '@/ui/Select.tsx';
import { BULK_ACTIONS, type BulkAction, useStartBulkAction, useTaskWatcher } from './api/bulk.ts';
import { AddToIndexDialog, CostDialog, MoveDialog } from './bulkDialogs.tsx';
import type { ListType } from './route.ts';

/** Which actions each tab offers (spec point 4 transitions). */
export const ACTIONS_BY_TYPE: Record<ListType, readonly BulkAction[]> = {
  active: [
    'checkBacklinks',
    'checkIndexing',
    'addToIndex',
    'checkAuthority',
    'addToHistory',
    'addToDisallow',
    'move',
    'remove',
  ],
  history: ['recoverFromHistory', 'move', 'remove'],
  disallow: ['recoverFromDisallow', 'move', 'remove'],
};

/** The actions that cost credits: they show their price in the list and their cost before they start. */
const PAID: ReadonlySet<BulkAction> = new Set([
  'checkBacklinks',
  'checkIndexing',
  'addToIndex',
  'checkAuthority',
]);
/** The paid checks confirmed by the plain cost dialog; an indexing request has its own (left-out pages, days). */
const COST_CHECKED = ['checkBacklinks', 'checkIndexing', 'checkAuthority'] as const;

/**
 * The actions the current account lets the user start (issue 27): each is a task (tasks.start); the
 * list moves and the removal also change the links (links.manage). An owner holds both.
 */
export function useAllowedActions(type: ListType): readonly BulkAction[] {
  const canStart = useCan('tasks.start');
  const canManage = useCan('links.manage');
  if (!canStart) return [];
  return ACTIONS_BY_TYPE[type].filter((a) => PAID.has(a) || canManage);
}

/**
 * The selector's entries: a paid action with its price per link, one whose outside service is not
 * configured listed but disabled, with the reason instead of a price. The prices are read once the bar
 * shows (a link is ticked), not with every list page.
 */
function useActionOptions(actions: readonly BulkAction[], shown: boolean): SelectOption[] {
  const { t } = useTranslation();
  const format = useFormat();
  const prices = useActionPrices(shown);
  const types = useTaskTypes();
  return actions.map((a) => {
    const name = t(`linksUi.bulk.actions.${a}`);
    const known = types.data?.find((type) => type.id === BULK_ACTIONS[a]);
    if (known && !known.available) {
      return { value: a, label: `${name} — ${known.unavailableReason ?? ''}`, disabled: true };
    }
    const price = PAID.has(a) ? prices.data?.get(BULK_ACTIONS[a]) : undefined;
    if (price === undefined) return { value: a, label: name };
    const perLink = t('tasksUi.cost.price', {
      value: t('tasksUi.cost.credits', { count: price, value: format.number(price) }),
    });
    return { value: a, label: `${name} · ${perLink}` };
  });
}

type BulkBarProps = {
  type: ListType;
  selected: readonly number[];
  /** Extra query of every task call (the campaign of a campaign page). */
  scope: Query;
  onClear: () => void;
  /** Project of the page: the move dialog offers its campaigns first; the disavow list is its. */
  projectId?: string | number;
  /** The table's filters (`filter[...]`) and how many links they select: "Add all filtered to disavow". */
  filtered?: { filter: Query; count: number | undefined };
};

/**
 * The selected-count bar and the bulk-action selector. Each action starts a task
 * (`POST actions/{code}/start?links[]=…`); checks show their cost first, removal asks to confirm.
 */
export function BulkBar({ type, selected, scope, onClear, projectId, filtered }: BulkBarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [action, setAction] = useState<BulkAction | ''>('');
  const [dialog, setDialog] = useState<BulkAction | null>(null);
  const [disavow, setDisavow] = useState<'selected' | 'filtered' | null>(null);
  const watch = useTaskWatcher();
  const count = selected.length;
  const query: Query = { ...scope, links: selected };

  const start = useStartBulkAction(query, {
    onSuccess: (result, { code }) => {
      const name = t(`linksUi.bulk.actions.${code}`);
      // An indexing request works on the pages it did not leave out, not on every selected one.
      const worked = code === 'addToIndex' ? result.data.attributes.totalCount : count;
      notify.success(
        t('linksUi.bulk.started', { action: name, count: worked, value: format.number(worked) }),
      );
      setDialog(null);
      setAction('');
      onClear();
      void watch(result.data);
    },
    // With its field errors: an indexing request's 'days' out of range says so (spec point 8's message first).
    onError: (error) =>
      isApiError(error)
        ? notify.error(error.fullMessage, error.hint)
        : notify.error(error instanceof Error ? error.message : t('common.requestFailed')),
  });

  const apply = () => {
    if (!action) return;
    if (PAID.has(action) || action === 'remove' || action === 'move') setDialog(action);
    else start.mutate({ code: action });
  };
  const actions = useAllowedActions(type);
  const options = useActionOptions(actions, count > 0);
  // Adding to the disavow list changes the project's links (links.manage).
  const canDisavow = useCan('links.manage') && projectId !== undefined;

  if (count === 0 || (actions.length === 0 && !canDisavow)) return null;
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
      {/* The disavow buttons wrap under the action select on a narrow screen instead of running off it. */}
      <div className="ml-auto flex max-w-full flex-wrap items-center justify-end gap-2">
        {actions.length > 0 ? (
          <div className="flex min-w-0 items-center gap-2">
            <Select
              size="sm"
              className="w-60 sm:w-96"
              aria-label={t('linksUi.bulk.action')}
              value={action}
              onChange={(e) => setAction(e.target.value as BulkAction | '')}
              placeholder={t('linksUi.bulk.choose')}
              options={options}
            />
            <Button size="sm" onClick={apply} disabled={!action} loading={start.isPending && dialog === null}>
              {t('linksUi.bulk.apply')}
            </Button>
          </div>
        ) : null}
        {canDisavow ? (
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => setDisavow('selected')}>
              {t('disavow.addSelected')}
            </Button>
            {filtered ? (
              <Button size="sm" variant="ghost" onClick={() => setDisavow('filtered')}>
                {t('disavow.addFiltered')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {canDisavow ? (
        <AddToDisavowDialog
          open={disavow !== null}
          onOpenChange={(open) => !open && setDisavow(null)}
          projectId={projectId}
          selection={disavow === 'filtered' && filtered ? filtered : { links: selected }}
        />
      ) : null}
      {COST_CHECKED.map((paid) => (
        <CostDialog
          key={paid}
          open={dialog === paid}
          onOpenChange={(open) => setDialog(open ? paid : null)}
          code={BULK_ACTIONS[paid]}
          title={t(`linksUi.bulk.actions.${paid}`)}
          query={query}
          pending={start.isPending}
          onConfirm={(extra) => start.mutate({ code: paid, extra })}
        />
      ))}
      <AddToIndexDialog
        open={dialog === 'addToIndex'}
        onOpenChange={(open) => setDialog(open ? 'addToIndex' : null)}
        query={query}
        pending={start.isPending}
        onConfirm={(days, extra) => start.mutate({ code: 'addToIndex', extra: { days, ...extra } })}
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
