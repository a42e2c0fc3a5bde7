import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { AreaClosed, Bar, LinePath, Pie } from '@visx/shape';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
// d3's scales straight from visx's vendored d3: the @visx/scale wrappers pull in d3's time formats too.
import { scaleBand, scaleLinear } from '@visx/vendor/d3-scale';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { cn } from '../cn.ts';
import { Legend } from './Legend.tsx';
import { type ChartPoint, ordered, SERIES, type SeriesKey } from './series.ts';

// The drawing half of the chart kit (visx, SVG): only pages with charts load this module, see lazy.tsx.

const DEFAULT_HEIGHT = 220;
/** The widest a bar gets. */
const MAX_BAR = 28;
const MARGIN = { top: 8, bottom: 24 };
/** The narrowest room an x label gets before labels are thinned out. */
const X_LABEL_ROOM = { day: 64, category: 72 };
/** Room right of the plot for half of the last x label, which is centred on its point. */
const RIGHT = { day: 24, category: 8 };
const AXIS_TEXT = { fontSize: 11, fill: '#64748b' };

/** The width of the parent, or the given one (tests, and a browser without ResizeObserver). */
function Sized({
  width,
  height,
  children,
}: {
  width?: number;
  height: number;
  children: (width: number) => ReactNode;
}) {
  if (width !== undefined || typeof ResizeObserver === 'undefined') return children(width ?? 640);
  return (
    <ParentSize style={{ height }}>
      {({ width: measured }) => (measured > 0 ? children(measured) : null)}
    </ParentSize>
  );
}

/** Which x labels to print so that they never overlap: every n-th, counted back from the last point. */
export function labelledIndexes(count: number, width: number, room: number): Set<number> {
  const fits = Math.max(1, Math.floor(width / room));
  const step = Math.ceil(count / fits);
  const shown = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) shown.add(i);
  return shown;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;

export interface SeriesChartProps {
  points: readonly ChartPoint[];
  series: readonly SeriesKey[];
  /** Bars side by side per point, or lines over a light area. */
  kind: 'bars' | 'lines';
  /** Days (`YYYY-MM-DD` keys, printed short in the page language) or named categories. */
  x: 'day' | 'category';
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  /** Fixed width instead of the parent's (tests). */
  width?: number;
  legend?: boolean;
}

/**
 * Counts per day or per category: the y axis starts at zero, the x axis names each point (thinned
 * out when narrow), a tooltip tells every series' value at the pointer, and the keyboard steps
 * through the points (arrows, Home, End; Escape closes the tooltip).
 */
export function SeriesChart(props: SeriesChartProps) {
  const { legend = true, series, points, x } = props;
  const format = useFormat();
  // Held here, outside the measured box (which clips what overflows it), so the tooltip may overflow.
  const tooltip = useTooltip<number>();
  const active = tooltip.tooltipOpen ? tooltip.tooltipData : undefined;
  const point = active === undefined ? undefined : points[active];
  return (
    <div className="relative">
      <Sized width={props.width} height={props.height ?? DEFAULT_HEIGHT}>
        {(width) => <Plot {...props} width={width} tooltip={tooltip} />}
      </Sized>
      {legend ? <Legend series={series} className="mt-2" /> : null}
      {point ? (
        <TooltipWithBounds
          left={tooltip.tooltipLeft}
          top={tooltip.tooltipTop}
          className="pointer-events-none"
        >
          <TooltipBody
            title={x === 'day' ? format.day(point.key) : (point.label ?? point.key)}
            keys={ordered(series)}
            values={point.values}
          />
        </TooltipWithBounds>
      ) : null}
    </div>
  );
}

