import type { ReportChangeType } from '@linkwatch/shared';
import type { TFunction } from 'i18next';
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

/** Stored values are codes (response code or group, robots status, link kinds): shown as words. */
export function changeValue(t: TFunction, type: ReportChangeType, value: string | null): string {
  if (value === null || value === '') return t('reportsUi.item.none');
  if (type === 'responseCode') {
    const code = Number(value);
    // Values under 100 are the response-code groups of spec point 4 (no HTTP answer came).
    return code > 0 && code < 100
      ? t(`links.responseCodeGroup.${code}` as 'links.responseCodeGroup.1', { defaultValue: value })
      : value;
  }
  if (type === 'indexingCapability')
    return t(`links.robotsStatus.${value}` as 'links.robotsStatus.1', { defaultValue: value });
  if (type === 'indexing') return t(`links.indexing.${value}` as 'links.indexing.1', { defaultValue: value });
  if (type === 'kind')
    return value
      .split(',')
      .map((id) =>
        t(`links.backlinkType.${id.trim()}` as 'links.backlinkType.1', { defaultValue: id.trim() }),
      )
      .join(', ');
  return value;
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
  const credits = (value: number) => t('common.credits', { count: value, value: format.number(value) });
  const type = change.changesType;
  const old = type === 'title' ? (change.oldTitle ?? change.old) : change.old;
  const now = type === 'title' ? (change.newTitle ?? change.new) : change.new;
  let body: React.ReactNode;
  if (type === 'lost') body = t('reportsUi.change.lost');
  else if (type === 'refund') body = t('reportsUi.change.refund', { credits: credits(Number(now ?? 0)) });
  else if (type === 'found' && (old === null || old === '0')) body = t('reportsUi.change.found');
  else
    body = (
      <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
        <span className="break-all text-ink-muted line-through decoration-slate-300">
          {changeValue(t, type, old)}
        </span>
        <ArrowRight className="size-3.5 shrink-0 text-ink-subtle" aria-label="→" />
        <span className="font-medium break-all text-ink">{changeValue(t, type, now)}</span>
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
