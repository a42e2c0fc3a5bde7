import { useTranslation } from 'react-i18next';
import { cn } from '../cn.ts';
import { ordered, SERIES, type SeriesKey } from './series.ts';

/** The series of a chart in the one fixed order, each with its colour. */
export function Legend({ series, className }: { series: readonly SeriesKey[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('charts.legend')}
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-ink-muted', className)}
    >
      {ordered(series).map((key) => (
        <li key={key} className="flex items-center gap-1.5" data-series={key}>
          <span className={cn('size-2 shrink-0 rounded-full', SERIES[key].dot)} aria-hidden />
          {t(`charts.series.${key}`)}
        </li>
      ))}
    </ul>
  );
}
