import { Camera, ChevronRight, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportEvidence } from '@/features/evidence';
import { useFormat } from '@/lib/format.ts';
import { Badge } from '@/ui/Badge.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { cn } from '@/ui/cn.ts';
import type { ReportLink } from './api/types.ts';
import { ChangeDetail, ChangeTypeTag } from './ChangeTag.tsx';

/** A page whose backlinks changed: a summary line with tags, expanding into every change. */
export function ReportItem({
  item,
  selected,
  onSelect,
  isNew,
}: {
  item: ReportLink;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const a = item.attributes;
  const distinct = [...new Map(a.changes.map((c) => [c.changesType, c])).values()];
  return (
    <li
      className={cn('border-b border-slate-100 last:border-b-0', selected && 'bg-brand-50/50')}
      data-report-link={item.id}
    >
      <div className="flex items-start gap-3 px-5 py-3">
        <Checkbox
          className="mt-1"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('reportsUi.selectItem', { url: a.url })}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={t('reportsUi.item.expand', { url: a.url })}
          onClick={() => setOpen((v) => !v)}
          className="-m-1 mt-0 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden />
        </button>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <button
              type="button"
              onClick={() => setOpen((v) => !v)}
              className="truncate text-left text-sm font-medium text-ink hover:text-brand-700"
              title={a.url}
              tabIndex={-1}
            >
              {a.url}
            </button>
            <a
              href={a.url}
              target="_blank"
              rel="noreferrer noopener"
              className="shrink-0 text-slate-400 hover:text-brand-600"
              aria-label={t('reportsUi.item.openPage')}
            >
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
            {isNew ? <Badge tone="brand">{t('reportsUi.item.new')}</Badge> : null}
            {a.evidence ? (
              <Badge tone="neutral" title={t('reportsUi.item.evidenceHint')} className="shrink-0">
                <Camera className="mr-1 inline size-3" aria-hidden />
                {t('reportsUi.item.evidence')}
              </Badge>
            ) : null}
          </div>
          <p className="mt-0.5 text-xs text-ink-subtle">
            {[
              a.campaignName,
              a.actionId ? t('reportsUi.item.task', { id: a.actionId }) : null,
              a.actorName ? t('reportsUi.item.startedBy', { name: a.actorName }) : null,
              format.dateTime(a.createdAt),
              t('reportsUi.item.changes', {
                count: a.changes.length,
                value: format.number(a.changes.length),
              }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="hidden max-w-[45%] flex-wrap justify-end gap-1.5 sm:flex">
          {distinct.map((change) => (
            <ChangeTypeTag key={change.changesType} change={change} />
          ))}
        </div>
      </div>
      {open ? (
        <div id={panelId} className="mr-5 mb-3 ml-5 space-y-3 sm:ml-[4.25rem]">
          <ul className="divide-y divide-slate-100 rounded-lg bg-slate-50/70 px-4 ring-1 ring-slate-200/70 ring-inset">
            {a.changes.map((change) => (
              <ChangeDetail key={change.id} change={change} />
            ))}
          </ul>
          {a.evidence ? <ReportEvidence reportLinkId={item.id} /> : null}
        </div>
      ) : null}
    </li>
  );
}
