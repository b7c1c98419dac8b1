import type { AnalyticsResponse } from '@parley/contracts';
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type FigureKind, formatFigure } from '../analytics-figures';
import { type ChartPoint, seriesChartPoints } from '../analytics-series';

/**
 * The KPIs over the period, one chart each. This module is the only one that imports recharts and is
 * loaded lazily (analytics-page.tsx), so the charts' code is fetched with the page's figures, not with
 * the app's first page. Colours are the theme's CSS variables (src/index.css), so axes, labels and
 * tooltips read in light and dark themes alike.
 */

/** Drawing animations are skipped for readers who asked for less motion (and in screenshots). */
const isMotionReduced =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const CHART_HEIGHT = 192;
const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };

type Metric = {
  key: keyof Pick<ChartPoint, 'draftsPerDay' | 'firstPass' | 'highFlagsPer100' | 'rating'>;
  title: string;
  kind: FigureKind;
  /** A share in 0–100 is shown through the figure's own format, which expects 0–1. */
  toFigure: (value: number) => number;
  shape: 'bar' | 'line';
  colour: string;
  domain?: [number, number];
  ticks?: number[];
};

const METRICS: Metric[] = [
  {
    key: 'draftsPerDay',
    title: 'AI drafts per day',
    kind: 'draftsPerDay',
    toFigure: (v) => v,
    shape: 'bar',
    colour: 'var(--primary)',
  },
  {
    key: 'firstPass',
    title: 'First-pass approval',
    kind: 'firstPass',
    toFigure: (v) => v / 100,
    shape: 'line',
    colour: 'var(--status-pass)',
    domain: [0, 100],
    ticks: [0, 25, 50, 75, 100],
  },
  {
    key: 'highFlagsPer100',
    title: 'High-severity flags per 100 messages',
    kind: 'highFlagsPer100',
    toFigure: (v) => v,
    shape: 'bar',
    colour: 'var(--status-fail)',
  },
  {
    key: 'rating',
    title: 'Average director rating',
    kind: 'rating',
    toFigure: (v) => v,
    shape: 'line',
    colour: 'var(--primary)',
    domain: [1, 5],
    ticks: [1, 2, 3, 4, 5],
  },
];

export default function AnalyticsCharts({ data }: { data: AnalyticsResponse }) {
  const points = useMemo(() => seriesChartPoints(data.series, data.period.bucket), [data]);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Over time</CardTitle>
        <CardDescription>
          {data.period.bucket === 'week'
            ? 'Each point is a week (from Monday).'
            : 'Each point is a day (UTC).'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        {METRICS.map((metric) => (
          <MetricChart key={metric.key} metric={metric} points={points} />
        ))}
      </CardContent>
    </Card>
  );
}

function MetricChart({ metric, points }: { metric: Metric; points: ChartPoint[] }) {
  const Chart = metric.shape === 'bar' ? BarChart : LineChart;
  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="font-medium text-sm">{metric.title}</figcaption>
      <div style={{ height: CHART_HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -8 }} accessibilityLayer>
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="label"
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              minTickGap={16}
            />
            <YAxis
              width={40}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={false}
              allowDecimals={metric.kind !== 'firstPass'}
              {...(metric.domain ? { domain: metric.domain } : {})}
              {...(metric.ticks ? { ticks: metric.ticks } : {})}
            />
            <Tooltip
              content={({ active, payload }) => (
                <PointTooltip isActive={active} point={payload?.[0]?.payload} metric={metric} />
              )}
              cursor={metric.shape === 'bar' ? { fill: 'var(--muted)' } : { stroke: 'var(--border)' }}
              isAnimationActive={!isMotionReduced}
            />
            {metric.shape === 'bar' ? (
              <Bar
                dataKey={metric.key}
                name={metric.title}
                fill={metric.colour}
                radius={[3, 3, 0, 0]}
                maxBarSize={28}
                isAnimationActive={!isMotionReduced}
              />
            ) : (
              <Line
                dataKey={metric.key}
                name={metric.title}
                type="monotone"
                stroke={metric.colour}
                strokeWidth={2}
                dot={{ r: 2.5, fill: metric.colour, strokeWidth: 0 }}
                activeDot={{ r: 4 }}
                connectNulls={false}
                isAnimationActive={!isMotionReduced}
              />
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The tooltip in the popover's colours: the point's day or week and the figure as the cards show it. */
function PointTooltip({
  isActive,
  point,
  metric,
}: {
  isActive: boolean | undefined;
  point: ChartPoint | undefined;
  metric: Metric;
}) {
  if (!isActive || !point) return null;
  const value = point[metric.key];
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md">
      <p className="font-medium">{point.title}</p>
      <p className="text-muted-foreground">
        {metric.title}:{' '}
        <span className="font-medium text-popover-foreground tabular-nums">
          {formatFigure(metric.kind, value === null ? null : metric.toFigure(value))}
        </span>
      </p>
    </div>
  );
}
