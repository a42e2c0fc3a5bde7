import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { Donut, isSeriesKey, ordered, SERIES, type SeriesKey } from '@/ui/charts';
import { cn } from '@/ui/cn.ts';
import { Skeleton } from '@/ui/Spinner.tsx';
import {
  type AnchorChart,
  type AnchorChartInfo,
  useAnchorChart,
  useAnchorChartInfo,
} from './api/distribution.ts';

/** A share of the whole in the page language, one decimal under 10 %. */
function useShare() {
  const format = useFormat();
  return (value: number, total: number) => {
    const share = total ? (value / total) * 100 : 0;
    return format.number(share < 10 ? Math.round(share * 10) / 10 : Math.round(share));
  };
}

/**
 * The anchor profile of the page's project and tier: the top anchors by backlinks as bars with their
 * share (the rest summed as "other anchors"), and backlinks per anchor type as a ring. Nothing while
 * no backlink is read: the table below says to run a check.
 */
export function AnchorDistribution({ scope }: { scope: Query }) {
  const { t } = useTranslation();
  const chart = useAnchorChart(scope);
  const info = useAnchorChartInfo(scope);
  if (chart.isError || info.isError) return null;
  if (chart.data && chart.data.total === 0) return null;
  return (
    <Card className="mb-5">
      <CardHeader title={t('charts.anchors.title')} />
      <div className="grid gap-6 p-5 md:grid-cols-[1.6fr_1fr]">
        <section aria-label={t('charts.anchors.top')} className="min-w-0">
          <h3 className="mb-3 text-xs font-medium text-ink-subtle">{t('charts.anchors.top')}</h3>
          {chart.data ? <TopAnchors chart={chart.data} /> : <Skeleton className="h-48 w-full" />}
        </section>
        <section aria-label={t('charts.anchors.kinds')} className="min-w-0">
          <h3 className="mb-3 text-xs font-medium text-ink-subtle">{t('charts.anchors.kinds')}</h3>
          {info.data ? <Kinds info={info.data} /> : <Skeleton className="h-48 w-full" />}
        </section>
      </div>
    </Card>
  );
}

function TopAnchors({ chart }: { chart: AnchorChart }) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = useShare();
  const rows = [
    ...chart.items.map((item) => ({
      key: `a:${item.key}`,
      label: item.title,
      value: item.value,
      other: false,
    })),
    ...(chart.other > 0
      ? [{ key: 'other', label: t('charts.anchors.other'), value: chart.other, other: true }]
      : []),
  ];
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ol className="space-y-2" aria-label={t('charts.anchors.label')}>
      {rows.map((row) => (
        <li
          key={row.key}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm"
        >
          <span className={cn('truncate', row.other ? 'text-ink-subtle' : 'text-ink')} title={row.label}>
            {row.label}
          </span>
          <span className="text-xs whitespace-nowrap text-ink-muted tabular-nums">
            {format.number(row.value)} · {t('charts.anchors.share', { share: share(row.value, chart.total) })}
          </span>
          <span className="col-span-2 h-1.5 rounded-full bg-slate-100" aria-hidden>
            <span
              className={cn('block h-full rounded-full', row.other ? 'bg-slate-400' : 'bg-brand-500')}
              style={{ width: `${(row.value / max) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}

function Kinds({ info }: { info: AnchorChartInfo }) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = useShare();
  const byKey = new Map(info.kinds.map((k) => [String(k.key), k]));
  const keys = ordered([...byKey.keys()].filter(isSeriesKey)) as SeriesKey[];
  const total = info.kinds.reduce((sum, k) => sum + k.value, 0);
  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:gap-6">
      <Donut
        label={t('charts.anchors.kindsLabel')}
        slices={keys.map((key) => ({ key, value: byKey.get(key)?.value ?? 0 }))}
      >
        <span className="text-lg font-semibold text-ink tabular-nums">{format.number(total)}</span>
      </Donut>
      <ul className="w-full min-w-0 flex-1 space-y-1.5 text-sm">
        {keys.map((key) => {
          const kind = byKey.get(key)!;
          return (
            <li key={key} className="flex items-center justify-between gap-3" data-series={key}>
              <span className="flex min-w-0 items-center gap-1.5 text-ink-muted">
                <span className={cn('size-2 shrink-0 rounded-full', SERIES[key].dot)} aria-hidden />
                <span className="truncate">{kind.title}</span>
              </span>
              <span className="shrink-0 text-xs whitespace-nowrap text-ink tabular-nums">
                {format.number(kind.value)} · {t('charts.anchors.share', { share: share(kind.value, total) })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
