import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { useNearViewport } from '@/lib/useNearViewport.ts';
import { Card } from '@/ui/Card.tsx';
import { allZero, ChartEmpty, dailyPoints, SeriesChart, type SeriesKey } from '@/ui/charts';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useCrawlerChart } from './api/crawlers.ts';

// The chart kit's found/lost pair: a record new in an import is a backlink found, one gone RIP is lost.
const SERIES: SeriesKey[] = ['found', 'lost'];
const CHART_HEIGHT = 140;

/** New and lost records per day (`GET crawlers/chart`), drawn once the card scrolls into view. */
export function CrawlerChart({ query, hasData }: { query: Query; hasData: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const chart = useCrawlerChart(query, near && hasData);
  const points = useMemo(
    () =>
      dailyPoints(
        (chart.data ?? []).map((d) => ({ date: d.date, found: d.new, lost: d.lost })),
        SERIES,
      ),
    [chart.data],
  );
  const title = t('crawlersUi.chart.title');
  return (
    <Card role="region" aria-label={title}>
      <div ref={box} className="p-5 lg:min-h-[222px]">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 className="text-xs font-medium text-ink-subtle">{title}</h2>
          {chart.data && allZero(points) ? (
            <p className="text-xs text-ink-subtle">{t('crawlersUi.chart.quiet')}</p>
          ) : null}
        </div>
        {!hasData ? (
          <ChartEmpty className="lg:h-[164px]" body={t('crawlersUi.chart.empty')} />
        ) : chart.isError ? (
          <ChartEmpty className="lg:h-[164px]" body={chart.error.message} />
        ) : chart.data ? (
          <SeriesChart
            points={points}
            series={SERIES}
            kind="bars"
            x="day"
            height={CHART_HEIGHT}
            label={t('crawlersUi.chart.label')}
          />
        ) : (
          <Skeleton className="h-[164px] w-full" />
        )}
      </div>
    </Card>
  );
}
