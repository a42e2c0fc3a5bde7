import { CRAWLER_STATUS } from '@linkwatch/shared';
import { ExternalLink, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { type DataColumn, dataColumns } from '@/ui/DataTable.tsx';
import { type CrawlerList, type CrawlerRecord, campaignsOf } from './api/crawlers.ts';

const col = dataColumns<CrawlerRecord>();
const STATUS_TONE = { 1: 'brand', 2: 'success', 3: 'danger' } as const;
const withoutProtocol = (url: string) => url.replace(/^https?:\/\//i, '');

type ColumnOptions = {
  records: readonly CrawlerRecord[];
  included: CrawlerList['included'];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  /** Add one untracked record's page to a campaign; left out without links.manage (issue 27). */
  onTrack?: (record: CrawlerRecord) => void;
};

/** spec point 3's crawler link record as table columns: link, source, status, dates, target, anchor… */
export function useCrawlerColumns({
  records,
  included,
  selected,
  onToggle,
  onToggleAll,
  onTrack,
}: ColumnOptions): DataColumn<CrawlerRecord>[] {
  const { t } = useTranslation();
  const { date, day } = useFormat();
  const allChecked = records.length > 0 && records.every((r) => selected.has(Number(r.id)));
  const someChecked = !allChecked && records.some((r) => selected.has(Number(r.id)));

  return useMemo(
    () => [
      col.display({
        id: 'select',
        meta: { label: t('crawlersUi.columns.selectAll'), fixed: true, card: 'select', className: 'w-10' },
        header: () => (
          <Checkbox
            aria-label={t('crawlersUi.columns.selectAll')}
            checked={allChecked}
            indeterminate={someChecked}
            disabled={records.length === 0}
            onChange={(e) => onToggleAll(e.target.checked)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={t('crawlersUi.columns.selectRow', {
              url: withoutProtocol(row.original.attributes.link),
            })}
            checked={selected.has(Number(row.original.id))}
            onChange={() => onToggle(Number(row.original.id))}
          />
        ),
      }),
      col.display({
        id: 'link',
        meta: {
          label: t('crawlersUi.columns.link'),
          sort: 'link',
          fixed: true,
          card: 'lead',
          className: 'w-full min-w-52 max-w-0',
        },
        cell: ({ row, table }) => {
          const { link, sourceText } = row.original.attributes;
          // The source sits under the link unless its own column is turned on: the table keeps its width.
          const sourceShown = table.getColumn('source')?.getIsVisible();
          return (
            <>
              <div className="flex items-center gap-1.5">
                <span className="min-w-0 truncate font-medium text-ink" title={link}>
                  {withoutProtocol(link)}
                </span>
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="shrink-0 rounded text-slate-400 hover:text-slate-600"
                  aria-label={t('crawlersUi.columns.openExternal')}
                >
                  <ExternalLink className="size-3.5" aria-hidden />
                </a>
              </div>
              {sourceShown ? null : <p className="truncate text-xs text-ink-subtle">{sourceText}</p>}
            </>
          );
        },
      }),
      col.display({
        id: 'source',
        meta: {
          label: t('crawlersUi.columns.source'),
          card: 'field',
          defaultHidden: true,
          className: 'whitespace-nowrap',
        },
        cell: ({ row }) => row.original.attributes.sourceText,
      }),
      col.display({
        id: 'status',
        meta: { label: t('crawlersUi.columns.status'), sort: 'status', card: 'essential' },
        cell: ({ row }) => {
          const a = row.original.attributes;
          return (
            <Badge tone={STATUS_TONE[a.status as 1 | 2 | 3] ?? 'neutral'}>
              <span data-status={a.status}>{a.statusText}</span>
            </Badge>
          );
        },
      }),
      // What the file said (its date column, or the export's last or first seen), shown by default: the
      // dates beside it are when Linkwatch's imports first and last found the page.
      col.display({
        id: 'seenOn',
        meta: {
          label: t('crawlersUi.columns.seenOn'),
          card: 'field',
          className: 'whitespace-nowrap',
        },
        cell: ({ row }) => {
          const seenOn = row.original.attributes.seenOn;
          return seenOn ? day(seenOn) : '—';
        },
      }),
      col.display({
        id: 'firstSeen',
        meta: {
          label: t('crawlersUi.columns.firstSeen'),
          sort: 'firstSeenAt',
          card: 'field',
          className: 'whitespace-nowrap text-ink-muted',
        },
        cell: ({ row }) => date(row.original.attributes.firstSeenAt),
      }),
      col.display({
        id: 'lastSeen',
        meta: {
          label: t('crawlersUi.columns.lastSeen'),
          sort: 'lastSeenAt',
          card: 'field',
          className: 'whitespace-nowrap text-ink-muted',
        },
        cell: ({ row }) => {
          const a = row.original.attributes;
          return a.status === CRAWLER_STATUS.Rip && a.removedAt ? (
            <span
              className="text-rose-700"
              title={t('crawlersUi.columns.ripSince', { date: date(a.removedAt) })}
            >
              <span className="sr-only">RIP </span>
              {date(a.removedAt)}
            </span>
          ) : (
            date(a.lastSeenAt)
          );
        },
      }),
      col.display({
        id: 'target',
        meta: { label: t('crawlersUi.columns.target'), card: 'field' },
        cell: ({ row }) => {
          const target = row.original.attributes.targetUrl;
          return (
            <p className="max-w-56 truncate text-ink-muted" title={target ?? undefined}>
              {target ? withoutProtocol(target) : '—'}
            </p>
          );
        },
      }),
      col.display({
        id: 'anchor',
        meta: { label: t('crawlersUi.columns.anchor'), card: 'field' },
        cell: ({ row }) => {
          const anchor = row.original.attributes.anchor;
          return (
            <p className="max-w-48 truncate" title={anchor ?? undefined}>
              {anchor || '—'}
            </p>
          );
        },
      }),
      col.display({
        id: 'nofollow',
        meta: { label: t('crawlersUi.columns.nofollow'), card: 'field', defaultHidden: false },
        cell: ({ row }) => {
          const value = row.original.attributes.nofollow;
          return value === null ? '—' : value ? t('crawlersUi.columns.yes') : t('crawlersUi.columns.no');
        },
      }),
      col.display({
        id: 'campaigns',
        meta: { label: t('crawlersUi.columns.campaigns'), card: 'essential' },
        cell: ({ row }) => {
          const record = row.original;
          const campaigns = campaignsOf(record, included);
          if (record.attributes.tracked && campaigns.length === 0)
            return <Badge tone="success">{t('crawlersUi.columns.tracked')}</Badge>;
          if (record.attributes.tracked)
            return (
              <div className="flex max-w-56 flex-wrap gap-1">
                {campaigns.map((c) => (
                  <Badge key={c.id} tone="success">
                    {c.attributes.name}
                  </Badge>
                ))}
              </div>
            );
          if (!onTrack) return null;
          return (
            <Button
              variant="ghost"
              size="sm"
              className="whitespace-nowrap"
              icon={<Plus className="size-3.5" aria-hidden />}
              aria-label={t('crawlersUi.columns.trackOne', { url: withoutProtocol(record.attributes.link) })}
              onClick={() => onTrack(record)}
            >
              {t('crawlersUi.columns.track')}
            </Button>
          );
        },
      }),
    ],
    [t, date, day, records, included, selected, allChecked, someChecked, onToggle, onToggleAll, onTrack],
  );
}
