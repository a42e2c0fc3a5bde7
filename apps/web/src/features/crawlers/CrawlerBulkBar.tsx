import { Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { useRemoveCrawlers } from './api/crawlerWrites.ts';

/** The ticked records: how many, clear, add their pages to a campaign, delete them (after a question). */
export function CrawlerBulkBar({
  project,
  selected,
  onClear,
  onTrack,
}: {
  project: string;
  selected: readonly number[];
  onClear: () => void;
  onTrack: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const count = selected.length;
  const remove = useRemoveCrawlers(
    { project, ids: selected },
    {
      onSuccess: ({ data }) => {
        notify.success(
          t('crawlersUi.bulk.deleted', { count: data.deleted, value: format.number(data.deleted) }),
        );
        onClear();
      },
      onError: (error) => notify.error(isApiError(error) ? error.fullMessage : error.message),
    },
  );
  if (count === 0) return null;
  return (
    <section
      className="flex flex-wrap items-center gap-3 border-b border-brand-100 bg-brand-50/70 px-5 py-2.5"
      aria-label={t('crawlersUi.bulk.label')}
    >
      <span className="text-sm font-medium text-brand-900" aria-live="polite">
        {t('crawlersUi.bulk.selected', { count, value: format.number(count) })}
      </span>
      <Button variant="ghost" size="sm" icon={<X className="size-3.5" aria-hidden />} onClick={onClear}>
        {t('crawlersUi.bulk.clear')}
      </Button>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={onTrack}
        >
          {t('crawlersUi.bulk.track')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          icon={<Trash2 className="size-3.5" aria-hidden />}
          loading={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('crawlersUi.bulk.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('crawlersUi.bulk.deleteTitle', { count, value: format.number(count) })}
        body={t('crawlersUi.bulk.deleteBody')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('crawlersUi.bulk.delete')}
        onConfirm={() => remove.mutate()}
      />
    </section>
  );
}
