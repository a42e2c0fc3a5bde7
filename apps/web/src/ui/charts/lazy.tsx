import { lazy, type ReactNode, Suspense } from 'react';
import { usePageShown } from '@/lib/afterPageLoad.ts';
import { Skeleton } from '../Spinner.tsx';
import type { DonutSlice, SeriesChartProps } from './charts.tsx';

// The chart kit's drawing half is a chunk of its own, fetched by the first chart a page shows: pages
// without charts never load it, and the pages with charts show their figures before it arrives.
let loaded = false;
const load = () =>
  import('./charts.tsx').then((module) => {
    loaded = true;
    return module;
  });

/**
 * Whether a chart may draw: once the first page has been shown (lib/afterPageLoad.ts), or at once when the
 * kit is already in. A cold load's first screen (the campaign page's codes ring) then paints its title and
 * figures before the kit's 16 KB start downloading, instead of sharing a phone's connections with them.
 */
function useMayDraw(): boolean {
  return usePageShown() || loaded;
}

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
  const placeholder = <Placeholder height={(props.height ?? 220) + (props.legend === false ? 0 : 24)} />;
  if (!useMayDraw()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
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
  const placeholder = <Placeholder height={size} width={size} round />;
  if (!useMayDraw()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LazyDonut {...props} />
    </Suspense>
  );
}
