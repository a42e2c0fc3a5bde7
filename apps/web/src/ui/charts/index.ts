// The chart kit: series (fixed order and colours), legend and empty state load with the page; the
// drawings (visx) come in a chunk of their own through lazy.tsx.
export { ChartEmpty } from './ChartEmpty.tsx';
export { Legend } from './Legend.tsx';
export { Donut, SeriesChart } from './lazy.tsx';
export {
  allZero,
  type ChartPoint,
  dailyPoints,
  isSeriesKey,
  ordered,
  SERIES,
  type SeriesKey,
} from './series.ts';
