import { ActionCode } from '@linkwatch/shared';
import { RefreshCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useDemoNote, useUnavailableReason } from '@/features/tasks';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { useStartLinkTask } from './api/bulk.ts';
import type { IndexHistory, Link } from './api/links.ts';
import { IndexingBadge } from './cells.tsx';

/** A one-link task with the panel's notices: done when the link has been read again. */
function useOneLinkTask(linkId: number, action: number) {
  const { t } = useTranslation();
  return useStartLinkTask(linkId, action, {
    onSuccess: () => notify.success(t('linksUi.panel.checkDone')),
    onError: (error) => notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed')),
  });
}

/** The panel header's refresh: checks the link's page again. */
export function RecheckLinkButton({ linkId }: { linkId: number }) {
  const { t } = useTranslation();
  const recheck = useOneLinkTask(linkId, ActionCode.CheckBacklinks);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('linksUi.panel.refresh')}
      title={t('linksUi.panel.refresh')}
      onClick={() => recheck.mutate()}
      disabled={recheck.isPending}
    >
      <RefreshCw className={cn('size-4', recheck.isPending && 'animate-spin')} aria-hidden />
    </Button>
  );
}

/** The panel's indexing options: the state, when and by whom it was read, its history, a re-check. */
export function LinkIndexing({ link, history }: { link: Link; history: readonly IndexHistory[] }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const a = link.attributes;
  const unavailable = useUnavailableReason(ActionCode.CheckIndexing);
  const demoNote = useDemoNote(ActionCode.CheckIndexing);
  const check = useOneLinkTask(link.id, ActionCode.CheckIndexing);
  // The check is a paid task (issue 27: `tasks.start`); a member without it reads the history only.
  const canStart = useCan('tasks.start');
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <IndexingBadge link={a} />
        <span className="text-ink-muted">
          {a.dateCheckIndexing
            ? t('linksUi.panel.indexingCheckedOn', { date: date(a.dateCheckIndexing, true) })
            : t('linksUi.panel.indexingNever')}
        </span>
        {canStart ? (
          <Button
            variant="secondary"
            size="sm"
            className="ml-auto"
            icon={<Search className="size-3.5" aria-hidden />}
            loading={check.isPending}
            aria-disabled={unavailable !== null || undefined}
            aria-describedby={unavailable ? 'link-indexing-unavailable' : undefined}
            onClick={() => unavailable === null && check.mutate()}
          >
            {t('linksUi.panel.checkIndexing')}
          </Button>
        ) : null}
      </div>
      {canStart && (unavailable || demoNote) ? (
        <p id="link-indexing-unavailable" className="text-xs text-ink-muted">
          {unavailable ?? demoNote}
        </p>
      ) : null}
      {history.length > 0 ? (
        <ul className="space-y-1.5 text-sm" aria-label={t('linksUi.panel.indexHistory')}>
          {history.map((h) => (
            <li key={h.id} className="flex justify-between gap-3">
              <span className="text-ink-muted tabular-nums">{date(h.attributes.createdAt, true)}</span>
              <span>
                {h.attributes.valueText}
                {h.attributes.provider ? (
                  <span className="text-ink-subtle"> · {h.attributes.provider}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