function Plot({
  points,
  series,
  kind,
  x,
  label,
  height = DEFAULT_HEIGHT,
  width,
  tooltip,
}: SeriesChartProps & { width: number; tooltip: ReturnType<typeof useTooltip<number>> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const keysHint = useId();
  const keys = ordered(series);
  const tick = (p: ChartPoint) => (x === 'day' ? format.dayShort(p.key) : (p.label ?? p.key));
  const title = (p: ChartPoint) => (x === 'day' ? format.day(p.key) : (p.label ?? p.key));

  const max = Math.max(1, ...points.flatMap((p) => keys.map((k) => p.values[k] ?? 0)));
  const y = scaleLinear().domain([0, max]).nice();
  const yTicks = y.ticks(4).filter((v) => Number.isInteger(v));
  const left = 12 + 7 * Math.max(...yTicks.map((v) => format.number(v).length));
  const innerWidth = Math.max(0, width - left - RIGHT[x]);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  y.range([innerHeight, 0]);
  const xs = scaleBand<string>()
    .domain(points.map((p) => p.key))
    .range([0, innerWidth])
    .padding(kind === 'bars' ? 0.25 : 0);
  // A few points get bars of a readable width, centred in their band, not bars as wide as the chart.
  const groupWidth = Math.min(xs.bandwidth(), keys.length * MAX_BAR);
  const groupStart = (xs.bandwidth() - groupWidth) / 2;
  const group = scaleBand<SeriesKey>()
    .domain(keys)
    .range([groupStart, groupStart + groupWidth])
    .padding(0.12);
  const centre = (p: ChartPoint) => (xs(p.key) ?? 0) + xs.bandwidth() / 2;
  const labelled = labelledIndexes(points.length, innerWidth, X_LABEL_ROOM[x]);
  const labelChars = Math.max(3, Math.floor(innerWidth / Math.max(1, labelled.size) / 6.5));
  const active = tooltip.tooltipOpen ? tooltip.tooltipData : undefined;
  const describe = (p: ChartPoint) =>
    `${title(p)}: ${keys.map((k) => `${t(`charts.series.${k}`)} ${format.number(p.values[k] ?? 0)}`).join(', ')}`;

  const show = (index: number) =>
    tooltip.showTooltip({
      tooltipData: index,
      tooltipLeft: left + centre(points[index]),
      tooltipTop: MARGIN.top,
    });
  const onKeyDown = (event: KeyboardEvent) => {
    const last = points.length - 1;
    const current = active ?? last;
    const next: Record<string, number> = {
      ArrowLeft: Math.max(0, current - (active === undefined ? 0 : 1)),
      ArrowRight: Math.min(last, current + (active === undefined ? 0 : 1)),
      Home: 0,
      End: last,
    };
    if (event.key in next && last >= 0) {
      event.preventDefault();
      show(next[event.key]);
    } else if (event.key === 'Escape') tooltip.hideTooltip();
  };

  return (
    <div className="relative">
      {/* Its focus ring is drawn inside: the measured box around it clips what overflows. */}
      {/* A slider over the points: arrows, Home and End step through them, each told by its value text. */}
      <div
        role="slider"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, points.length - 1)}
        aria-valuenow={active ?? Math.max(0, points.length - 1)}
        aria-valuetext={points.length ? describe(points[active ?? points.length - 1]) : undefined}
        aria-describedby={keysHint}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => (points.length ? show(active ?? points.length - 1) : undefined)}
        onBlur={() => tooltip.hideTooltip()}
        onMouseMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const at = Math.floor((event.clientX - box.left - left) / Math.max(1, xs.step()));
          if (at >= 0 && at < points.length) show(at);
          else tooltip.hideTooltip();
        }}
        onMouseLeave={() => tooltip.hideTooltip()}
        className="rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
      >
        <span id={keysHint} className="sr-only">
          {t('charts.keys')}
        </span>
        <svg width={width} height={height} aria-hidden className="block overflow-visible">
          <Group left={left} top={MARGIN.top}>
            {yTicks.map((v) => (
              <g key={v} data-tick-y={v}>
                <line
                  x1={0}
                  x2={innerWidth}
                  y1={y(v)}
                  y2={y(v)}
                  stroke={v === 0 ? '#94a3b8' : '#e2e8f0'}
                  strokeWidth={1}
                  shapeRendering="crispEdges"
                />
                <text x={-8} y={y(v)} dy="0.32em" textAnchor="end" {...AXIS_TEXT}>
                  {format.number(v)}
                </text>
              </g>
            ))}
            {active !== undefined ? (
              // The pointed day: a light band behind its bars, a thin rule through a line chart's points.
              <rect
                x={kind === 'bars' ? (xs(points[active].key) ?? 0) : centre(points[active]) - 0.5}
                width={kind === 'bars' ? xs.bandwidth() : 1}
                y={0}
                height={innerHeight}
                fill={kind === 'bars' ? '#f1f5f9' : '#94a3b8'}
              />
            ) : null}
            {kind === 'bars'
              ? points.map((p) => (
                  <Group key={p.key} left={xs(p.key) ?? 0}>
                    {keys.map((k) => {
                      const value = p.values[k] ?? 0;
                      const top = y(value);
                      return value > 0 ? (
                        <Bar
                          key={k}
                          data-series={k}
                          x={group(k) ?? 0}
                          y={top}
                          width={Math.max(1, group.bandwidth())}
                          height={innerHeight - top}
                          fill={SERIES[k].color}
                          rx={Math.min(2, group.bandwidth() / 2)}
                        />
                      ) : null;
                    })}
                  </Group>
                ))
              : keys.map((k) => (
                  <g key={k} data-series={k}>
                    <AreaClosed
                      data={[...points]}
                      x={centre}
                      y={(p) => y(p.values[k] ?? 0)}
                      yScale={y}
                      fill={SERIES[k].color}
                      fillOpacity={0.08}
                    />
                    <LinePath
                      data={[...points]}
                      x={centre}
                      y={(p) => y(p.values[k] ?? 0)}
                      stroke={SERIES[k].color}
                      strokeWidth={2}
                      strokeLinejoin="round"
                    />
                  </g>
                ))}
            {points.map((p, index) =>
              labelled.has(index) ? (
                <text
                  key={p.key}
                  data-tick-x={p.key}
                  x={centre(p)}
                  y={innerHeight + 16}
                  textAnchor="middle"
                  {...AXIS_TEXT}
                >
                  {clip(tick(p), labelChars)}
                </text>
              ) : null,
            )}
          </Group>
        </svg>
      </div>
    </div>
  );
}

