import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Query } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { Card } from '@/ui/Card.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useLinkChart, useLinkCodes, useLinkStatistic } from './api/links.ts';

const COLORS = { good: '#10b981', bad: '#f43f5e', unchecked: '#cbd5e1' };

/** Summary of the current list: response codes (donut), indexing and the last 30 days (area chart). */
export function LinkSummary({ query }: { query: Query }) {
  const { t } = useTranslation();
  const format = useFormat();
  const codes = useLinkCodes(query);
  const statistic = useLinkStatistic(query);
  const chart = useLinkChart(query);
  const c = codes.data;
  const indexed = statistic.data?.indexing.find((i) => i.key === 1)?.value ?? 0;
  const notIndexed = statistic.data?.indexing.find((i) => i.key === 2)?.value ?? 0;
  const total = statistic.data?.total ?? 0;
  const pie = c
    ? [
        { name: t('linksUi.summary.good'), value: c.good, fill: COLORS.good },
        { name: t('linksUi.summary.bad'), value: c.bad, fill: COLORS.bad },
        { name: t('linksUi.summary.unchecked'), value: c.unchecked, fill: COLORS.unchecked },
      ]
    : [];
  const figures = [
    { label: t('linksUi.summary.total'), value: total, dot: 'bg-slate-800' },
    { label: t('linksUi.summary.good'), value: c?.good ?? 0, dot: 'bg-emerald-500' },
    { label: t('linksUi.summary.bad'), value: c?.bad ?? 0, dot: 'bg-rose-500' },
    { label: t('linksUi.summary.unchecked'), value: c?.unchecked ?? 0, dot: 'bg-slate-300' },
    { label: t('linksUi.summary.found'), value: c?.found ?? 0, dot: 'bg-teal-500', status: 'found' },
    { label: t('linksUi.summary.missing'), value: c?.missing ?? 0, dot: 'bg-orange-500', status: 'missing' },
    { label: t('linksUi.summary.indexed'), value: indexed, dot: 'bg-indigo-500' },
    { label: t('linksUi.summary.notIndexed'), value: notIndexed, dot: 'bg-amber-400' },
  ];
  const loading = codes.isPending || statistic.isPending;

  return (
    <Card
      className="grid gap-6 p-5 lg:grid-cols-[auto_1fr_1.3fr]"
      aria-label={t('linksUi.summary.title')}
      role="region"
    >
      <div className="flex items-center justify-center">
        {loading ? (
          <Skeleton className="size-28 rounded-full" />
        ) : (
          <div className="relative size-28" role="img" aria-label={t('linksUi.summary.chartLabel')}>
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie
                  data={total ? pie : [{ name: '', value: 1, fill: '#e2e8f0' }]}
                  dataKey="value"
                  innerRadius={38}
                  outerRadius={54}
                  paddingAngle={total ? 2 : 0}
                  stroke="none"
                  isAnimationActive={false}
                />
              </PieChart>
            </ResponsiveContainer>
            <span className="absolute inset-0 flex flex-col items-center justify-center">
              <span className="text-lg font-semibold text-ink tabular-nums">{format.number(total)}</span>
              <span className="text-[11px] text-ink-subtle">{t('linksUi.summary.total')}</span>
            </span>
          </div>
        )}
      </div>
      <dl className="grid grid-cols-2 content-center gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-2">
        {figures.map((f) => (
          <div key={f.label} className="min-w-0" data-figure={f.status}>
            <dt className="flex items-center gap-1.5 truncate text-xs text-ink-subtle">
              <span className={`size-2 rounded-full ${f.dot}`} aria-hidden />
              {f.label}
            </dt>
            <dd className="text-lg font-semibold text-ink tabular-nums">
              {loading ? <Skeleton className="mt-1 h-5 w-10" /> : format.number(f.value)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="min-w-0">
        <p className="mb-1 text-xs font-medium text-ink-subtle">{t('linksUi.summary.chart30')}</p>
        <div className="h-28">
          {chart.data ? (
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={chart.data.days} margin={{ top: 4, right: 4, bottom: 0, left: -28 }}>
                <CartesianGrid vertical={false} stroke="#f1f5f9" />
                <XAxis dataKey="date" hide />
                <YAxis
                  allowDecimals={false}
                  tickLine={false}
                  axisLine={false}
                  fontSize={10}
                  stroke="#94a3b8"
                />
                <Tooltip contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 12 }} />
                <Area
                  type="monotone"
                  dataKey="added"
                  name={t('linksUi.summary.added')}
                  stroke="#6366f1"
                  fill="#6366f1"
                  fillOpacity={0.12}
                  strokeWidth={2}
                />
                <Area
                  type="monotone"
                  dataKey="checked"
                  name={t('linksUi.summary.checked')}
                  stroke="#10b981"
                  fill="#10b981"
                  fillOpacity={0.1}
                  strokeWidth={2}
                />
                <Area
                  type="monotone"
                  dataKey="indexed"
                  name={t('linksUi.summary.indexed')}
                  stroke="#f59e0b"
                  fill="#f59e0b"
                  fillOpacity={0.08}
                  strokeWidth={2}
                />
              </AreaChart>
            </ResponsiveContainer>
          ) : (
            <Skeleton className="h-full w-full" />
          )}
        </div>
      </div>
    </Card>
  );
}
