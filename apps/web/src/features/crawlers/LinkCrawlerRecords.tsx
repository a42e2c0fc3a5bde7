import { CRAWLER_STATUS } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Badge } from '@/ui/Badge.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useLinkCrawlers } from './api/linkCrawlers.ts';

const TONE = { 1: 'brand', 2: 'success', 3: 'danger' } as const;

/**
 * The link side panel's crawler section: "Seen by Backlink database since 3 Mar 2026" or "RIP in
 * Search console since …", one line per source that reported the page.
 */
export function LinkCrawlerRecords({ linkId }: { linkId: number | null }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const records = useLinkCrawlers(linkId);
  if (records.isPending) return <Skeleton className="h-12 w-full" />;
  if (records.isError) return <p className="text-sm text-rose-600">{records.error.message}</p>;
  if (records.data.length === 0)
    return <p className="text-sm text-ink-subtle">{t('crawlersUi.panel.none')}</p>;
  return (
    <ul className="space-y-2" aria-label={t('crawlersUi.panel.title')}>
      {records.data.map(({ id, attributes: a }) => {
        const rip = a.status === CRAWLER_STATUS.Rip;
        return (
          <li
            key={id}
            className="flex flex-wrap items-center gap-2 rounded-lg p-3 text-sm ring-1 ring-slate-200"
            data-crawler-record
          >
            <Badge tone={TONE[a.status as 1 | 2 | 3] ?? 'neutral'}>{a.statusText}</Badge>
            <span className="text-ink">
              {rip
                ? t('crawlersUi.panel.ripSince', {
                    source: a.sourceText,
                    date: date(a.removedAt ?? a.lastSeenAt),
                  })
                : t('crawlersUi.panel.seenSince', { source: a.sourceText, date: date(a.firstSeenAt) })}
            </span>
            {rip ? null : (
              <span className="text-xs text-ink-subtle">
                {t('crawlersUi.panel.lastSeen', { date: date(a.lastSeenAt) })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
