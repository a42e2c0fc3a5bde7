import { CRAWLER_STATUS, type TCrawlerCounts } from '@linkwatch/shared';
import { CircleCheck, Skull, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { cn } from '@/ui/cn.ts';
import { Skeleton } from '@/ui/Spinner.tsx';

type CardSpec = { status: number; key: keyof TCrawlerCounts; icon: ReactNode; tone: string };

/** Active first: what the project has now; then what is new and what died since. */
const CARDS: CardSpec[] = [
  {
    status: CRAWLER_STATUS.Active,
    key: 'active',
    icon: <CircleCheck className="size-5" aria-hidden />,
    tone: 'bg-emerald-50 text-emerald-600',
  },
  {
    status: CRAWLER_STATUS.New,
    key: 'new',
    icon: <Sparkles className="size-5" aria-hidden />,
    tone: 'bg-brand-50 text-brand-600',
  },
  {
    status: CRAWLER_STATUS.Rip,
    key: 'rip',
    icon: <Skull className="size-5" aria-hidden />,
    tone: 'bg-rose-50 text-rose-600',
  },
];

/** The project's records by status (`GET crawlers/counts`); each card filters the table by its status. */
export function CrawlerCounts({
  counts,
  loading,
  status,
  onStatus,
}: {
  counts: TCrawlerCounts | undefined;
  loading: boolean;
  /** The table's status filter ('' for all). */
  status: string;
  onStatus: (status: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul aria-label={t('crawlersUi.counts.label')} className="grid grid-cols-3 gap-2 sm:gap-3">
      {CARDS.map((card) => {
        const name = t(`crawlersUi.counts.${card.key}`);
        const pressed = status === String(card.status);
        return (
          <li key={card.key}>
            <button
              type="button"
              aria-pressed={pressed}
              title={t('crawlersUi.counts.filterBy', { status: name })}
              onClick={() => onStatus(pressed ? '' : String(card.status))}
              data-count={card.key}
              className={cn(
                'flex h-full w-full items-center gap-3 rounded-xl bg-white p-3 text-left sm:p-4 shadow-card ring-1 ring-slate-900/5 transition-shadow hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                pressed && 'ring-2 ring-brand-500 hover:ring-brand-500',
              )}
            >
              <span
                className={cn(
                  'hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex',
                  card.tone,
                )}
              >
                {card.icon}
              </span>
              <span className="min-w-0">
                <span className="block text-xs leading-4 font-medium break-words text-ink-subtle">
                  {name}
                </span>
                {loading ? (
                  <Skeleton className="mt-1 h-6 w-14" />
                ) : (
                  <span className="block text-xl font-semibold text-ink tabular-nums">
                    {format.number(counts?.[card.key] ?? 0)}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
