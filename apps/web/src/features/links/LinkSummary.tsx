import { filterValue, LinkListType } from '@linkwatch/shared';
import { memo, type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { useNearViewport } from '@/lib/useNearViewport.ts';
import { Card } from '@/ui/Card.tsx';
import { allZero, ChartEmpty, Donut, dailyPoints, SERIES, SeriesChart, type SeriesKey } from '@/ui/charts';
import { cn } from '@/ui/cn.ts';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useFoundLostTrend, useLinkChart, useLinkCodes, useLinkStatistic } from './api/links.ts';

const ACTIVITY: SeriesKey[] = ['added', 'checked', 'indexed'];
const TREND: SeriesKey[] = ['found', 'lost'];
const CHART_HEIGHT = 120;

/**
 * Summary of the current list: response codes (a ring), the figures, and two charts of the last 30
 * days, links added, checked and indexed, and backlinks found and lost. With no links, the charts'
 * place says how to add them; while links exist and none is checked, it says to run a check, with the
 * header's button named. Memoised: the page
 * re-renders as its reads come in, the summary only when its own do.
 */
export const LinkSummary = memo(function LinkSummary({ query }: { query: Query }) {
  const { t } = useTranslation();
  const format = useFormat();
  const codes = useLinkCodes(query);
  const statistic = useLinkStatistic(query);
  // The charts sit below the figures, under the fold on a phone: their data waits until they are near.
  const charts = useRef<HTMLDivElement>(null);
  const chartsNear = useNearViewport(charts);
  const chart = useLinkChart(query, chartsNear);
  const trend = useFoundLostTrend(query, chartsNear);
  const c = codes.data;
  const indexed = statistic.data?.indexing.find((i) => i.key === 1)?.value ?? 0;
  const notIndexed = statistic.data?.indexing.find((i) => i.key === 2)?.value ?? 0;
  const total = statistic.data?.total ?? 0;
  const figures = [
    { label: t('linksUi.summary.total'), value: total, dot: 'bg-slate-800' },
    { label: t('linksUi.summary.good'), value: c?.good ?? 0, dot: SERIES.good.dot },
    { label: t('linksUi.summary.bad'), value: c?.bad ?? 0, dot: SERIES.bad.dot },
    { label: t('linksUi.summary.unchecked'), value: c?.unchecked ?? 0, dot: SERIES.unchecked.dot },
    { label: t('linksUi.summary.found'), value: c?.found ?? 0, dot: SERIES.found.dot, status: 'found' },
    { label: t('linksUi.summary.missing'), value: c?.missing ?? 0, dot: SERIES.lost.dot, status: 'missing' },
    { label: t('linksUi.summary.indexed'), value: indexed, dot: SERIES.indexed.dot },
    { label: t('linksUi.summary.notIndexed'), value: notIndexed, dot: 'bg-amber-400' },
  ];
  const loading = codes.isPending || statistic.isPending;
  const noLinks = !loading && total === 0;
  const noneChecked = !loading && total > 0 && (c?.unchecked ?? 0) >= total;
  const activity = useMemo(() => dailyPoints(chart.data?.days ?? [], ACTIVITY), [chart.data]);
  const foundLost = useMemo(() => dailyPoints(trend.data?.days ?? [], TREND), [trend.data]);

  return (
    <Card aria-label={t('linksUi.summary.title')} role="region">
      <div className="grid gap-6 p-5 md:grid-cols-[auto_1fr]">
        <div className="flex items-center justify-center">
          {loading ? (
            <Skeleton className="size-28 rounded-full" />
          ) : (
            <Donut
              label={t('linksUi.summary.chartLabel')}
              slices={[
                { key: 'good', value: c?.good ?? 0 },
                { key: 'bad', value: c?.bad ?? 0 },
                { key: 'unchecked', value: c?.unchecked ?? 0 },
              ]}
            >
              <span className="text-lg font-semibold text-ink tabular-nums">{format.number(total)}</span>
              <span className="text-[11px] text-ink-subtle">{t('linksUi.summary.total')}</span>
            </Donut>
          )}
        </div>
        <dl className="grid grid-cols-2 content-center gap-x-6 gap-y-3 sm:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="min-w-0" data-figure={f.status}>
              {/* Labels wrap rather than being cut: ru and ua words are long. */}
              <dt className="flex items-start gap-1.5 text-xs leading-4 text-ink-subtle [overflow-wrap:anywhere]">
                <span className={cn('mt-1 size-2 shrink-0 rounded-full', f.dot)} aria-hidden />
                {f.label}
              </dt>
              <dd className="text-lg font-semibold text-ink tabular-nums">
                {loading ? <Skeleton className="mt-1 h-5 w-10" /> : format.number(f.value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {/* As tall as the charts it stands for, so the page does not jump when the counts arrive. */}
      <div ref={charts} className="border-t border-line p-5 lg:min-h-[209px]">
        {noLinks ? (
          <ChartEmpty
            className="lg:h-[168px]"
            title={t('charts.noLinks.title')}
            body={
              filterValue(query, 'type') === LinkListType.Active
                ? t('charts.noLinks.upload', { button: t('linksUi.toolbar.upload') })
                : t('charts.noLinks.list')
            }
          />
        ) : noneChecked ? (
          <ChartEmpty
            className="lg:h-[168px]"
            title={t('charts.runCheck.title')}
            body={t('charts.runCheck.here', { button: t('tasks.actions.2') })}
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <ChartPanel title={t('charts.activity.title')}>
              {chart.data ? (
                <SeriesChart
                  points={activity}
                  series={ACTIVITY}
                  kind="lines"
                  x="day"
                  height={CHART_HEIGHT}
                  label={t('charts.activity.label')}
                />
              ) : (
                <Skeleton className="h-36 w-full" />
              )}
            </ChartPanel>
            <ChartPanel
              title={t('charts.trend.title')}
              note={trend.data && allZero(foundLost) ? t('charts.trend.quiet') : undefined}
            >
              {trend.data ? (
                <SeriesChart
                  points={foundLost}
                  series={TREND}
                  kind="bars"
                  x="day"
                  height={CHART_HEIGHT}
                  label={t('charts.trend.label')}
                />
              ) : (
                <Skeleton className="h-36 w-full" />
              )}
            </ChartPanel>
          </div>
        )}
      </div>
    </Card>
  );
});

function ChartPanel({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="min-w-0" aria-label={title}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-xs font-medium text-ink-subtle">{title}</h3>
        {note ? <p className="text-xs text-ink-subtle">{note}</p> : null}
      </div>
      {children}
    </section>
  );
}
