import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Project } from '@/features/projects';

const MAX_BARS = 12;

/** Good and bad response codes and indexed links, one group of bars per project. */
export function ProjectHealthChart({ projects }: { projects: readonly Project[] }) {
  const { t } = useTranslation();
  const data = projects.slice(0, MAX_BARS).map((p) => ({
    name: p.attributes.name,
    good: p.attributes.statistic?.goodCode ?? 0,
    bad: p.attributes.statistic?.badCode ?? 0,
    indexed: p.attributes.statistic?.indexed ?? 0,
  }));
  const empty = data.every((d) => d.good + d.bad + d.indexed === 0);
  if (empty)
    return (
      <div className="flex h-56 items-center justify-center rounded-lg border border-dashed border-slate-200 px-6 text-center text-sm text-ink-subtle">
        {t('projects.dashboard.chart.empty')}
      </div>
    );
  return (
    <div className="h-64" role="img" aria-label={t('projects.dashboard.chart.title')}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={2}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="name" tickLine={false} axisLine={false} fontSize={12} stroke="#64748b" />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} stroke="#64748b" />
          <Tooltip
            cursor={{ fill: '#f1f5f9' }}
            contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 12 }}
          />
          <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="good"
            name={t('projects.dashboard.chart.good')}
            fill="#10b981"
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
          />
          <Bar
            dataKey="bad"
            name={t('projects.dashboard.chart.bad')}
            fill="#f43f5e"
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
          />
          <Bar
            dataKey="indexed"
            name={t('projects.dashboard.chart.indexed')}
            fill="#6366f1"
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