function TooltipBody({
  title,
  keys,
  values,
}: {
  title: string;
  keys: SeriesKey[];
  values: ChartPoint['values'];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="min-w-36 text-xs" data-testid="chart-tooltip">
      <p className="mb-1 font-medium text-ink">{title}</p>
      <ul className="space-y-0.5">
        {keys.map((k) => (
          <li key={k} className="flex items-center justify-between gap-4 text-ink-muted">
            <span className="flex items-center gap-1.5">
              <span className={cn('size-2 rounded-full', SERIES[k].dot)} aria-hidden />
              {t(`charts.series.${k}`)}
            </span>
            <span className="font-medium text-ink tabular-nums">{format.number(values[k] ?? 0)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface DonutSlice {
  key: SeriesKey;
  value: number;
  /** The slice's name when it is not the series' own (an anchor type the server named). */
  label?: string;
}

/** Shares of a whole as a ring, in the legend order; an empty whole draws a grey ring. */
export function Donut({
  slices,
  size = 112,
  thickness = 16,
  label,
  children,
}: {
  slices: readonly DonutSlice[];
  size?: number;
  thickness?: number;
  label: string;
  children?: ReactNode;
}) {
  const order = ordered(slices.map((s) => s.key));
  const data = order.map((key) => slices.find((s) => s.key === key)!).filter((s) => s.value > 0);
  const radius = size / 2;
  return (
    <div className="relative" style={{ width: size, height: size }} role="img" aria-label={label}>
      <svg width={size} height={size} aria-hidden>
        <Group top={radius} left={radius}>
          {data.length === 0 ? (
            <circle r={radius - thickness / 2} fill="none" stroke="#e2e8f0" strokeWidth={thickness} />
          ) : (
            <Pie
              data={data}
              pieValue={(s) => s.value}
              pieSort={null}
              pieSortValues={null}
              outerRadius={radius}
              innerRadius={radius - thickness}
              padAngle={data.length > 1 ? 0.02 : 0}
            >
              {(pie) =>
                pie.arcs.map((arc) => (
                  <path
                    key={arc.data.key}
                    data-series={arc.data.key}
                    d={pie.path(arc) ?? ''}
                    fill={SERIES[arc.data.key].color}
                  />
                ))
              }
            </Pie>
          )}
        </Group>
      </svg>
      {children ? (
        <span className="absolute inset-0 flex flex-col items-center justify-center">{children}</span>
      ) : null}
    </div>
  );
}
