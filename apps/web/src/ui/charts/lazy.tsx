import { lazy, type ReactNode, Suspense } from 'react';
import { Skeleton } from '../Spinner.tsx';
import type { DonutSlice, SeriesChartProps } from './charts.tsx';

// The chart kit's drawing half is a chunk of its own, fetched by the first chart a page shows: pages
// without charts never load it, and the pages with charts show their figures before it arrives.
const load = () => import('./charts.tsx');
const LazySeriesChart = lazy(() => load().then((m) => ({ default: m.SeriesChart })));
const LazyDonut = lazy(() => load().then((m) => ({ default: m.Donut })));

function Placeholder({ height, width, round }: { height: number; width?: number; round?: boolean }) {
  return (
    <div style={{ height, width }}>
      <Skeleton className={round ? 'size-full rounded-full' : 'size-full'} />
    </div>
  );
}

export function SeriesChart(props: SeriesChartProps) {
  return (
    <Suspense fallback={<Placeholder height={(props.height ?? 220) + (props.legend === false ? 0 : 24)} />}>
      <LazySeriesChart {...props} />
    </Suspense>
  );
}

export function Donut(props: {
  slices: readonly DonutSlice[];
  size?: number;
  thickness?: number;
  label: string;
  children?: ReactNode;
}) {
  const size = props.size ?? 112;
  return (
    <Suspense fallback={<Placeholder height={size} width={size} round />}>
      <LazyDonut {...props} />
    </Suspense>
  );
}
