import { type ChangeWords, changeReading } from '@linkwatch/shared';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Badge } from '@/ui/Badge.tsx';
import type { ReportChange } from './api/types.ts';

type Tone = 'brand' | 'neutral' | 'success' | 'warning' | 'danger';

export function changeTone(change: Pick<ReportChange, 'changesType' | 'new'>): Tone {
  if (change.changesType === 'lost') return 'danger';
  if (change.changesType === 'found') return 'success';
  if (change.changesType === 'responseCode') return change.new === '200' ? 'success' : 'warning';
  if (change.changesType === 'indexingCapability') return change.new === '1' ? 'success' : 'warning';
  if (change.changesType === 'indexing') return change.new === '1' ? 'success' : 'danger';
  if (change.changesType === 'refund') return 'warning';
  return 'brand';
}

/** The type of a change as a coloured tag. */
export function ChangeTypeTag({ change }: { change: Pick<ReportChange, 'changesType' | 'new'> }) {
  const { t } = useTranslation();
  return (
    <Badge tone={changeTone(change)} className="px-2 whitespace-nowrap">
      {t(`reports.changesTypes.${change.changesType}`)}
    </Badge>
  );
}

/** One change in full: its tag, what it was and what it is now. */
export function ChangeDetail({ change }: { change: ReportChange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const type = change.changesType;
  const words = { t: t as unknown as ChangeWords['t'], number: format.number };
  const reading = changeReading(words, change);
  const none = t('reportsUi.item.none');
  const body: React.ReactNode =
    'sentence' in reading ? (
      reading.sentence
    ) : (
      <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
        <span className="break-all text-ink-muted line-through decoration-slate-300">
          {reading.old ?? none}
        </span>
        <ArrowRight className="size-3.5 shrink-0 text-ink-subtle" aria-label="→" />
        <span className="font-medium break-all text-ink">{reading.new ?? none}</span>
      </span>
    );
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2 text-sm" data-change={type}>
      <ChangeTypeTag change={change} />
      <div className="min-w-0 flex-1">
        {body}
        {change.title && type !== 'title' ? (
          <p className="mt-0.5 truncate text-xs text-ink-subtle">
            {t('reportsUi.change.titleOf', { title: change.title })}
          </p>
        ) : null}
      </div>
    </li>
  );
}
