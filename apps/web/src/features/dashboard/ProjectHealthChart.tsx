import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listPath } from '@/features/links';
import type { Project } from '@/features/projects';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { ChartEmpty, type ChartPoint, SeriesChart, type SeriesKey } from '@/ui/charts';

const MAX_BARS = 12;
const SERIES: SeriesKey[] = ['good', 'bad', 'indexed'];

/**
 * Good and bad response codes and indexed links, one group of bars per project. Before any check
 * it says so, and opens the project with the most links, whose campaigns carry the check button.
 */
export function ProjectHealthChart({ projects }: { projects: readonly Project[] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const points: ChartPoint[] = projects.slice(0, MAX_BARS).map((p) => ({
    key: String(p.id),
    label: p.attributes.name,
    values: {
      good: p.attributes.statistic?.goodCode ?? 0,
      bad: p.attributes.statistic?.badCode ?? 0,
      indexed: p.attributes.statistic?.indexed ?? 0,
    },
  }));
  const drawn = points.some((p) => SERIES.some((k) => (p.values[k] ?? 0) > 0));
  if (drawn)
    return (
      <SeriesChart
        points={points}
        series={SERIES}
        kind="bars"
        x="category"
        height={240}
        label={t('projects.dashboard.chart.title')}
      />
    );
  const withLinks = [...projects]
    .filter((p) => (p.attributes.statistic?.total ?? 0) > 0)
    .sort((a, b) => (b.attributes.statistic?.total ?? 0) - (a.attributes.statistic?.total ?? 0))[0];
  if (!withLinks) return <ChartEmpty className="h-56" body={t('projects.dashboard.chart.empty')} />;
  return (
    <ChartEmpty
      className="h-56"
      title={t('charts.runCheck.title')}
      body={t('charts.runCheck.dashboard', { button: t('tasks.actions.2') })}
      action={
        <Link
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          to={to(listPath('project', { type: 'active', tier: 1, id: withLinks.id }))}
        >
          {t('charts.runCheck.open', { name: withLinks.attributes.name })}
        </Link>
      }
    />
  );
}
